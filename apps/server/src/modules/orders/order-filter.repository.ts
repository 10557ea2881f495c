import { and, desc, eq, gt, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazar/contracts/orders';
import { escapeLike, type DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { OrderRow } from './orders.repository';

/** The order filter of the back office's lists (type, due or paid, a customer, shop days, a field's text, a slot), its totals and its export in batches. */

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
