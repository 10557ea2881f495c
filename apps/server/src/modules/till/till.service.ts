import { ORDER_STATUS, type Order, type PaymentMethod } from '@bazar/contracts/orders';
import { isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AmountLarge, Invalid } from '../../lib/errors';
import type { SessionUser } from '../auth/auth.repository';
import { findCustomerByPhone, updateCustomer } from '../customers/customers.repository';
import { lineValues, priceLines, stockLines, subtotalOf, type LineInput } from '../orders/order-lines';
import * as repo from '../orders/orders.repository';
import { lockStock, ShortStock } from '../stock/stock.service';

export type TillOrderInput = {
  name: string;
  phone: string;
  address: string;
  area: string;
  note?: string | null | undefined;
  ship: number;
  discount: number;
  paid: number;
  method: PaymentMethod;
  reference?: string | null | undefined;
  carts: LineInput[];
};

/**
 * A sale at the till, in one transaction. Lines are priced from the database like online orders;
 * the till sets shipping, discount and the amount received now (never more than what is owed:
 * "Amount is large"). The till sells what is physically there, so stock may go below zero, but a
 * product that no longer exists fails the sale (409). The goods are handed over, so the order is
 * Delivered. With a known customer (by phone) the order is linked to the account and the amount
 * received is taken from the customer's advance balance first (not below 0), as the spec's till does.
 */
export async function placeTillOrder(
  ctx: Ctx,
  staff: SessionUser,
  input: TillOrderInput,
  idempotencyKey?: string,
): Promise<{ order: Order; replay: boolean }> {
  // A retried or double-clicked sale with the same key answers the sale already made.
  const key = idempotencyKey ? `${staff.id}:${idempotencyKey}` : null;
  const replay = async () => {
    const existing = key ? await repo.findTillSaleByKey(ctx.db, key) : undefined;
    if (!existing) return undefined;
    const [order] = await repo.withLines(ctx.db, [existing]);
    return order ? { order, replay: true } : undefined;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return { order: await sell(ctx, staff, input, key), replay: false };
  } catch (err) {
    if (key && isUniqueViolation(err)) {
      const same = await replay();
      if (same) return same;
    }
    throw err;
  }
}

function sell(ctx: Ctx, staff: SessionUser, input: TillOrderInput, key: string | null): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const lock = await lockStock(
      ctx,
      tx,
      input.carts.map((l) => l.product_id),
    );
    const gone = lock.gone(input.carts.map((l) => l.product_id));
    if (gone.length) throw new ShortStock(gone);
    const priced = priceLines(input.carts, lock);
    const subtotal = subtotalOf(priced, input.ship);
    const total = subtotal + input.ship;
    if (input.discount > total) throw new Invalid('discount', 'The discount is more than the total.');
    if (input.paid > total - input.discount) throw new AmountLarge();
    const customer = input.phone ? await findCustomerByPhone(tx, input.phone, true) : undefined;
    const { row, lines } = await repo.insertOrder(
      tx,
      {
        userId: customer?.id ?? null,
        name: input.name || customer?.name || 'Walk-in customer',
        phone: input.phone,
        address: input.address || customer?.address || '',
        area: input.area || customer?.area || '',
        note: input.note ?? '',
        subtotal,
        ship: input.ship,
        discount: input.discount,
        paid: input.paid,
        due: total - input.discount - input.paid,
        status: ORDER_STATUS.delivered,
        online: false,
        terminal: 1,
        idempotencyKey: key,
      },
      lineValues(priced),
    );
    await lock.move(stockLines(priced), 'out', 'order', { orderId: row.id, userId: staff.id });
    if (input.paid > 0) {
      await repo.insertPayment(tx, {
        orderId: row.id,
        amount: input.paid,
        method: input.method,
        reference: input.reference ?? null,
        userId: staff.id,
      });
    }
    if (customer && input.paid > 0 && customer.balance > 0) {
      await updateCustomer(tx, customer.id, { balance: Math.max(0, customer.balance - input.paid) });
    }
    return repo.toOrder(row, lines);
  });
}
