import net from 'node:net';
import { sql } from 'drizzle-orm';
import { say, type Message } from '@bazar/contracts/messages';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { TooManyRequests } from './errors';

export type Limit = {
  key: string;
  max: number;
  windowMs: number;
  /** What the 429 says (or says with the seconds to wait) and its code; the generic text by default. */
  message?: Message | ((seconds: number) => Message);
  code?: 'rate_limited' | 'order_limit';
};

/**
 * Counters in PostgreSQL, so every app server behind a load balancer shares them. Each check is
 * one atomic upsert (count first, then compare), so parallel requests cannot all slip under a
 * limit. `RATE_LIMIT=off` turns them all off (load tests, scripted runs).
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly enabled: boolean,
  ) {}

  /** Counts one hit on each fixed-window limit; throws 429 when any is over. */
  async hit(...limits: Limit[]): Promise<void> {
    if (!this.enabled) return;
    for (const limit of limits) {
      const now = this.clock.now();
      const windowStart = new Date(now.getTime() - limit.windowMs);
      const res = await this.db.execute<{ hits: number; window_start: Date }>(sql`
        INSERT INTO rate_limits (key, window_start, hits) VALUES (${limit.key}, ${now}, 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_start <= ${windowStart} THEN 1 ELSE rate_limits.hits + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= ${windowStart} THEN ${now} ELSE rate_limits.window_start END
        RETURNING hits, window_start`);
      const row = res.rows[0];
      if (row && row.hits > limit.max) {
        const opensAt = new Date(row.window_start).getTime() + limit.windowMs;
        const seconds = Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000));
        const message = typeof limit.message === 'function' ? limit.message(seconds) : limit.message;
        throw new TooManyRequests(message, seconds, limit.code ?? 'rate_limited');
      }
    }
  }

  /**
   * A try that slows down after failures instead of locking out: the first `free` tries of a key
   * go at once; after that each try must wait 2^(failures − free) seconds (at most `maxWaitMs`)
   * since the last one. The try is counted before it is judged (one atomic statement), so parallel
   * guesses are counted too; `reset(key)` after a success clears it. Keys are per (phone, IP):
   * someone guessing from elsewhere slows themselves down, not the owner at the shop's till.
   */
  async slowDown(key: string, free: number, maxWaitMs: number): Promise<void> {
    if (!this.enabled) return;
    const now = this.clock.now();
    const waitSecs = sql`least(power(2, greatest(rate_limits.hits - ${free}, 0)), ${maxWaitMs / 1000})`;
    const res = await this.db.execute<{ hits: number }>(sql`
      INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${now}, 1)
      ON CONFLICT (key) DO UPDATE SET hits = rate_limits.hits + 1, window_start = ${now}
      WHERE rate_limits.hits < ${free}
         OR rate_limits.window_start + make_interval(secs => ${waitSecs}) <= ${now}
      RETURNING hits`);
    if (res.rows.length > 0) return;
    const state = await this.db.execute<{ hits: number; last: Date }>(
      sql`SELECT hits, window_start AS last FROM rate_limits WHERE key = ${key}`,
    );
    const row = state.rows[0];
    const wait = row ? Math.min(2 ** Math.max(row.hits - free, 0) * 1000, maxWaitMs) : 1000;
    const left = row ? new Date(row.last).getTime() + wait - now.getTime() : wait;
    const seconds = Math.max(1, Math.ceil(left / 1000));
    throw new TooManyRequests(say('rate.wrongTries', { seconds }), seconds);
  }

  /** Forgets a key, e.g. the failed-login counter of a (phone, IP) after a good login. */
  async reset(key: string): Promise<void> {
    if (!this.enabled) return;
    await this.db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
  }
}

/**
 * The part of an address that identifies one client: an IPv4 address (also when written as
 * IPv4-mapped IPv6), or the /64 network of an IPv6 address, which one household or phone usually
 * gets whole and can pick any address from.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const MIN = 60_000;
/** The limits of the account and order routes, in one place. */
export const limits = {
  loginIp: (ip: string): Limit => ({ key: `login:ip:${clientKey(ip)}`, max: 60, windowMs: 15 * MIN }),
  /** Wrong passwords per (phone, client): 5 at once, then 1 s, 2 s, 4 s … up to 15 minutes between tries. */
  loginPair: (phone: string, ip: string) => ({
    key: `login:pair:${phone}:${clientKey(ip)}`,
    free: 5,
    maxWaitMs: 15 * MIN,
  }),
  registerIp: (ip: string): Limit => ({ key: `register:ip:${clientKey(ip)}`, max: 10, windowMs: 60 * MIN }),
  codeSendPhone: (phone: string): Limit => ({ key: `code-send:phone:${phone}`, max: 5, windowMs: 60 * MIN }),
  codeSendIp: (ip: string): Limit => ({ key: `code-send:ip:${clientKey(ip)}`, max: 20, windowMs: 60 * MIN }),
  /**
   * A reset code asked for a phone without an account: one a minute, said as a real code's wait
   * (otp.service.ts, `codeWait`), so the answers do not tell the two phones apart.
   */
  codeWaitNoAccount: (purpose: string, phone: string): Limit => ({
    key: `code-wait:no-account:${purpose}:${phone}`,
    max: 1,
    windowMs: MIN,
    message: (seconds) => say('auth.codeWait', { seconds }),
  }),
  codeCheckPhone: (phone: string): Limit => ({
    key: `code-check:phone:${phone}`,
    max: 20,
    windowMs: 60 * MIN,
  }),
  codeCheckIp: (ip: string): Limit => ({
    key: `code-check:ip:${clientKey(ip)}`,
    max: 60,
    windowMs: 60 * MIN,
  }),
  ordersAccount: (userId: number, perHour: number): Limit => ({
    key: `orders:user:${userId}`,
    max: perHour,
    windowMs: 60 * MIN,
    message: say('rate.ordersAnHour', { max: perHour }),
    code: 'order_limit',
  }),
  /** Online payments started per account: each opens a session at the gateway. */
  payOnlineAccount: (userId: number): Limit => ({
    key: `pay-online:user:${userId}`,
    max: 20,
    windowMs: 60 * MIN,
  }),
};
