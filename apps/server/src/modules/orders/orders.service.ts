import type { Readable } from 'node:stream';
import { ROLE, type ShopLanguage } from '@bazar/contracts/common';
import { hundredths } from '@bazar/contracts/money';
import {
  ORDER_STATUS,
  type Order,
  type OrderWithTimeline,
  type PaymentMethod,
} from '@bazar/contracts/orders';
import type { SlotChoice } from '@bazar/contracts/delivery';
import { areaCharge, STATUS_SMS_KEYS, statusSmsWithDefaults } from '@bazar/contracts/settings';
import { inSnapshot, isUniqueViolation, type DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AmountLarge, Forbidden, Invalid, NotFound, TooManyRequests } from '../../lib/errors';
import { pageAnswer, pageWindow } from '../../lib/paginate';
import { BATCH, inBatches, sheet, streamFile, type Column } from '../../lib/spreadsheet';
import { limits } from '../../lib/rate-limit';
import { shopDay } from '../../lib/shop-day';
import type { SessionUser } from '../auth/auth.repository';
import { chosenSlot, takePlace, type BookedSlot } from '../delivery/delivery.service';
import { shopAreas, shopSettings } from '../settings/settings.service';
import { openShiftId } from '../shifts/shifts.service';
import type { Sms } from '../sms/sms.outbox';
import { smsTexts, staffOrderText, statusChangeText } from '../sms/sms-texts';
import { keptSnapshot, keptSnapshots, lockStock, ShortStock } from '../stock/stock.service';
import {
  assertWholePieces,
  lineValues,
  priceLines,
  stockLines,
  subtotalOf,
  type LineInput,
} from './order-lines';
import { stockEffect } from './order-status';
import * as repo from './orders.repository';

export { ShortStock };

async function answer(db: DbOrTx, row: repo.OrderRow): Promise<Order> {
  const [order] = await repo.withLines(db, [row]);
  if (!order) throw new NotFound('Order not found.');
  return order;
}

export type OnlineOrderInput = {
  name: string;
  phone: string;
  address: string;
  area: string;
  note?: string | null | undefined;
  carts: LineInput[];
  /** The storefront's language: stored as the customer's, and the confirmation is written in it. */
  lang?: ShopLanguage | undefined;
  /** The delivery slot chosen (required when the shop has slots). */
  slot?: SlotChoice | null | undefined;
};

/**
 * Places a storefront order: priced from the database (offer price, else price; shipping is the
 * area's own charge, else the settings'; no discount, nothing paid), all lines at once. When the
 * shop has delivery slots the order books one: a missing, unknown or closed slot is refused before
 * anything is locked, and a full one under the slot's lock in the transaction that takes the stock
 * (so a slot is never overbooked). A line the shop cannot fill fails the
 * whole order (409, nothing changes). With an Idempotency-Key a retry gets the order already
 * made. Abuse limits (unless RATE_LIMIT=off): so many orders per account an hour, so many open
 * unpaid orders per account. The staff numbers get an alert; the confirmation goes to the
 * account's own phone only (never to a number typed into the form).
 *
 * Usually in one statement (placeAtOnce): the products are read, judged and priced, and one
 * statement locks them, checks that nothing judged on changed and writes everything. When
 * something did change (or the order is not one that statement takes), the same rules run again
 * in a transaction under row locks (placeUnderLocks), which is always right.
 */
export async function placeOnlineOrder(
  ctx: Ctx,
  user: SessionUser,
  input: OnlineOrderInput,
  idempotencyKey: string | undefined,
): Promise<{ order: Order; replay: boolean }> {
  if (idempotencyKey) {
    const existing = await repo.findByIdempotencyKey(ctx.db, user.id, idempotencyKey);
    if (existing) return { order: await answer(ctx.db, existing), replay: true };
  }
  await ctx.limiter.hit(limits.ordersAccount(user.id, ctx.config.limits.ordersPerHour));
  // Read before the transaction: loading them inside would need a second pool connection.
  const settings = await shopSettings(ctx);
  // The browser's ship is never read: the area's charge, else the settings'.
  const ship = areaCharge(await shopAreas(ctx), input.area, settings.ship);
  const slot = chosenSlot(ctx, settings.deliverySlots, input.slot);
  const how = { settings, ship, slot };
  try {
    // An order with a key goes under locks: the key's unique index then decides a race of two
    // retries inside one transaction, as it always did. So does one with a slot: its places are
    // counted under the slot's lock in the transaction that writes it.
    const order =
      (idempotencyKey === undefined && slot === null && (await placeAtOnce(ctx, user, input, how))) ||
      (await placeUnderLocks(ctx, user, input, how, idempotencyKey));
    // No local cache drop here: a run-out product's NOTIFY reaches this server's cache too.
    ctx.metrics.orderPlaced('storefront');
    return { order, replay: false };
  } catch (err) {
    // The same key twice at the same moment: the unique index let one through; answer with it.
    if (idempotencyKey && isUniqueViolation(err)) {
      const existing = await repo.findByIdempotencyKey(ctx.db, user.id, idempotencyKey);
      if (existing) return { order: await answer(ctx.db, existing), replay: true };
    }
    throw err;
  }
}

type Settings = Awaited<ReturnType<typeof shopSettings>>;
/** How an order is placed: the settings read, the delivery charge of its area, its slot (if any). */
type Placing = {
  settings: Settings;
  ship: number;
  slot: (BookedSlot & { capacity: number }) | null;
};

/**
 * The texts an online order sends: the staff alerts (English) and the customer's confirmation in
 * `lang`, the customer's language as this order leaves it.
 */
