import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError, type Db } from '../../db/client';
import type { SmsDriver } from './sms.drivers';
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
};

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
      await this.driver.send(row.to_phone, row.message);
      return row.id;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= this.maxAttempts;
      const delay = Math.min(this.backoffMs * 2 ** (row.attempts - 1), 3_600_000);
      this.log.warn(
        { sms: row.id, attempt: row.attempts, error },
        giveUp ? 'SMS failed for good' : 'SMS failed, will retry',
      );
      await repo.markFailed(this.db, row.id, error, giveUp, delay);
    }
  }
}
