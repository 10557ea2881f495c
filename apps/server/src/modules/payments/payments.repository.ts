import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentAttempts, paymentRefunds } from '../../db/schema';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type Gateway = 'bkash' | 'sslcommerz';

export async function insertAttempt(
  db: DbOrTx,
  values: { orderId: number; gateway: Gateway; amount: number },
) {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  if (!row) throw new Error('insert payment_attempts returned nothing');
  return row;
}

/** The gateway's id of the attempt (bKash's paymentID, the tran_id given to SSLCommerz). */
export async function setPaymentId(db: DbOrTx, id: number, paymentId: string) {
  await db
    .update(paymentAttempts)
    .set({ paymentId, updatedAt: sql`now()` })
    .where(eq(paymentAttempts.id, id));
}

export async function findAttempt(db: DbOrTx, gateway: Gateway, paymentId: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.gateway, gateway), eq(paymentAttempts.paymentId, paymentId)));
  return row;
}

/** The attempt under a row lock (the caller holds its order's lock first: always order, then attempt). */
export async function lockAttempt(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
  return row;
}

/** A failed or cancelled end, unless it completed already (a completion is never undone). */
export async function endAttempt(db: DbOrTx, id: number, status: 'failed' | 'cancelled', detail: string) {
  await db
    .update(paymentAttempts)
    .set({ status, detail, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), ne(paymentAttempts.status, 'completed')));
}

export async function completeAttempt(tx: DbOrTx, id: number, trxId: string) {
  await tx
    .update(paymentAttempts)
    .set({ status: 'completed', trxId, detail: '', updatedAt: sql`now()` })
    .where(eq(paymentAttempts.id, id));
}

/** Moves what was refunded of an attempt by `delta`; false when that would leave 0..amount. */
export async function addRefunded(tx: DbOrTx, id: number, delta: number): Promise<boolean> {
  const rows = await tx
    .update(paymentAttempts)
    .set({ refunded: sql`${paymentAttempts.refunded} + ${delta}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentAttempts.id, id),
        sql`${paymentAttempts.refunded} + ${delta} BETWEEN 0 AND ${paymentAttempts.amount}`,
      ),
    )
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/** An order's completed online payments that still have money to give back, newest first. */
export async function refundableAttempts(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.status, 'completed'),
        gt(paymentAttempts.amount, paymentAttempts.refunded),
      ),
    )
    .orderBy(desc(paymentAttempts.id));
}

export type RefundRow = typeof paymentRefunds.$inferSelect;

/** A refund about to be asked of the gateway (pending), in the transaction that reserved its amount. */
export async function insertRefund(
  tx: DbOrTx,
  values: { attemptId: number; orderId: number; amount: number; reason: string; userId: number | null },
): Promise<RefundRow> {
  const [row] = await tx.insert(paymentRefunds).values(values).returning();
  if (!row) throw new Error('insert payment_refunds returned nothing');
  return row;
}

/** The refund under a row lock (after its order's and attempt's locks). */
export async function lockRefund(tx: DbOrTx, id: number): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).for('update');
  return row;
}

export async function endRefund(
  tx: DbOrTx,
  id: number,
  values: { state: 'done' | 'failed' | 'pending'; reference?: string | null; detail: string },
): Promise<void> {
  await tx
    .update(paymentRefunds)
    .set({ ...values, tries: sql`${paymentRefunds.tries} + 1`, updatedAt: sql`now()` })
    .where(eq(paymentRefunds.id, id));
}

/** What an order has asked the gateways to give back and not heard the end of yet. */
export async function pendingRefundsOf(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.state, 'pending')));
}

/** Every refund still pending, oldest first (the settling job's list). */
export async function pendingRefunds(db: DbOrTx, limit = 50): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.state, 'pending'))
    .orderBy(paymentRefunds.id)
    .limit(limit);
}

export async function findAttemptById(db: DbOrTx, id: number): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return row;
}

/**
 * Attempts the gateway took (they have its id) that nobody has heard the end of for `olderThan`
 * milliseconds, oldest first; once asked about (`checks`), again only 1, 2, 4 … times `backoff`
 * after the last ask, at most a day apart.
 */
export async function staleStartedAttempts(db: DbOrTx, now: Date, olderThanMs: number, backoffMs: number) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'started'),
        sql`${paymentAttempts.paymentId} IS NOT NULL`,
        sql`${paymentAttempts.createdAt} < ${new Date(now.getTime() - olderThanMs)}`,
        sql`(${paymentAttempts.checks} = 0 OR ${paymentAttempts.updatedAt} < ${now}::timestamptz - least(interval '1 day', ${backoffMs} * interval '1 millisecond' * power(2, least(${paymentAttempts.checks} - 1, 16))))`,
      ),
    )
    .orderBy(paymentAttempts.id)
    .limit(50);
}

/** One more time the shop asked the gateway about an attempt (its next ask waits longer). */
export async function countCheck(db: DbOrTx, id: number, detail: string) {
  await db
    .update(paymentAttempts)
    .set({ checks: sql`${paymentAttempts.checks} + 1`, detail, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'started')));
}
