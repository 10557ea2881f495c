import type { SQL } from 'drizzle-orm';
import { say } from '@bazar/contracts/messages';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { TooManyRequests } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import * as repo from './sms.repository';

/**
 * Why a message is sent decides which limits hold it back (the shop pays for every SMS):
 * - `code`: verification and reset codes a guest or customer asks for: the per-phone daily cap and
 *   the shop's daily budget refuse them with a clear message; redacted once sent.
 * - `order`, `restock`, `notice`: texts a customer's action causes (order confirmation, back in
 *   stock, password changed): over the per-phone daily cap they are skipped, the action goes on.
 * - `marketing`: staff send it to a list or every customer: the daily budget refuses a send that
 *   would go over it, before any of it is queued.
 * - `staff` (new-order alerts to the shop's own numbers) and `message` (a text staff write to one
 *   order's customer): set by staff, never held back, but counted in the day's total.
 */
type SmsKind = 'code' | 'order' | 'restock' | 'notice' | 'marketing' | 'staff' | 'message';

export type Sms = {
  to: string;
  message: string;
  kind: SmsKind;
  /** The text holds a secret (a code): it is redacted in the outbox once sent or given up. */
  sensitive?: boolean;
  /** Not worth sending after this (a code that has expired). */
  expiresAt?: Date;
};

const CAPPED_PER_PHONE = new Set<SmsKind>(['code', 'order', 'restock', 'notice']);

export type SmsLimits = {
  /** Off with RATE_LIMIT=off (load tests and scripted runs), like every other limit. */
  enabled: boolean;
  /** SMS one phone may get in one shop day (codes, order confirmations, notices). */
  perPhoneDaily: number;
  /** The shop's daily budget (Setting), read when a code or marketing is queued. */
  dailyBudget: () => Promise<number>;
  /** The shop's time zone: budgets reset at the shop's midnight. */
  tz: string;
};

/**
 * Writes SMS to the outbox table. Call it inside the transaction of the change that causes the
 * message; the sender delivers it after commit, with retries, so nothing is lost when the gateway
 * is down and nothing is sent for a change that rolled back.
 */
export class SmsOutbox {
  private listeners = new Set<() => void>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: SmsLimits,
  ) {}

  /**
   * Queues these messages under the limits (see SmsKind); returns how many were queued. A code
   * over a limit throws 429 (`sms_phone_limit` or `sms_budget`), which rolls back the caller's
   * transaction: the code it just stored goes too.
   */
  async enqueue(tx: DbOrTx, messages: Sms[]): Promise<number> {
    const keep = await this.select(tx, messages);
    if (keep.length === 0) return 0;
    await repo.insertMessages(tx, keep, this.clock.now());
    this.wake();
    return keep.length;
  }

  /**
   * The messages the limits let through (see enqueue), for a caller that writes them itself in
   * its own statement and then calls wake(). Codes need the caller's transaction (their budget
   * lock); other kinds only count what each phone got today.
   */
  async select(tx: DbOrTx, messages: Sms[]): Promise<Sms[]> {
    if (messages.length === 0 || !this.limits.enabled) return messages;
    const now = this.clock.now();
    const today = { day: shopDay(now, this.limits.tz), tz: this.limits.tz };
    const codes = messages.filter((m) => m.kind === 'code');
    const marketing = messages.filter((m) => m.kind === 'marketing').length;
    // Codes and marketing are checked against the budget (and codes against the cap) under one
    // lock, so parallel requests cannot all slip under the last free place.
    if (codes.length || marketing) await repo.lockBudget(tx);
    const capped = messages.filter((m) => CAPPED_PER_PHONE.has(m.kind));
    const sentToday = await repo.countToPhones(tx, [...new Set(capped.map((m) => m.to))], today);
    const keep: Sms[] = [];
    for (const m of messages) {
      if (CAPPED_PER_PHONE.has(m.kind)) {
        const n = sentToday.get(m.to) ?? 0;
        if (n >= this.limits.perPhoneDaily) {
          if (m.kind === 'code') throw phoneLimit();
          continue; // an order or a notice goes on without its text
        }
        sentToday.set(m.to, n + 1);
      }
      keep.push(m);
    }
    if (codes.length || marketing) {
      const [used, budget] = [await repo.countOnDay(tx, today), await this.limits.dailyBudget()];
      if (used + codes.length > budget) throw budgetSpent();
      // Marketing is refused as a whole, as a send to a list is (enqueueToAll).
      if (used + codes.length + marketing > budget) throw marketingOverBudget(budget, used, marketing);
    }
    return keep;
  }

  /**
   * Marketing: one message to every phone a query yields (`SELECT phone …`), de-duplicated, in one
   * statement. Refused as a whole (429 `sms_budget`) when it would take the day over the budget.
   * Returns how many were queued.
   */
  async enqueueToAll(tx: DbOrTx, phones: SQL, message: string): Promise<number> {
    const now = this.clock.now();
    if (this.limits.enabled) {
      await repo.lockBudget(tx);
      const [used, wanted, budget] = [
        await repo.countOnDay(tx, { day: shopDay(now, this.limits.tz), tz: this.limits.tz }),
        await repo.countDistinctPhones(tx, phones),
        await this.limits.dailyBudget(),
      ];
      if (used + wanted > budget) throw marketingOverBudget(budget, used, wanted);
    }
    const queued = await repo.insertToAll(tx, phones, message, now);
    if (queued) this.wake();
    return queued;
  }

  /** The shop's daily SMS budget (Setting), as the limits read it. */
  dailyBudget(): Promise<number> {
    return this.limits.dailyBudget();
  }

  onEnqueue(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Wakes this process's sender soon after; other app servers find the rows by polling. */
  wake(): void {
    setImmediate(() => this.listeners.forEach((fn) => fn()));
  }
}

const phoneLimit = () => new TooManyRequests(say('sms.phoneLimit'), undefined, 'sms_phone_limit');

const budgetSpent = () => new TooManyRequests(say('sms.shopLimit'), undefined, 'sms_budget');
const marketingOverBudget = (budget: number, used: number, more: number) =>
  new TooManyRequests(say('sms.budget', { budget, used, more }), undefined, 'sms_budget');
