import type { Order, OrderWithTimeline } from '@bazar/contracts/orders';
import { say } from '@bazar/contracts/messages';
import { receiptRefOf } from '@bazar/contracts/receipt-code';
import { inSnapshot, type DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { can } from '../auth/can';
import { Forbidden, NotFound } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import type { SessionUser } from '../auth/auth.repository';
import { listOrders, orderFilterTotals, type OrderFilter } from './order-filter.repository';
import * as repo from './orders.repository';

async function answer(db: DbOrTx, row: repo.OrderRow): Promise<Order> {
  const [order] = await repo.withLines(db, [row]);
  if (!order) throw new NotFound(say('orders.notFound'));
  return order;
}

/** An order the caller may see (its owner, or staff who may view orders), with its timeline oldest first. */
export async function readOrder(ctx: Ctx, user: SessionUser, id: number): Promise<OrderWithTimeline> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row) throw new NotFound(say('orders.notFound'));
  if (!can(user, 'orders.view') && row.userId !== user.id) throw new Forbidden();
  const timeline = await repo.timelineOf(ctx.db, id);
  const staff = can(user, 'orders.view');
  return {
    ...(await answer(ctx.db, row)),
    // Staff see who made each step; the customer sees only a rider's name (the SMS gave it).
    timeline: timeline.map((e) => ({
      status: e.status,
      at: e.at.toISOString(),
      ...((staff || e.rider) && e.by !== null && { by: e.by }),
      ...(e.failed !== null && { failed: e.failed, note: e.note }),
    })),
  };
}

/**
 * The sale a receipt names (`GET /api/order/receipt/{number}`): by the order's id, or by the
 * provisional number a till printed offline. Two sales with one provisional number (a till whose
 * browser storage was wiped starts counting again) give the newest: the receipt in the customer's
 * hand is the recent one.
 */
export async function readReceipt(ctx: Ctx, user: SessionUser, number: string): Promise<OrderWithTimeline> {
  const ref = receiptRefOf(number, { markRequired: false });
  const id = !ref
    ? undefined
    : 'id' in ref
      ? ref.id
      : await repo.orderIdOfProvisional(ctx.db, ref.provisional);
  if (id === undefined || !(await repo.findOrder(ctx.db, id)))
    // An order's number is a number (written in the reader's digits); a provisional one is text.
    throw new NotFound(say('till.noReceipt', { number: ref && 'id' in ref ? ref.id : number }));
  return readOrder(ctx, user, id);
}

/**
 * One window of the orders of a filter, newest first, how many there are, and the cards' totals over
 * all of them: read in one snapshot, so the cards and the page agree.
 */
export async function orderPage(ctx: Ctx, filter: OrderFilter, window: { limit: number; offset: number }) {
  return inSnapshot(ctx.db, async (tx) => {
    const rows = await listOrders(tx, filter, window);
    const { count, totals } = await orderFilterTotals(tx, filter);
    return { rows: await repo.withLines(tx, rows), total: count, totals };
  });
}

/** The orders booked for delivery on a shop day (today when left out), in slot order. */
export async function deliveries(ctx: Ctx, day: string | undefined): Promise<Order[]> {
  const date = day || shopDay(ctx.clock.now(), ctx.config.shopTz);
  return repo.withLines(ctx.db, await repo.deliveriesOf(ctx.db, date));
}

/** One window of a customer's orders, newest first: staff who may view orders read anyone's, a customer only their own. */
export async function ordersOfPhone(
  ctx: Ctx,
  user: SessionUser,
  phone: string,
  window: { limit: number; offset: number },
) {
  const staff = can(user, 'orders.view');
  if (!staff && phone !== user.phone) throw new Forbidden();
  const filter: OrderFilter = staff ? { type: 2, status: 0, phone } : { type: 2, status: 0, userId: user.id };
  const { rows, total } = await orderPage(ctx, filter, window);
  return { rows, total };
}

/** A text staff write to one order's customer (back office "Send SMS"). */
export async function sendOrderSms(ctx: Ctx, id: number, text: string): Promise<void> {
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw new NotFound(say('orders.notFound'));
  await ctx.sms.enqueue(ctx.db, [{ to: order.phone, kind: 'message', message: text }]);
}

/** Synced till sales that kept the till's prices or sold a deleted product, for the owner to check. */
export async function salesWithDifferences(ctx: Ctx): Promise<Order[]> {
  return repo.withLines(ctx.db, await repo.listDifferences(ctx.db));
}
