import { and, asc, desc, eq, gt, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ShopLanguage } from '@bazar/contracts/common';
import { lineTotal } from '@bazar/contracts/money';
import { ORDER_STATUS, type Order, type OrderPayment, type OrderReturn } from '@bazar/contracts/orders';
import { saleDifference } from '@bazar/contracts/till';
import { z } from 'zod';
import { escapeLike, type DbOrTx } from '../../db/client';
import {
  orderLines,
  orders,
  orderStatusEvents,
  payments,
  returnLines,
  returns,
  users,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

/** What an order answer carries besides its row and lines. */
export type OrderDetails = {
  payments: OrderPayment[];
  returns: OrderReturn[];
  cashier: string | null;
  /** The language of the order's customer account; null without one (a walk-in at the till). */
  lang: ShopLanguage | null;
};
const NO_DETAILS: OrderDetails = { payments: [], returns: [], cashier: null, lang: null };

/**
 * Spreads the quantities returned of each product over the order's lines of that product, in line
 * order (one order prices all lines of a product alike, so which line takes it does not matter).
 */
export function returnedPerLine(lines: LineRow[], returns: OrderReturn[]): Map<number, number> {
  const left = new Map<number, number>();
  for (const r of returns)
    for (const l of r.lines)
      if (l.product_id !== null)
        left.set(l.product_id, (left.get(l.product_id) ?? 0) + Math.round(l.quantity * 100));
  const perLine = new Map<number, number>();
  for (const line of lines) {
    if (line.productId === null) continue;
    const want = left.get(line.productId) ?? 0;
    const take = Math.min(want, Math.round(Number(line.quantity) * 100));
    if (take > 0) {
      perLine.set(line.id, take / 100);
      left.set(line.productId, want - take);
    }
  }
  return perLine;
}

export function toOrder(o: OrderRow, lines: LineRow[], known: Partial<OrderDetails> = {}): Order {
  const details = { ...NO_DETAILS, ...known };
  const returned = returnedPerLine(lines, details.returns);
  return {
    id: o.id,
    created: o.createdAt.toISOString(),
    name: o.name,
    phone: o.phone,
    address: o.address,
    area: o.area,
    // After returns: due = subtotal + ship − discount − paid holds in the answer too.
    subtotal: o.subtotal - o.returned,
    ship: o.ship,
    discount: o.discount,
    paid: o.paid,
    due: o.due,
    status: o.status,
    note: o.note,
    type: o.online,
    terminal: o.terminal,
    carts: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      product: { title: l.title, price: l.price },
      title: l.title,
      attri: l.attri,
      title_bn: l.titleBn,
      attri_bn: l.attriBn,
      price: l.price,
      quantity: Number(l.quantity),
      total: lineTotal(l.price, Number(l.quantity)),
      returned: returned.get(l.id) ?? 0,
    })),
    returned: o.returned,
    payments: details.payments,
    returns: details.returns,
    cashier: details.cashier,
    shift_id: o.shiftId,
    client_id: o.clientId,
    provisional: o.provisional,
    differences: o.differences === null ? null : z.array(saleDifference).parse(o.differences),
    // The cash given back at the till: what was tendered beyond what the cash rows kept.
    change: details.payments.reduce(
      (sum, p) => sum + (p.tendered !== null && p.amount > 0 ? p.tendered - p.amount : 0),
      0,
    ),
    lang: details.lang,
    slot:
      o.deliveryDate && o.slotStart && o.slotEnd
        ? { date: dayText(o.deliveryDate), start: o.slotStart, end: o.slotEnd }
        : null,
  };
}

/**
 * A date column as YYYY-MM-DD: drizzle reads it as that text; a raw statement's row (place.repository)
 * has node-postgres' Date at local midnight of that day.
 */
