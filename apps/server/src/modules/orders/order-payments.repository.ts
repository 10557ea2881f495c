import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { orders, orderStatusEvents, returnLines, returns } from '../../db/schema';
import type { OrderRow } from './orders.repository';

/** What changes an order after it was placed besides its money (the money core's): returns, its status steps, its deletion. */

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

/** A customer's orders with money still due (not cancelled), oldest first; locked when `lock`. */
export async function openDuesOf(db: DbOrTx, userId: number, lock = false): Promise<OrderRow[]> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.due, 0), sql`${orders.status} <> 4`))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return lock ? q.for('update') : q;
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

export async function deleteOrder(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, id));
}
