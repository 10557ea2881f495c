import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { orders, orderStatusEvents, payments, returnLines, returns, users } from '../../db/schema';
import type { OrderRow } from './orders.repository';

/** What changes an order after it was placed: payments and refunds, returns, the customer's advance, its status steps, its deletion. */

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
