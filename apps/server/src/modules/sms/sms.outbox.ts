import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { smsOutbox } from '../../db/schema';

/**
 * Writes SMS to the outbox table. Call it inside the transaction of the change that causes the
 * message; the sender delivers it after commit, with retries, so nothing is lost when the gateway
 * is down and nothing is sent for a change that rolled back.
 */
export class SmsOutbox {
  private listeners = new Set<() => void>();

  async enqueue(tx: DbOrTx, to: string, message: string): Promise<void> {
    await this.enqueueMany(tx, [{ to, message }]);
  }

  /** Several messages in one insert (an order's staff and customer SMS). */
  async enqueueMany(tx: DbOrTx, messages: Array<{ to: string; message: string }>): Promise<void> {
    if (messages.length === 0) return;
    await tx.insert(smsOutbox).values(messages.map((m) => ({ toPhone: m.to, message: m.message })));
    // Wake this process's sender soon after; other app servers find the row by polling.
    setImmediate(() => this.listeners.forEach((fn) => fn()));
  }

  /**
   * One message to every phone a query yields (`SELECT phone …`), de-duplicated, in one statement:
   * marketing to a list or to every customer. Returns how many were queued.
   */
  async enqueueToAll(tx: DbOrTx, phones: SQL, message: string): Promise<number> {
    const res = await tx.execute(sql`
      INSERT INTO sms_outbox (to_phone, message)
      SELECT DISTINCT p.phone, ${message} FROM (${phones}) AS p(phone)`);
    if (res.rowCount) setImmediate(() => this.listeners.forEach((fn) => fn()));
    return res.rowCount ?? 0;
  }

  onEnqueue(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
