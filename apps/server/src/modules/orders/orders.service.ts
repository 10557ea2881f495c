import type { Readable } from 'node:stream';
import { ROLE } from '@bazar/contracts/common';
import { hundredths } from '@bazar/contracts/money';
import {
  ORDER_STATUS,
  type Order,
  type OrderWithTimeline,
  type PaymentMethod,
} from '@bazar/contracts/orders';
import { STATUS_SMS_KEYS, statusSmsWithDefaults } from '@bazar/contracts/settings';
import { inSnapshot, type DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AmountLarge, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { pageAnswer, pageWindow } from '../../lib/paginate';
import { BATCH, inBatches, sheet, streamFile, type Column } from '../../lib/spreadsheet';
import { shopDay } from '../../lib/shop-day';
import type { SessionUser } from '../auth/auth.repository';
import { shopSettings } from '../settings/settings.service';
import { openShiftId } from '../shifts/shifts.service';
import { statusChangeText } from '../sms/sms-texts';
import { lockStock, ShortStock } from '../stock/stock.service';
import { stockEffect } from './order-status';
import * as repo from './orders.repository';

export { ShortStock };

async function answer(db: DbOrTx, row: repo.OrderRow): Promise<Order> {
  const [order] = await repo.withLines(db, [row]);
  if (!order) throw new NotFound('Order not found.');
  return order;
}

/** An order the caller may see (its owner or an admin), with its timeline oldest first. */
export async function readOrder(ctx: Ctx, user: SessionUser, id: number): Promise<OrderWithTimeline> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row) throw new NotFound('Order not found.');
  if (user.role !== ROLE.admin && row.userId !== user.id) throw new Forbidden();
  const timeline = await repo.timelineOf(ctx.db, id);
  return {
    ...(await answer(ctx.db, row)),
    timeline: timeline.map((e) => ({ status: e.status, at: e.at.toISOString() })),
  };
}

/**
 * One page of the orders of a filter, newest first, with `meta.totals` over every page: the rows
 * and the totals are read in one snapshot, so the cards and the page agree.
 */
export async function orderPage(
  ctx: Ctx,
  filter: repo.OrderFilter,
  page: number,
  perPage: number,
  link: (n: number) => string,
) {
  const { data, count, totals } = await inSnapshot(ctx.db, async (tx) => {
    const rows = await repo.listOrders(tx, filter, pageWindow(page, perPage));
    const { count, totals } = await repo.orderFilterTotals(tx, filter);
    return { data: await repo.withLines(tx, rows), count, totals };
  });
  const answer = pageAnswer({ data, total: count, page, perPage, link });
  return { ...answer, meta: { ...answer.meta, totals } };
}

/** The orders booked for delivery on a shop day (today when left out), in slot order. */
export async function deliveries(ctx: Ctx, day: string | undefined): Promise<Order[]> {
  const date = day || shopDay(ctx.clock.now(), ctx.config.shopTz);
  return repo.withLines(ctx.db, await repo.deliveriesOf(ctx.db, date));
}

/** One page of a customer's orders, newest first: an admin may read anyone's, a customer only their own. */
export async function ordersOfPhone(
  ctx: Ctx,
  user: SessionUser,
  phone: string,
  page: number,
  perPage: number,
  link: (n: number) => string,
) {
  if (user.role !== ROLE.admin && phone !== user.phone) throw new Forbidden();
  const filter: repo.OrderFilter =
    user.role === ROLE.admin ? { type: 2, status: 0, phone } : { type: 2, status: 0, userId: user.id };
  const { data, meta, links } = await orderPage(ctx, filter, page, perPage, link);
  const { totals: _totals, ...plain } = meta;
  return { data, meta: plain, links };
}

/** The lines of an order that still refer to a product, as the stock core moves them. */
/**
 * The order's quantities still with the customer, per product: its lines less what came back
 * (returns put their goods back already, so a cancel or a delete must not put them back twice).
 */
async function liveLines(tx: DbOrTx, orderId: number) {
  const lines = (await repo.linesOf(tx, [orderId])).get(orderId) ?? [];
  const returned = await repo.returnedQuantities(tx, orderId);
  const out: Array<{ productId: number; quantity: number }> = [];
  for (const l of lines) {
    if (l.productId === null) continue;
    const back = returned.get(l.productId) ?? 0;
    const h = hundredths(Number(l.quantity));
    const taken = Math.min(back, h);
    if (taken) returned.set(l.productId, back - taken);
    if (h - taken > 0) out.push({ productId: l.productId, quantity: (h - taken) / 100 });
  }
  return out;
}

