import { and, asc, desc, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order } from '@bazar/contracts/orders';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, payments } from '../../db/schema';
import { escapeLike } from '../catalog/products.repository';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

const cents = (qty: string | number) => Math.round(Number(qty) * 100);
/** floor(price × quantity) in whole taka, computed exactly from hundredths of the quantity. */
export const lineTotal = (price: number, qty: string | number) => Math.floor((price * cents(qty)) / 100);

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
      total: lineTotal(l.price, l.quantity),
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
    .select({ n: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return row?.n ?? 0;
}
