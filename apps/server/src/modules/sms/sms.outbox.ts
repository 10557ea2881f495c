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
    await tx.insert(smsOutbox).values({ toPhone: to, message });
    // Wake this process's sender soon after; other app servers find the row by polling.
    setImmediate(() => this.listeners.forEach((fn) => fn()));
  }

  onEnqueue(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
