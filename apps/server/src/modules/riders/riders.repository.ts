import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazar/contracts/orders';
import type { FailReason } from '@bazar/contracts/riders';
import type { DbOrTx } from '../../db/client';
import {
  categories,
  orders,
  orderStatusEvents,
  payments,
  productCategories,
  riderHandovers,
  staffRoles,
  users,
} from '../../db/schema';
import type { OrderRow } from '../orders/orders.repository';

/**
 * Riders: staff whose role holds `deliveries.ride` (the owner holds every permission but is no
 * rider). Read here with the cash each one holds: every cash payment they took at a door less every
 * handover they made.
 */
const isRider = sql`${users.role} = 23314 AND ${staffRoles.key} <> 'owner' AND 'deliveries.ride' = ANY (${staffRoles.permissions})`;

export type RiderRow = { id: number; name: string; phone: string; active: boolean };

/** Every rider, active ones first, by name. */
export async function listRiders(db: DbOrTx): Promise<RiderRow[]> {
  return db
    .select({ id: users.id, name: users.name, phone: users.phone, active: users.active })
    .from(users)
    .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(isRider)
    .orderBy(sql`${users.active} DESC`, asc(users.name), asc(users.id));
}

/** One rider (undefined: no such member of staff, or not a rider). */
export async function findRider(db: DbOrTx, id: number): Promise<RiderRow | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, phone: users.phone, active: users.active })
    .from(users)
    .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(and(eq(users.id, id), isRider));
  return row;
}

/**
 * The cash each rider holds (taken at doors less handed over), counting only what happened before
 * `before` when given. Riders take money only at doors, so their cash payments are those.
 */
export async function cashHeld(db: DbOrTx, riderIds: number[], before?: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>(riderIds.map((id) => [id, 0]));
  if (riderIds.length === 0) return out;
  const taken = await db
    .select({ riderId: payments.userId, n: sql<string>`sum(${payments.amount})` })
    .from(payments)
    .where(
      and(
        inArray(payments.userId, riderIds),
        eq(payments.method, 'cash'),
        before ? sql`${payments.createdAt} < ${before.toISOString()}` : undefined,
      ),
    )
    .groupBy(payments.userId);
  const given = await db
    .select({ riderId: riderHandovers.riderId, n: sql<string>`sum(${riderHandovers.amount})` })
    .from(riderHandovers)
    .where(
      and(
        inArray(riderHandovers.riderId, riderIds),
        before ? sql`${riderHandovers.createdAt} < ${before.toISOString()}` : undefined,
      ),
    )
    .groupBy(riderHandovers.riderId);
  for (const r of taken) if (r.riderId !== null) out.set(r.riderId, (out.get(r.riderId) ?? 0) + Number(r.n));
  for (const r of given) out.set(r.riderId, (out.get(r.riderId) ?? 0) - Number(r.n));
  return out;
}

/** The orders, locked, in id order (a fixed order: two assignments never wait on each other in a circle). */
export async function lockOrders(tx: DbOrTx, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update');
}

export async function setRider(tx: DbOrTx, ids: number[], riderId: number | null): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set({ riderId, updatedAt: sql`now()` })
    .where(inArray(orders.id, ids));
}

/** A rider's step on the order's timeline (a failed delivery with its reason and note). */
export async function insertStep(
  tx: DbOrTx,
  step: {
    orderId: number;
    status: number;
    by: number;
    failed?: string | null;
    note?: string;
    clientId?: string | undefined;
  },
): Promise<void> {
  await tx.insert(orderStatusEvents).values({
    orderId: step.orderId,
    status: step.status,
    byUserId: step.by,
    failed: step.failed ?? null,
    note: step.note ?? '',
    clientId: step.clientId ?? null,
  });
}

/** The step the rider's phone sent with this id, if it was made (its order and maker). */
export async function stepOfClient(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({ orderId: orderStatusEvents.orderId, by: orderStatusEvents.byUserId })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.clientId, clientId));
  return row;
}

/** The order's last step (its latest status event). */
export async function lastStep(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select()
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(sql`${orderStatusEvents.at} DESC`, sql`${orderStatusEvents.id} DESC`)
    .limit(1);
  return row;
}

/**
 * A rider's deliveries: those assigned to them and still to do (not delivered, not cancelled),
 * and those they delivered or failed since `since` (the shop day's start), in slot order.
 */