function dayText(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

export async function findOrder(db: DbOrTx, id: number, lock = false): Promise<OrderRow | undefined> {
  const q = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, LineRow[]>> {
  const map = new Map<number, LineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const r of rows) map.get(r.orderId)?.push(r);
  return map;
}

/**
 * Orders as answers: with their lines, payments, returns, cashier and their customer's language, in
 * a few batched queries.
 */
export async function withLines(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  // The cashiers (their names) and the customers (their languages), in one read of users.
  const people = [
    ...new Set(rows.flatMap((r) => [r.staffId, r.userId].filter((id): id is number => id !== null))),
  ];
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const lines = await linesOf(db, ids);
  const paid = await paymentsOf(db, ids);
  const back = await returnsOf(db, ids);
  const found = people.length
    ? await db
        .select({ id: users.id, name: users.name, lang: users.lang })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  const byId = new Map(found.map((u) => [u.id, u]));
  return rows.map((r) =>
    toOrder(r, lines.get(r.id) ?? [], {
      payments: paid.get(r.id) ?? [],
      returns: back.get(r.id) ?? [],
      cashier: r.staffId === null ? null : (byId.get(r.staffId)?.name ?? null),
      lang: r.userId === null ? null : (byId.get(r.userId)?.lang ?? 'en'),
    }),
  );
}

/** Each order's payments (refunds too), oldest first, with who took them. */
export async function paymentsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderPayment[]>> {
  const map = new Map<number, OrderPayment[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ p: payments, by: users.name })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.id));
  for (const { p, by } of rows) {
    map.get(p.orderId)?.push({
      id: p.id,
      method: p.method as OrderPayment['method'],
      amount: p.amount,
      reference: p.reference,
      tendered: p.tendered,
      created: p.createdAt.toISOString(),
      by,
      return_id: p.returnId,
    });
  }
  return map;
}

/** Each order's returns with their lines, oldest first. */
export async function returnsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderReturn[]>> {
  const map = new Map<number, OrderReturn[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return map;
  const heads = await db
    .select({ r: returns, by: users.name })
    .from(returns)
    .leftJoin(users, eq(users.id, returns.userId))
    .where(inArray(returns.orderId, orderIds))
    .orderBy(asc(returns.id));
  if (heads.length === 0) return map;
  const lines = await db
    .select()
    .from(returnLines)
    .where(
      inArray(
        returnLines.returnId,
        heads.map((h) => h.r.id),
      ),
    )
    .orderBy(asc(returnLines.id));
  for (const { r, by } of heads) {
    map.get(r.orderId)?.push({
      id: r.id,
      value: r.value,
      reason: r.reason,
      created: r.createdAt.toISOString(),
      by,
      lines: lines
        .filter((l) => l.returnId === r.id)
        .map((l) => ({
          product_id: l.productId,
          title: l.title,
          attri: l.attri,
          price: l.price,
          quantity: Number(l.quantity),
        })),
    });
  }
  return map;
}

export async function findByIdempotencyKey(db: DbOrTx, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/** A till sale made with this idempotency key ("<staff id>:<key>"). */
export async function findTillSaleByKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.online, false), eq(orders.idempotencyKey, key)));
  return row;
}

/** The sale the till sent with this client id, if it arrived before. */
export async function findOrderByClientId(db: DbOrTx, clientId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.clientId, clientId));
  return row;
}

/** Synced till sales whose lines differed from the server's prices or products, newest first. */
export async function listDifferences(db: DbOrTx, limit = 200): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(sql`${orders.differences} IS NOT NULL`)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export type OrderFilter = {
  field?: string | undefined;
  value?: string | undefined;
  /** Shop days (YYYY-MM-DD) in the shop's time zone `tz`, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  tz?: string;
  type: number;
  status: number;
  userId?: number;
  phone?: string;
  /** Booked for this delivery day, and with `slotStart` for this slot of it. */
  slotDate?: string | undefined;
  slotStart?: string | undefined;
};

