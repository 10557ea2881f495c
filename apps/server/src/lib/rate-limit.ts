import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { TooManyRequests } from './errors';

export type Limit = { key: string; max: number; windowMs: number };

/**
 * Fixed-window counters in PostgreSQL, so every app server behind a load balancer shares them.
 * One upsert per check; `RATE_LIMIT=off` turns them all off (load tests, scripted runs).
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly enabled: boolean,
  ) {}

  /** Counts one hit on each limit; throws 429 when any is over. */
  async hit(...limits: Limit[]): Promise<void> {
    if (!this.enabled) return;
    for (const limit of limits) {
      const now = this.clock.now();
      const windowStart = new Date(now.getTime() - limit.windowMs);
      const res = await this.db.execute<{ hits: number }>(sql`
        INSERT INTO rate_limits (key, window_start, hits) VALUES (${limit.key}, ${now}, 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_start <= ${windowStart} THEN 1 ELSE rate_limits.hits + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= ${windowStart} THEN ${now} ELSE rate_limits.window_start END
        RETURNING hits`);
      const hits = res.rows[0]?.hits ?? 0;
      if (hits > limit.max) throw new TooManyRequests();
    }
  }

  /** Forgets a key, e.g. the failed-login counter of a phone after a good login. */
  async reset(key: string): Promise<void> {
    if (!this.enabled) return;
    await this.db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
  }
}

const MIN = 60_000;
/** The limits of the account routes, in one place. */
export const limits = {
  loginPhone: (phone: string): Limit => ({ key: `login:phone:${phone}`, max: 10, windowMs: 15 * MIN }),
  loginIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 60, windowMs: 15 * MIN }),
  registerIp: (ip: string): Limit => ({ key: `register:ip:${ip}`, max: 10, windowMs: 60 * MIN }),
  codeSendPhone: (phone: string): Limit => ({ key: `code-send:phone:${phone}`, max: 5, windowMs: 60 * MIN }),
  codeSendIp: (ip: string): Limit => ({ key: `code-send:ip:${ip}`, max: 20, windowMs: 60 * MIN }),
  codeCheckPhone: (phone: string): Limit => ({
    key: `code-check:phone:${phone}`,
    max: 20,
    windowMs: 60 * MIN,
  }),
  codeCheckIp: (ip: string): Limit => ({ key: `code-check:ip:${ip}`, max: 60, windowMs: 60 * MIN }),
};
