import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError, type Db } from '../../db/client';
import { SmsSendError, type SmsDriver } from './sms-gateway';
import type { SmsOutbox } from './sms.outbox';
import * as repo from './sms.repository';

type Row = repo.OutboxRow;

export type SenderOptions = {
  pollMs: number;
  /** First retry delay; doubles each attempt, capped at one hour. */
  backoffMs?: number;
  maxAttempts?: number;
  /** How long a claimed row stays invisible to other senders while this one delivers it. */
  leaseMs?: number;
  /** The longest wait between tries while the gateway refuses the shop's account (15 minutes). */
  configRetryMaxMs?: number;
};

const HOUR = 3_600_000;
const clamp = (ms: number, min: number, max: number) => Math.min(Math.max(ms, min), max);

/**
 * Delivers outbox rows. Several app servers may run one each: a row is claimed with
 * FOR UPDATE SKIP LOCKED and leased, so each message goes to the gateway once per attempt.
 */
export class SmsSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private again = false;
  private dbAway = false;
  private unsubscribe: (() => void) | undefined;
  private readonly backoffMs: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly configRetryMaxMs: number;

  constructor(
    private readonly db: Db,
    private readonly driver: SmsDriver,
    private readonly outbox: SmsOutbox,
    private readonly log: FastifyBaseLogger,
    private readonly opts: SenderOptions,
  ) {
    this.backoffMs = opts.backoffMs ?? 5_000;
    this.maxAttempts = opts.maxAttempts ?? 10;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.configRetryMaxMs = opts.configRetryMaxMs ?? 15 * 60_000;
  }

  start(): void {
    this.stopped = false;
    this.unsubscribe = this.outbox.onEnqueue(() => this.kick());
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => {
        if (this.dbAway) this.log.info('SMS sender reaches the database again');
        this.dbAway = false;
      })
      .catch((err: unknown) => {
        // The database away (a restart, a failover): once per outage, not at every poll.
        if (!isConnectionError(err)) this.log.error({ err }, 'SMS sender pass failed');
        else if (!this.dbAway)
          this.log.warn({ err }, 'SMS sender cannot reach the database; it keeps trying');
        this.dbAway = isConnectionError(err);
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.opts.pollMs);
        }
      });
  }

  /** Delivers every row that is due; returns how many were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await this.claim(20);
      if (rows.length === 0) return handled;
      const sent = (await Promise.all(rows.map((row) => this.deliver(row)))).flatMap((id) =>
        id ? [id] : [],
      );
      // One update for every message of the batch the gateway took.
      await repo.markSent(this.db, sent);
      handled += rows.length;
    }
  }

  private claim(limit: number): Promise<Row[]> {
    return repo.claimDue(this.db, limit, this.leaseMs);
  }

  /** Sends one message; returns its id when the gateway took it, or records the failure. */
  private async deliver(row: Row): Promise<number | undefined> {
    try {
      await this.driver.send({
        id: row.id,
        to: row.to_phone,
        message: row.message,
        queuedAt: row.created_at,
      });
      return row.id;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const outcome = this.afterFailure(row, err);
      this.log.warn(
        { sms: row.id, attempt: row.attempts, error },
        outcome.giveUp ? 'SMS failed for good' : 'SMS failed, will retry',
      );
      await repo.markFailed(this.db, row.id, error, outcome);
    }
  }

  /**
   * What a failure does to the message (SmsFailure in sms-gateway.ts; any other error is `retry`):
   * - `retry`: again after the backoff (doubling, at most an hour; longer if the gateway's
   *   Retry-After says so), given up after the last attempt;
   * - `throttled`: again after the gateway's Retry-After (else the backoff), not counted;
   * - `config`: not counted, never given up; the wait grows with the message's age (half of it),
   *   from the first backoff to `configRetryMaxMs`, so a fixed key or a recharge is seen soon;
   * - `permanent`: given up now.
   */
  private afterFailure(row: Row, err: unknown): { giveUp: boolean; delayMs: number; counts: boolean } {
    const failure = err instanceof SmsSendError ? err.failure : 'retry';
    const retryAfterMs = err instanceof SmsSendError ? err.retryAfterMs : undefined;
    const backoff = Math.min(this.backoffMs * 2 ** (row.attempts - 1), HOUR);
    switch (failure) {
      case 'permanent':
        return { giveUp: true, delayMs: 0, counts: true };
      case 'throttled':
        return { giveUp: false, delayMs: clamp(retryAfterMs ?? backoff, 0, HOUR), counts: false };
      case 'config': {
        const age = Date.now() - row.created_at.getTime();
        return {
          giveUp: false,
          delayMs: clamp(age / 2, this.backoffMs, this.configRetryMaxMs),
          counts: false,
        };
      }
      case 'retry':
        return {
          giveUp: row.attempts >= this.maxAttempts,
          delayMs: clamp(Math.max(backoff, retryAfterMs ?? 0), 0, HOUR),
          counts: true,
        };
    }
  }
}
