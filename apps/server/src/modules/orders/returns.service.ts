import { recordAudit } from '../audit/audit.repository';
import { approvalFor, type StaffAct } from '../staff/pin.service';
import { approved } from './pay.service';
import { hundredths, linesTotal, orderAmounts } from '@bazar/contracts/money';
import {
  ORDER_STATUS,
  type Order,
  type OrderWithTimeline,
  type PaymentMethod,
} from '@bazar/contracts/orders';
import type { DbOrTx } from '../../db/client';
import { smsTexts } from '../sms/sms-texts';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { AppError, Invalid, NotFound } from '../../lib/errors';
import { openShiftId } from '../shifts/shifts.service';
import { lockStock } from '../stock/stock.service';
import * as money from './order-payments.repository';
import { giveBack, restate } from '../money/money.repository';
import * as repo from './orders.repository';

export type ReturnInput = {
  lines: Array<{ product_id: number; quantity: number }>;
  refund?: { method: PaymentMethod; amount: number; reference?: string | null | undefined } | undefined;
  reason: string;
  /**
   * Packing found the shelf short (`POST /api/order/{id}/short`): the quantity comes off an order
   * not delivered yet, stock does not move (the shelf never had it: the book already counted it
   * out), no approval is asked, and what was paid beyond the new total goes to the customer's
   * advance (in cash without an account).
   */
  shelfShort?: boolean;
};

/** 409: more of a line than was sold (minus what came back before). */
class OverReturn extends AppError {
  constructor(lines: Array<{ product_id: number; title: string; attri: string; available: number }>) {
    super(409, 'conflict', say('orders.returnTooMuch'), undefined, {
      lines,
    });
  }
}

/**
 * Goods brought back against an order (online or till), in one transaction:
 * - never more of a product than the order sold, less earlier returns (409 naming the lines);
 * - the quantities go back to stock through the stock core (ledger reason `return`) unless the
 *   order was cancelled (its stock is back already: nothing to return then);
 * - they are worth their lines' sale price by the money rule, but never more than the order still
 *   charges (a discount is not paid out);
 * - the money back is exactly what the order was paid beyond its new total (`refund.amount`, 422
 *   otherwise), a negative payment row by the chosen method (`balance`: into the customer's
 *   advance) with the return's id; the order's totals, paid and due follow.
 * An exchange is a return plus a new sale.
 */