/** Applies a status change's stock effect (the transition table), in the caller's transaction. */
async function changeStatus(ctx: Ctx, tx: DbOrTx, order: repo.OrderRow, to: number, by: number) {
  const effect = stockEffect(order.status, to);
  if (effect === 'none') return;
  const lines = await liveLines(tx, order.id);
  const lock = await lockStock(
    ctx,
    tx,
    lines.map((l) => l.productId),
  );
  if (effect === 'take' && order.online) {
    // An online order never oversells, also when it is re-activated.
    const short = lock.shortages(lines);
    if (short.length) throw new ShortStock(short);
  }
  await lock.move(
    lines,
    effect === 'restore' ? 'in' : 'out',
    effect === 'restore' ? 'cancel' : 'reactivate',
    { orderId: order.id, userId: by },
  );
}

/**
 * Records an amount received now (a payment row, by cash, bKash, Nagad, card or the customer's
 * advance, in the open shift of the staff member) and the new status, in one transaction; more than
 * the due is refused ("Amount is large"). Cancelling an order that has money paid may say how it
 * goes back (`refund`): the whole paid amount is then a refund row by that method, or goes into the
 * customer's advance. paid and due always equal what the payments say.
 */
export async function pay(
  ctx: Ctx,
  id: number,
  input: {
    status: number;
    paid: number;
    method?: PaymentMethod | undefined;
    reference?: string | null | undefined;
    refund?: { method: PaymentMethod; reference?: string | null | undefined } | undefined;
  },
  by: number,
): Promise<{ paid: number; due: number; status: number }> {
  // Read before the transaction: loading them inside would need a second pool connection.
  const settings = await shopSettings(ctx);
  return ctx.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, id, true);
    if (!order) throw new NotFound('Order not found.');
    if (input.paid > order.due) throw new AmountLarge();
    if (input.refund && input.status !== ORDER_STATUS.canceled) {
      throw new Invalid('refund', 'Money goes back with a cancellation; for part of an order use Return.');
    }
    if (input.refund && input.paid > 0)
      throw new Invalid('refund', 'Take money or give it back, not both at once.');
    await changeStatus(ctx, tx, order, input.status, by);
    const shiftId = await openShiftId(tx, by);
    if (input.paid > 0) {
      const method = input.method ?? 'cash';
      if (method === 'balance') await takeFromAdvance(tx, order, input.paid, 'method');
      await repo.insertPayment(tx, {
        orderId: id,
        amount: input.paid,
        method,
        reference: input.reference ?? null,
        userId: by,
        shiftId,
      });
    }
    if (input.refund && order.paid > 0) {
      if (input.refund.method === 'balance') await giveToAdvance(tx, order, order.paid, 'refund');
      await repo.insertPayment(tx, {
        orderId: id,
        amount: -order.paid,
        method: input.refund.method,
        reference: input.refund.reference ?? null,
        userId: by,
        shiftId,
      });
    }
    const row = await repo.updatePayment(tx, id, await repo.paymentsTotal(tx, id), input.status);
    if (!row) throw new NotFound('Order not found.');
    if (order.status !== input.status) await statusChanged(ctx, tx, settings, order, row, by);
    return row;
  });
}

type Settings = Awaited<ReturnType<typeof shopSettings>>;

/**
 * A real change of status (never a payment alone): the timeline's next step, and for an online
 * order with a customer account one SMS in the customer's language (Setting's text), queued in the
 * caller's transaction as `order` (the per-phone daily cap holds it back). Till sales get none.
 */
async function statusChanged(
  ctx: Ctx,
  tx: DbOrTx,
  settings: Settings,
  order: repo.OrderRow,
  now: { due: number; status: number },
  by: number,
): Promise<void> {
  await repo.insertStatusEvent(tx, order.id, now.status, by);
  if (!order.online || order.userId === null) return;
  const customer = await repo.customerContact(tx, order.userId);
  const key = STATUS_SMS_KEYS[now.status];
  if (!customer || !key) return;
  const template = statusSmsWithDefaults(settings.statusSms)[customer.lang][key];
  const message = statusChangeText(template, customer.lang, { id: order.id, due: now.due });
  await ctx.sms.enqueue(tx, [{ to: customer.phone, kind: 'order', message }]);
}

/** Pays from the advance of the order's customer (422 naming `field` when there is none or too little). */
export async function takeFromAdvance(tx: DbOrTx, order: repo.OrderRow, amount: number, field: string) {
  if (order.userId === null) throw new Invalid(field, 'This order has no customer account with an advance.');
  if (!(await repo.adjustAdvance(tx, order.userId, -amount))) {
    const balance = await repo.advanceOf(tx, order.userId);
    throw new Invalid(field, `The customer's advance balance is ${balance} BDT.`);
  }
}

