import { and, asc, desc, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { lineTotal } from '@bazar/contracts/money';
import type { Order } from '@bazar/contracts/orders';
import { escapeLike, type DbOrTx } from '../../db/client';
import { orderLines, orders, payments, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = typeof orders.$inferInsert;
export type LineRow = typeof orderLines.$inferSelect;
export type LineValues = Omit<typeof orderLines.$inferInsert, 'orderId'>;

export function toOrder(o: OrderRow, lines: LineRow[]): Order {
  return {
    id: o.id,
    created: o.createdAt.toISOString(),
    name: o.name,
    phone: o.phone,
    address: o.address,
    area: o.area,
    subtotal: o.subtotal,
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
      price: l.price,
      quantity: Number(l.quantity),
      total: lineTotal(l.price, Number(l.quantity)),
    })),
  };
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

export async function withLines(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toOrder(r, lines.get(r.id) ?? []));
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
};

export async function listOrders(db: DbOrTx, f: OrderFilter, limit = 500): Promise<OrderRow[]> {
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
  return db
    .select()
    .from(orders)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(orders.id))
    .limit(limit);
}

export async function insertPayment(
  db: DbOrTx,
  values: {
    orderId: number;
    amount: number;
    method: string;
    reference: string | null;
    userId: number | null;
  },
) {
  await db.insert(payments).values(values);
}

export async function paymentsTotal(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return row?.n ?? 0;
}

/** Writes the order row and its lines (snapshots of title, attribute, price and buy price). */
export async function insertOrder(tx: DbOrTx, values: OrderValues, lines: LineValues[]) {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insert orders returned nothing');
  const inserted = lines.length
    ? await tx
        .insert(orderLines)
        .values(lines.map((l) => ({ ...l, orderId: row.id })))
        .returning()
    : [];
  return { row, lines: inserted };
}

/** Sets paid (the sum of the payments), due and status in one statement. */
export async function updatePayment(tx: DbOrTx, id: number, paid: number, status: number) {
  const [row] = await tx
    .update(orders)
    .set({
      paid,
      due: sql`${orders.subtotal} + ${orders.ship} - ${orders.discount} - ${paid}`,
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
 * Locks the account's row until the transaction ends, so two orders of one account are counted
 * one after the other (the open-orders limit cannot be slipped past in parallel).
 */
export async function lockAccount(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The account's online orders still open (not delivered, not cancelled) with money due. */
export async function countOpenUnpaid(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.online, true),
        inArray(orders.status, [0, 1, 2]),
        gt(orders.due, 0),
      ),
    );
  return row?.n ?? 0;
}