function orderTexts(
  settings: Settings,
  user: SessionUser,
  lang: ShopLanguage,
  o: { id: string; total: number; name: string; phone: string; area: string },
): Sms[] {
  const staff = settings.smsNumbers.split(',').filter(Boolean);
  return [
    ...staff.map((to) => ({ to, kind: 'staff' as const, message: staffOrderText(o) })),
    { to: user.phone, kind: 'order' as const, message: smsTexts(lang).orderPlaced(o) },
  ];
}

/** The customer's language after this order: the storefront's when it sent one, else the stored one. */
const langOf = (user: SessionUser, input: OnlineOrderInput): ShopLanguage => input.lang ?? user.lang;

/** Marks where the order's id goes in a text written before the id exists (no text holds it). */
const ID_MARK = '\u0000';

/**
 * The order in one statement from a snapshot of its products (see repo.placeOrderAtOnce); false
 * when that statement found something changed and wrote nothing. Throws as placeUnderLocks does
 * for what the snapshot already shows (a short line, half a piece, too large a total).
 */
async function placeAtOnce(
  ctx: Ctx,
  user: SessionUser,
  input: OnlineOrderInput,
  { settings, ship }: Placing,
): Promise<Order | false> {
  const ids = input.carts.map((l) => l.product_id);
  const kept = keptSnapshots(ctx);
  const snapshot = await keptSnapshot(ctx, ids);
  const lines = input.carts.map((l) => ({ productId: l.product_id, quantity: l.quantity }));
  // What looks short may have come back since; only the locked rows may refuse an order.
  if (snapshot.shortages(lines).length) {
    kept.forget(ids);
    return false;
  }
  assertWholePieces(input.carts, snapshot);
  const priced = priceLines(input.carts, snapshot);
  const subtotal = subtotalOf(priced, ship);
  const order = {
    userId: user.id,
    name: input.name,
    phone: input.phone,
    address: input.address,
    area: input.area,
    note: input.note ?? '',
    subtotal,
    ship,
    due: subtotal + ship,
  };
  const lang = langOf(user, input);
  const texts = await ctx.sms.select(
    ctx.db,
    orderTexts(settings, user, lang, { ...order, id: ID_MARK, total: order.due }),
  );
  const sms = texts.map((t) => {
    const [before, after, ...rest] = t.message.split(ID_MARK);
    return rest.length || before === undefined || after === undefined
      ? undefined
      : { to: t.to, kind: t.kind, before, after };
  });
  if (sms.some((m) => m === undefined)) return false;
  const move = snapshot.guardedMove(stockLines(priced));
  const placed = await repo.placeOrderAtOnce(ctx.db, {
    move,
    maxOpen: ctx.limiter.enabled ? ctx.config.limits.openOrders : null,
    lang: input.lang ?? null,
    order,
    lines: lineValues(priced),
    sms: sms.filter((m) => m !== undefined),
    now: ctx.clock.now(),
  });
  if (!placed) {
    kept.forget(snapshot.all.map((p) => p.id));
    return false;
  }
  kept.moved(move);
  if (sms.length) ctx.sms.wake();
  return repo.toOrder(placed.row, placed.lines, { lang });
}

/** The order in a transaction under row locks: the stock core's usual way, always right. */
async function placeUnderLocks(
  ctx: Ctx,
  user: SessionUser,
  input: OnlineOrderInput,
  { settings, ship, slot }: Placing,
  idempotencyKey: string | undefined,
): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    // The slot first, before the products: only slotted checkouts take a slot's lock, and always
    // first, so no two transactions wait for each other's locks in the other order.
    if (slot) await takePlace(tx, slot);
    const lock = await lockStock(
      ctx,
      tx,
      input.carts.map((l) => l.product_id),
    );
    // After the products, as the till locks them (products, then the customer): no deadlock.
    if (ctx.limiter.enabled) await assertFewOpenOrders(ctx, tx, user.id);
    const lang = langOf(user, input);
    if (input.lang) await repo.saveLanguage(tx, user.id, input.lang);
    const lines = input.carts.map((l) => ({ productId: l.product_id, quantity: l.quantity }));
    const short = lock.shortages(lines);
    if (short.length) throw new ShortStock(short);
    assertWholePieces(input.carts, lock);

    const priced = priceLines(input.carts, lock);
    const subtotal = subtotalOf(priced, ship);
    const { row, lines: inserted } = await repo.insertOrder(
      tx,
      {
        userId: user.id,
        name: input.name,
        phone: input.phone,
        address: input.address,
        area: input.area,
        note: input.note ?? '',
        subtotal,
        ship,
        discount: 0,
        paid: 0,
        due: subtotal + ship,
        status: 0,
        online: true,
        terminal: 0,
        idempotencyKey: idempotencyKey ?? null,
        deliveryDate: slot?.date ?? null,
        slotStart: slot?.start ?? null,
        slotEnd: slot?.end ?? null,
      },
      lineValues(priced),
    );
    await lock.move(stockLines(priced), 'out', 'order', { orderId: row.id, userId: user.id });
    await ctx.sms.enqueue(
      tx,
      orderTexts(settings, user, lang, { ...row, id: String(row.id), total: row.subtotal + row.ship }),
    );
    return repo.toOrder(row, inserted, { lang });
  });
}

/** At most `openOrders` online orders of one account open with money due (counted under the account's lock). */
async function assertFewOpenOrders(ctx: Ctx, tx: DbOrTx, userId: number): Promise<void> {
  await repo.lockAccount(tx, userId);
  const open = await repo.countOpenUnpaid(tx, userId);
  const max = ctx.config.limits.openOrders;
  if (open >= max) {
    throw new TooManyRequests(
      `You have ${open} orders waiting to be delivered and paid. Please wait for them before ordering again, or call the shop.`,
      undefined,
      'order_limit',
    );
  }
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