/** Money given back into the advance of the order's customer. */
export async function giveToAdvance(tx: DbOrTx, order: repo.OrderRow, amount: number, field: string) {
  if (order.userId === null)
    throw new Invalid(field, 'This order has no customer account to keep an advance.');
  await repo.adjustAdvance(tx, order.userId, amount);
}

/** Deletes an order; unless it was cancelled (stock already back), its items go back to stock. */
export async function deleteOrder(ctx: Ctx, id: number, by: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, id, true);
    if (!order) throw new NotFound('Order not found.');
    if (stockEffect(order.status, 4) === 'restore') {
      const lines = await liveLines(tx, id);
      const lock = await lockStock(
        ctx,
        tx,
        lines.map((l) => l.productId),
      );
      await lock.move(lines, 'in', 'order-delete', { orderId: id, userId: by });
    }
    await repo.deleteOrder(tx, id);
  });
}

/** A text staff write to one order's customer (back office "Send SMS"). */
export async function sendOrderSms(ctx: Ctx, id: number, text: string): Promise<void> {
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw new NotFound('Order not found.');
  await ctx.sms.enqueue(ctx.db, [{ to: order.phone, kind: 'message', message: text }]);
}

/** Synced till sales that kept the till's prices or sold a deleted product, for the owner to check. */
export async function salesWithDifferences(ctx: Ctx): Promise<Order[]> {
  return repo.withLines(ctx.db, await repo.listDifferences(ctx.db));
}

/** The spec's status words (§4); any other value reads Complete. */
const STATUS_WORDS = ['Processing', 'Collecting Product', 'Out for Delivery', 'Delivered', 'Canceled'];
export const statusWord = (status: number) => STATUS_WORDS[status] ?? 'Complete';

/**
 * The orders export's columns: ID, Date (shop time), Customer, Phone, Area, Address, Type, Status,
 * Subtotal, Returned, Shipping, Discount, Total (what the order charges), Paid, Due.
 */
export const ORDER_COLUMNS: ReadonlyArray<Column<repo.ExportRow>> = [
  { header: 'ID', kind: 'int', value: (o) => o.id },
  { header: 'Date', kind: 'time', value: (o) => o.created },
  { header: 'Customer', kind: 'text', value: (o) => o.name },
  { header: 'Phone', kind: 'text', width: 14, value: (o) => o.phone },
  { header: 'Area', kind: 'text', width: 16, value: (o) => o.area },
  { header: 'Address', kind: 'text', width: 30, value: (o) => o.address },
  { header: 'Type', kind: 'text', width: 9, value: (o) => (o.online ? 'Online' : 'Offline') },
  { header: 'Status', kind: 'text', width: 17, value: (o) => statusWord(o.status) },
  { header: 'Subtotal', kind: 'money', value: (o) => o.subtotal },
  { header: 'Returned', kind: 'money', value: (o) => o.returned },
  { header: 'Shipping', kind: 'money', value: (o) => o.ship },
  { header: 'Discount', kind: 'money', value: (o) => o.discount },
  { header: 'Total', kind: 'money', value: (o) => o.subtotal - o.returned + o.ship - o.discount },
  { header: 'Paid', kind: 'money', value: (o) => o.paid },
  { header: 'Due', kind: 'money', value: (o) => o.due },
];

/**
 * Every order of a filter, newest first, in batches read by id: memory stays flat however many
 * orders there are. Meant for a snapshot transaction (inSnapshot), whose plans it sets.
 */
export async function* orderBatches(
  tx: DbOrTx,
  filter: repo.OrderFilter,
  tz: string,
): AsyncGenerator<repo.ExportRow[]> {
  // Each batch is planned for its own id bound: a generic plan (after five runs of the same
  // prepared statement) walked the date index over the whole range for every batch.
  await repo.planEachRun(tx);
  yield* inBatches(
    (before: number | undefined) => repo.exportBatch(tx, filter, tz, before, BATCH),
    (last) => last.id,
  );
}

/**
 * Every order of a filter as CSV (newest first, ORDER_COLUMNS), streamed from one snapshot in
 * batches with back pressure (lib/spreadsheet.ts streamFile): memory does not grow with the orders.
 */
export function exportOrders(ctx: Ctx, filter: repo.OrderFilter): Readable {
  const tz = ctx.config.shopTz;
  return streamFile(ctx.db, ctx.log, 'csv', async (tx) => [
    sheet('Orders', ORDER_COLUMNS, orderBatches(tx, filter, tz)),
  ]);
}