export async function returnGoods(
  ctx: Ctx,
  act: StaffAct,
  orderId: number,
  input: ReturnInput,
): Promise<{ id: number; order: Order }> {
  const staffId = act.user.id;
  // A cashier's return needs a manager (refused before anything is read).
  const approver = input.shelfShort
    ? null
    : approvalFor(act.user, 'return', act.approver, say('approval.return'));
  const returnId = await ctx.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, orderId, true);
    if (!order) throw new NotFound(say('orders.notFound'));
    if (order.status === ORDER_STATUS.canceled) {
      throw new AppError(409, 'conflict', say('orders.cancelled'));
    }
    if (input.shelfShort && order.status === ORDER_STATUS.delivered) {
      throw new AppError(409, 'conflict', say('riders.shortDone'));
    }
    const sold = ((await repo.linesOf(tx, [orderId])).get(orderId) ?? []).filter((l) => l.productId !== null);
    const before = await money.returnedQuantities(tx, orderId);

    // What may come back: each product's sold quantity less earlier returns (hundredths).
    const asked = new Map<number, number>();
    for (const l of input.lines)
      asked.set(l.product_id, (asked.get(l.product_id) ?? 0) + hundredths(l.quantity));
    const over: Array<{ product_id: number; title: string; attri: string; available: number }> = [];
    const back: Parameters<typeof money.insertReturn>[2] = [];
    for (const [productId, h] of asked) {
      const lines = sold.filter((l) => l.productId === productId);
      const first = lines[0];
      const left =
        lines.reduce((sum, l) => sum + hundredths(Number(l.quantity)), 0) - (before.get(productId) ?? 0);
      if (!first || h > left) {
        over.push({
          product_id: productId,
          title: first?.title ?? 'Not sold on this order',
          attri: first?.attri ?? '',
          available: Math.max(0, left) / 100,
        });
        continue;
      }
      back.push({
        productId,
        title: first.title,
        attri: first.attri,
        price: first.price,
        buyprice: first.buyprice,
        quantity: h / 100,
      });
    }
    if (over.length) throw new OverReturn(over);

    const amounts = orderAmounts(order);
    const value = Math.min(linesTotal(back), amounts.net, Math.max(0, amounts.total));
    const refundable = Math.max(0, amounts.paid - (amounts.total - value));
    if (input.shelfShort && refundable > 0) {
      input.refund = { method: order.userId === null ? 'cash' : 'balance', amount: refundable };
    }
    const refund = input.refund?.amount ?? 0;
    if (refund !== refundable) {
      throw new Invalid(
        'refund',
        refundable === 0 ? say('orders.nothingBack') : say('orders.moneyBack', { amount: refundable }),
      );
    }

    const shiftId = await openShiftId(tx, staffId);
    const id = await money.insertReturn(
      tx,
      { orderId, value, reason: input.reason, userId: staffId, shiftId },
      back,
    );
    if (!input.shelfShort) {
      const lock = await lockStock(
        ctx,
        tx,
        back.map((l) => l.productId),
      );
      await lock.move(
        back.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        'in',
        'return',
        { orderId, userId: staffId },
      );
    }
    if (input.refund && refund > 0) {
      const back = { amount: refund, method: input.refund.method, reference: input.refund.reference ?? null };
      await giveBack(tx, order, { ...back, returnId: id }, { userId: staffId, shiftId });
    }
    await restate(tx, orderId, { returned: order.returned + value });
    const detail = { return_id: id, value, refund, method: input.refund?.method ?? null };
    if (approver) await approved(tx, act, approver, 'return', orderId, detail);
    if (input.shelfShort) await tellShort(ctx, tx, order, back, value);
    await recordAudit(tx, act.actor, {
      action: input.shelfShort ? 'line_short' : 'goods_returned',
      entity: 'order',
      entityId: orderId,
      changes: { ...detail, lines: back.map((l) => ({ product_id: l.productId, quantity: l.quantity })) },
    });
    return id;
  });
  const row = await repo.findOrder(ctx.db, orderId);
  if (!row) throw new NotFound(say('orders.notFound'));
  const [order] = await repo.withLines(ctx.db, [row]);
  if (!order) throw new NotFound(say('orders.notFound'));
  return { id: returnId, order };
}

/** The customer of an online order told, once, what came off it and its new total. */
async function tellShort(
  ctx: Ctx,
  tx: DbOrTx,
  order: repo.OrderRow,
  back: Array<{ title: string; attri: string; quantity: number }>,
  value: number,
): Promise<void> {
  if (!order.online || order.userId === null) return;
  const customer = await repo.customerContact(tx, order.userId);
  if (!customer) return;
  const product = back.map((l) => (l.attri ? `${l.title} (${l.attri})` : l.title)).join(', ');
  const total = orderAmounts(order).total - value;
  await ctx.sms.enqueue(tx, [
    {
      to: customer.phone,
      kind: 'order',
      message: smsTexts(customer.lang).itemShort({ id: order.id, product, total }),
    },
  ]);
}

/** `POST /api/order/{id}/short`: a product the shelf is short of comes off the order (see ReturnInput). */
export async function markShort(
  ctx: Ctx,
  act: StaffAct,
  orderId: number,
  short: { product_id: number; quantity: number },
): Promise<OrderWithTimeline> {
  const { order } = await returnGoods(ctx, act, orderId, {
    lines: [short],
    reason: 'Short on the shelf',
    shelfShort: true,
  });
  return order;
}