export async function riderOrders(db: DbOrTx, riderId: number, since: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      sql`(${orders.riderId} = ${riderId} AND ${orders.status} IN (${ORDER_STATUS.processing}, ${ORDER_STATUS.collecting}, ${ORDER_STATUS.outForDelivery}))
        OR ${orders.id} IN (SELECT e.order_id FROM order_status_events e WHERE e.by_user_id = ${riderId}
          AND e.at >= ${since.toISOString()} AND (e.status = ${ORDER_STATUS.delivered} OR e.failed IS NOT NULL))`,
    )
    .orderBy(
      sql`${orders.deliveryDate} ASC NULLS LAST`,
      sql`${orders.slotStart} ASC NULLS LAST`,
      asc(orders.id),
    )
    .limit(500);
}

/** Each order's last step (status, whether it failed, its note, who made it). */
export async function lastSteps(db: DbOrTx, orderIds: number[]) {
  const out = new Map<number, { status: number; failed: string | null; note: string; by: number | null }>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([orderStatusEvents.orderId], {
      orderId: orderStatusEvents.orderId,
      status: orderStatusEvents.status,
      failed: orderStatusEvents.failed,
      note: orderStatusEvents.note,
      by: orderStatusEvents.byUserId,
    })
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, orderIds))
    .orderBy(orderStatusEvents.orderId, sql`${orderStatusEvents.at} DESC`, sql`${orderStatusEvents.id} DESC`);
  for (const r of rows) out.set(r.orderId, r);
  return out;
}

/** What each rider took for each order, by payment (oldest first). */
export async function collectedBy(db: DbOrTx, riderId: number, orderIds: number[]) {
  const out = new Map<number, Array<{ method: string; amount: number; reference: string | null }>>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      orderId: payments.orderId,
      method: payments.method,
      amount: payments.amount,
      reference: payments.reference,
    })
    .from(payments)
    .where(and(eq(payments.userId, riderId), inArray(payments.orderId, orderIds)))
    .orderBy(asc(payments.id));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({ method: r.method, amount: r.amount, reference: r.reference });
    out.set(r.orderId, list);
  }
  return out;
}

/** A rider's steps between two instants: deliveries made and failed, by order. */
export async function stepsBetween(db: DbOrTx, riderId: number, from: Date, to: Date) {
  return db
    .select({
      orderId: orderStatusEvents.orderId,
      status: orderStatusEvents.status,
      failed: orderStatusEvents.failed,
      note: orderStatusEvents.note,
      at: orderStatusEvents.at,
    })
    .from(orderStatusEvents)
    .where(
      and(
        eq(orderStatusEvents.byUserId, riderId),
        sql`${orderStatusEvents.at} >= ${from.toISOString()} AND ${orderStatusEvents.at} < ${to.toISOString()}`,
        sql`(${orderStatusEvents.status} = ${ORDER_STATUS.delivered} OR ${orderStatusEvents.failed} IS NOT NULL)`,
      ),
    )
    .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id));
}

/** A rider's payments taken between two instants, summed by method. */
export async function takenBetween(db: DbOrTx, riderId: number, from: Date, to: Date) {
  const rows = await db
    .select({ method: payments.method, n: sql<string>`sum(${payments.amount})` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, riderId),
        sql`${payments.createdAt} >= ${from.toISOString()} AND ${payments.createdAt} < ${to.toISOString()}`,
      ),
    )
    .groupBy(payments.method);
  return new Map(rows.map((r) => [r.method, Number(r.n)]));
}

/** The orders assigned to a rider and still to do. */
export async function openOrdersOf(db: DbOrTx, riderId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.riderId, riderId),
        inArray(orders.status, [
          ORDER_STATUS.processing,
          ORDER_STATUS.collecting,
          ORDER_STATUS.outForDelivery,
        ]),
      ),
    )
    .orderBy(asc(orders.id));
}

export async function handoversOn(db: DbOrTx, riderId: number, day: string) {
  return db
    .select({ h: riderHandovers, by: users.name })
    .from(riderHandovers)
    .leftJoin(users, eq(users.id, riderHandovers.byUserId))
    .where(and(eq(riderHandovers.riderId, riderId), eq(riderHandovers.day, day)))
    .orderBy(asc(riderHandovers.id));
}

export async function insertHandover(tx: DbOrTx, values: typeof riderHandovers.$inferInsert) {
  const [row] = await tx.insert(riderHandovers).values(values).returning();
  if (!row) throw new Error('insert rider_handovers returned nothing');
  return row;
}

/** Locks a rider's row: two settlements of one rider are made one after the other. */
export async function lockRider(tx: DbOrTx, riderId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, riderId)).for('update');
}