/** The WHERE of an order filter (type, due/paid, customer, shop days, a field's text). */
function orderWhere(f: OrderFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.type === 1) where.push(eq(orders.online, true));
  if (f.type === 0) where.push(eq(orders.online, false));
  if (f.status === 1) where.push(gt(orders.due, 0));
  if (f.status === 2) where.push(eq(orders.due, 0));
  if (f.userId !== undefined) where.push(eq(orders.userId, f.userId));
  if (f.phone !== undefined) where.push(eq(orders.phone, f.phone));
  const tz = f.tz ?? 'Asia/Dhaka';
  if (f.from) where.push(sql`${orders.createdAt} >= (${f.from}::date::timestamp AT TIME ZONE ${tz})`);
  if (f.to) where.push(sql`${orders.createdAt} < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${tz})`);
  if (f.slotDate) where.push(eq(orders.deliveryDate, f.slotDate));
  if (f.slotDate && f.slotStart) where.push(eq(orders.slotStart, f.slotStart));
  const value = f.value?.trim();
  if (f.field && value) {
    const like = `%${escapeLike(value)}%`;
    const field = f.field.toLowerCase();
    if (field === 'id') where.push(/^\d{1,9}$/.test(value) ? eq(orders.id, Number(value)) : sql`false`);
    if (field === 'name') where.push(ilike(orders.name, like));
    if (field === 'phone') where.push(ilike(orders.phone, like));
    if (field === 'area') where.push(ilike(orders.area, like));
    if (field === 'address') where.push(ilike(orders.address, like));
  }
  return where.length ? and(...where) : undefined;
}

/** The orders of a filter, newest first, one page of them (`limit` rows after `offset`). */
export async function listOrders(
  db: DbOrTx,
  f: OrderFilter,
  page: { limit: number; offset: number } = { limit: 500, offset: 0 },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(orderWhere(f))
    .orderBy(desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The orders booked for a delivery day (cancelled ones left out), in slot order, then oldest first. */
export async function deliveriesOf(db: DbOrTx, day: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.deliveryDate, day), sql`${orders.status} <> ${ORDER_STATUS.canceled}`))
    .orderBy(asc(orders.slotStart), asc(orders.id))
    .limit(2000);
}

/** An order as the exports write it: its money, its shop-time date, type, status and note. */
export type ExportRow = {
  id: number;
  created: string;
  name: string;
  phone: string;
  area: string;
  address: string;
  online: boolean;
  status: number;
  subtotal: number;
  returned: number;
  ship: number;
  discount: number;
  paid: number;
  due: number;
  note: string;
};

/**
 * The next `limit` orders of a filter after `beforeId` (newest first; all when undefined): the
 * export reads a filter in batches by id, so memory stays flat however many orders there are.
 */
export async function exportBatch(
  db: DbOrTx,
  f: OrderFilter,
  tz: string,
  beforeId: number | undefined,
  limit: number,
): Promise<ExportRow[]> {
  const where = orderWhere(f);
  return db
    .select({
      id: orders.id,
      created: sql<string>`to_char(${orders.createdAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI')`,
      name: orders.name,
      phone: orders.phone,
      area: orders.area,
      address: orders.address,
      online: orders.online,
      status: orders.status,
      subtotal: orders.subtotal,
      returned: orders.returned,
      ship: orders.ship,
      discount: orders.discount,
      paid: orders.paid,
      due: orders.due,
      note: orders.note,
    })
    .from(orders)
    .where(beforeId === undefined ? where : and(where, lt(orders.id, beforeId)))
    .orderBy(desc(orders.id))
    .limit(limit);
}

