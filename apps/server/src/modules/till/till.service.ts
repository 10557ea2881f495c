import { ORDER_STATUS, type Order, type TillPayment } from '@bazar/contracts/orders';
import { isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AmountLarge, Invalid } from '../../lib/errors';
import type { SessionUser } from '../auth/auth.repository';
import { findCustomerByPhone, updateCustomer } from '../customers/customers.repository';
import { lineValues, priceLines, stockLines, subtotalOf, type LineInput } from '../orders/order-lines';
import * as repo from '../orders/orders.repository';
import { settle, type Tender } from '../orders/settle';
import { openShiftId } from '../shifts/shifts.service';
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
  method: 'cash' | 'bkash' | 'nagad';
  reference?: string | null | undefined;
  /** Several payments at once; without them `paid` by `method` is the one payment (the spec's till). */
  payments?: TillPayment[] | undefined;
  carts: LineInput[];
};

/**
 * A sale at the till, in one transaction. Lines are priced from the database like online orders;
 * the till sets shipping, discount and the money received: several payments (cash, bKash, Nagad,
 * card, the customer's advance), cash above the bill coming back as change (settle.ts), or the
 * spec's one `paid` by `method` (never more than what is owed: "Amount is large"). The till sells
 * what is physically there, so stock may go below zero, but a product that no longer exists fails
 * the sale (409). The goods are handed over, so the order is Delivered. It records the cashier and
 * their open shift. With a known customer (by phone) the order is linked to the account; a
 * `balance` payment is taken from their advance (422 if it is not there), and with the spec's
 * `paid` the amount received is taken from the advance first (not below 0), as the spec's till does.
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
    const owed = total - input.discount;
    const tenders: Tender[] =
      input.payments ??
      (input.paid > 0 ? [{ method: input.method, amount: input.paid, reference: input.reference }] : []);
    if (!input.payments && input.paid > owed) throw new AmountLarge();
    const money = settle(owed, tenders);

    const customer = input.phone ? await findCustomerByPhone(tx, input.phone, true) : undefined;
    const fromAdvance = money.rows
      .filter((r) => r.method === 'balance')
      .reduce((sum, r) => sum + r.amount, 0);
    if (fromAdvance > 0) {
      if (!customer)
        throw new Invalid('payments', "Pay from the advance balance needs the customer's phone.");
      if (fromAdvance > customer.balance) {
        throw new Invalid('payments', `The customer's advance balance is ${customer.balance} BDT.`);
      }
    }
    const shiftId = await openShiftId(tx, staff.id);
    const { row } = await repo.insertOrder(
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
        paid: money.paid,
        due: owed - money.paid,
        status: ORDER_STATUS.delivered,
        online: false,
        terminal: 1,
        idempotencyKey: key,
        staffId: staff.id,
        shiftId,
      },
      lineValues(priced),
    );
    await lock.move(stockLines(priced), 'out', 'order', { orderId: row.id, userId: staff.id });
    await repo.insertPayments(
      tx,
      money.rows.map((r) => ({ ...r, orderId: row.id, userId: staff.id, shiftId })),
    );
    if (customer) {
      if (fromAdvance > 0) {
        await updateCustomer(tx, customer.id, { balance: customer.balance - fromAdvance });
      } else if (!input.payments && money.paid > 0 && customer.balance > 0) {
        // The spec's till: the amount received lowers the customer's balance (not below 0).
        await updateCustomer(tx, customer.id, { balance: Math.max(0, customer.balance - money.paid) });
      }
    }
    const [order] = await repo.withLines(tx, [row]);
    if (!order) throw new Error(`order ${row.id} vanished`);
    return order;
  });
}