/** A shop day's first instant and the next day's, in the shop's time zone. */
export async function dayBounds(db: DbOrTx, day: string, tz: string): Promise<{ from: Date; to: Date }> {
  const res = await db.execute<{ from: Date | string; to: Date | string }>(
    sql`SELECT (${day}::date::timestamp AT TIME ZONE ${tz}) AS "from", ((${day}::date + 1)::timestamp AT TIME ZONE ${tz}) AS "to"`,
  );
  const row = res.rows[0];
  if (!row) throw new Error('no day bounds');
  return { from: new Date(row.from), to: new Date(row.to) };
}

/** Orders by id, unlocked, in id order. */
export async function lockless(db: DbOrTx, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));
}

/** Each product's shelf category: its first one (the lowest id), by names. */
export async function categoriesOf(db: DbOrTx, productIds: number[]) {
  const out = new Map<number, { title: string; title_bn: string }>();
  if (productIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([productCategories.productId], {
      productId: productCategories.productId,
      title: categories.title,
      titleBn: categories.titleBn,
    })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(productCategories.productId, [...new Set(productIds)]))
    .orderBy(productCategories.productId, asc(productCategories.categoryId));
  for (const r of rows) out.set(r.productId, { title: r.title, title_bn: r.titleBn });
  return out;
}

/**
 * Orders delivered between two instants, and how many of them on time: at or before their slot's
 * end on their delivery day (an order without a slot counts as on time).
 */
export async function deliveredBetween(db: DbOrTx, from: Date, to: Date, tz: string) {
  const res = await db.execute<{ delivered: string; on_time: string }>(sql`
    SELECT count(*) AS delivered,
      count(*) FILTER (WHERE o.delivery_date IS NULL
        OR e.at <= ((o.delivery_date::timestamp + o.slot_end::time) AT TIME ZONE ${tz})) AS on_time
    FROM order_status_events e JOIN orders o ON o.id = e.order_id
    WHERE e.status = ${ORDER_STATUS.delivered} AND e.failed IS NULL
      AND e.at >= ${from.toISOString()} AND e.at < ${to.toISOString()}`);
  const row = res.rows[0];
  return { delivered: Number(row?.delivered ?? 0), onTime: Number(row?.on_time ?? 0) };
}

/** Failed deliveries between two instants, by reason, most first. */
export async function failedReasonsBetween(db: DbOrTx, from: Date, to: Date) {
  const rows = await db
    .select({ reason: orderStatusEvents.failed, count: sql<string>`count(*)` })
    .from(orderStatusEvents)
    .where(
      and(
        sql`${orderStatusEvents.failed} IS NOT NULL`,
        sql`${orderStatusEvents.at} >= ${from.toISOString()} AND ${orderStatusEvents.at} < ${to.toISOString()}`,
      ),
    )
    .groupBy(orderStatusEvents.failed)
    .orderBy(sql`count(*) DESC`, asc(orderStatusEvents.failed));
  return rows
    .filter((r): r is { reason: FailReason; count: string } => r.reason !== null)
    .map((r) => ({ reason: r.reason, count: Number(r.count) }));
}

/** A failed delivery's new slot (null: the slot stays as it was). */
export async function moveToSlot(
  tx: DbOrTx,
  orderId: number,
  slot: { date: string; start: string; end: string } | null,
): Promise<void> {
  if (!slot) return;
  await tx
    .update(orders)
    .set({ deliveryDate: slot.date, slotStart: slot.start, slotEnd: slot.end, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** The rider's last failed delivery of each order (their failure's reason and note). */
export async function lastFailuresBy(db: DbOrTx, riderId: number, orderIds: number[]) {
  const out = new Map<number, { failed: FailReason; note: string }>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([orderStatusEvents.orderId], {
      orderId: orderStatusEvents.orderId,
      failed: orderStatusEvents.failed,
      note: orderStatusEvents.note,
    })
    .from(orderStatusEvents)
    .where(
      and(
        eq(orderStatusEvents.byUserId, riderId),
        inArray(orderStatusEvents.orderId, orderIds),
        sql`${orderStatusEvents.failed} IS NOT NULL`,
      ),
    )
    .orderBy(orderStatusEvents.orderId, sql`${orderStatusEvents.at} DESC`, sql`${orderStatusEvents.id} DESC`);
  for (const r of rows)
    if (r.failed !== null) out.set(r.orderId, { failed: r.failed as FailReason, note: r.note });
  return out;
}