/** For the rest of the transaction, plans each run of a prepared statement for its own values. */
export async function planEachRun(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SET LOCAL plan_cache_mode = force_custom_plan`);
}

/**
 * Over every order of a filter (all pages): how many there are, and the cards' figures with
 * cancelled orders left out: how many, Σ what they charge (lines less returns + ship − discount),
 * Σ paid, Σ due. One scan.
 */
export async function orderFilterTotals(db: DbOrTx, f: OrderFilter) {
  const live = sql`${orders.status} <> ${ORDER_STATUS.canceled}`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      orders: sql<number>`(count(*) FILTER (WHERE ${live}))::int`,
      total: sql<string>`coalesce(sum(${orders.subtotal} - ${orders.returned} + ${orders.ship} - ${orders.discount}) FILTER (WHERE ${live}), 0)::bigint`,
      paid: sql<string>`coalesce(sum(${orders.paid}) FILTER (WHERE ${live}), 0)::bigint`,
      due: sql<string>`coalesce(sum(${orders.due}) FILTER (WHERE ${live}), 0)::bigint`,
    })
    .from(orders)
    .where(orderWhere(f));
  return {
    count: Number(row?.count ?? 0),
    totals: {
      orders: Number(row?.orders ?? 0),
      total: Number(row?.total ?? 0),
      paid: Number(row?.paid ?? 0),
      due: Number(row?.due ?? 0),
    },
  };
}

export type PaymentValues = {
  orderId: number;
  /** Positive: money taken; negative: money given back. */
  amount: number;
  method: string;
  reference: string | null;
  userId: number | null;
  shiftId?: number | null;
  tendered?: number | null;
  returnId?: number | null;
  /** The till's id of the payment (a synced sale). */
  clientId?: string | null;
  /** When the money was taken, if not now (a sale made offline). */
  createdAt?: Date;
};

export async function insertPayment(db: DbOrTx, values: PaymentValues) {
  await db.insert(payments).values(values);
}

export async function paymentsTotal(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return row?.n ?? 0;
}

/** A step of the order's timeline: it entered `status` (now unless `at`), by a staff member or null. */
export async function insertStatusEvent(
  tx: DbOrTx,
  orderId: number,
  status: number,
  byUserId: number | null,
  at?: Date,
): Promise<void> {
  await tx.insert(orderStatusEvents).values({ orderId, status, byUserId, ...(at && { at }) });
}

/** The order's timeline, oldest first. */
export async function timelineOf(db: DbOrTx, orderId: number): Promise<Array<{ status: number; at: Date }>> {
  return db
    .select({ status: orderStatusEvents.status, at: orderStatusEvents.at })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id));
}

/** The phone and language of a customer account (undefined when it is gone). */
export async function customerContact(
  db: DbOrTx,
  userId: number,
): Promise<{ phone: string; lang: ShopLanguage } | undefined> {
  const [row] = await db
    .select({ phone: users.phone, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Sets paid (the sum of the payments), due and status in one statement. */
export async function updatePayment(tx: DbOrTx, id: number, paid: number, status: number) {
  const [row] = await tx
    .update(orders)
    .set({
      paid,
      due: sql`${orders.subtotal} - ${orders.returned} + ${orders.ship} - ${orders.discount} - ${paid}`,
      status,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, id))
    .returning({ paid: orders.paid, due: orders.due, status: orders.status });
  return row;
}

export async function deleteOrder(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, id));
}

/**
 * Changes a customer's advance balance by `delta` (a till payment from it is negative, money given
 * back into it positive); false when it would go below zero (nothing changed then).
 */
export async function adjustAdvance(tx: DbOrTx, userId: number, delta: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.balance} + ${delta} >= 0`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function advanceOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/** Records a return: the return row and its lines; the order's returned value and money follow. */
export async function insertReturn(
  tx: DbOrTx,
  values: { orderId: number; value: number; reason: string; userId: number; shiftId: number | null },
  lines: Array<{
    productId: number;
    title: string;
    attri: string;
    price: number;
    buyprice: number;
    quantity: number;
  }>,
): Promise<number> {
  const [row] = await tx.insert(returns).values(values).returning({ id: returns.id });
  if (!row) throw new Error('insert returns returned nothing');
  await tx
    .insert(returnLines)
    .values(lines.map((l) => ({ ...l, returnId: row.id, quantity: l.quantity.toFixed(2) })));
  return row.id;
}

/** Quantities of each product already returned against an order (hundredths). */
export async function returnedQuantities(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const res = await db.execute<{ product_id: number; h: string }>(sql`
    SELECT l.product_id, round(sum(l.quantity) * 100)::text AS h
    FROM return_lines l JOIN returns r ON r.id = l.return_id
    WHERE r.order_id = ${orderId} AND l.product_id IS NOT NULL GROUP BY l.product_id`);
  return new Map(res.rows.map((r) => [r.product_id, Number(r.h)]));
}

/** Sets the order's returned value, paid and due after a return (due follows from the others). */
export async function updateAfterReturn(tx: DbOrTx, id: number, returned: number, paid: number) {
  await tx
    .update(orders)
    .set({
      returned,
      paid,
      due: sql`${orders.subtotal} - ${returned} + ${orders.ship} - ${orders.discount} - ${paid}`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, id));
}

/** A customer's orders with money still due (not cancelled), oldest first; locked when `lock`. */
export async function openDuesOf(db: DbOrTx, userId: number, lock = false): Promise<OrderRow[]> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.due, 0), sql`${orders.status} <> 4`))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return lock ? q.for('update') : q;
}
