import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ManualClock } from '../src/lib/clock';
import { newPhone, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * `POST /api/forgot` must not tell whether a phone has an account: the same status, body and
 * Retry-After for a phone with one and a phone without, whatever the limits say; only the phone
 * with an account gets a code by SMS. RATE_LIMIT is on here, as in production.
 */
const clock = new ManualClock(Date.parse('2026-11-23T04:00:00Z'));
let t: TestApp;
let ip = 0;

beforeAll(async () => {
  t = await testApp({ clock, config: { rateLimit: true } });
});

/** A forgot request from an address of its own unless told (the per-IP limit is counted apart). */
const forgot = (phone: string, from = `198.51.100.${++ip}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/forgot',
    remoteAddress: from,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ phone }),
  });

/** What a client can see of an answer: status, body and the headers that could differ. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.json<unknown>(),
  type: res.headers['content-type'],
  retryAfter: res.headers['retry-after'],
});

const outboxTo = async (phone: string) =>
  (await t.database.pool.query<{ kind: string }>('SELECT kind FROM sms_outbox WHERE to_phone = $1', [phone]))
    .rows;

/** A registered customer whose verification SMS is out of the way of the phone's counts. */
async function account() {
  const c = await registerCustomer(t.app);
  await t.database.pool.query('DELETE FROM sms_outbox WHERE to_phone = $1', [c.phone]);
  await t.database.pool.query(
    'DELETE FROM otp_codes WHERE user_id = (SELECT id FROM users WHERE phone = $1)',
    [c.phone],
  );
  return c.phone;
}

describe('forgot password answers alike with or without an account', () => {
  it('the same 200 and body; only the account gets a code SMS', async () => {
    clock.advance(3600_000);
    const [known, unknown] = [await account(), newPhone()];
    const [a, b] = [await forgot(known), await forgot(unknown)];
    expect(seen(a)).toEqual(seen(b));
    expect(seen(b)).toEqual({
      status: 200,
      body: { message: 'Code is send, Please wait...' },
      type: 'application/json; charset=utf-8',
      retryAfter: undefined,
    });
    expect(await outboxTo(known)).toEqual([{ kind: 'code' }]);
    expect(await outboxTo(unknown)).toEqual([]);
    const users = await t.database.pool.query('SELECT 1 FROM users WHERE phone = $1', [unknown]);
    expect(users.rowCount).toBe(0);
  });

  it('asked again within the minute: the same 429 with the same wait, then the same 200', async () => {
    clock.advance(3600_000);
    const [known, unknown] = [await account(), newPhone()];
    await forgot(known);
    await forgot(unknown);
    clock.advance(20_000);
    const [a, b] = [await forgot(known), await forgot(unknown)];
    expect(seen(a)).toEqual(seen(b));
    expect(seen(b)).toEqual({
      status: 429,
      body: {
        message: 'Please wait 40 seconds before asking for a new code.',
        code: 'rate_limited',
        retry_after: 40,
      },
      type: 'application/json; charset=utf-8',
      retryAfter: '40',
    });
    clock.advance(41_000);
    const [c, d] = [await forgot(known), await forgot(unknown)];
    expect(seen(c)).toEqual(seen(d));
    expect(seen(d).status).toBe(200);
    expect(await outboxTo(known)).toHaveLength(2);
    expect(await outboxTo(unknown)).toEqual([]);
  });

  it('the rate limits count both: the sixth request of the hour per phone, the 21st per address', async () => {
    clock.advance(3600_000);
    const [known, unknown] = [await account(), newPhone()];
    const statuses = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 6; i++) {
      statuses.known.push((await forgot(known)).statusCode);
      statuses.unknown.push((await forgot(unknown)).statusCode);
      clock.advance(61_000);
    }
    expect(statuses).toEqual({
      known: [200, 200, 200, 200, 200, 429],
      unknown: [200, 200, 200, 200, 200, 429],
    });

    // Twenty requests from one address for phones without an account use up that address's hour.
    const from = '203.0.113.250';
    for (let i = 0; i < 20; i++) expect((await forgot(newPhone(), from)).statusCode).toBe(200);
    const [a, b] = [await forgot(await account(), from), await forgot(newPhone(), from)];
    expect(seen(a)).toEqual(seen(b));
    expect(seen(a).status).toBe(429);
  });

  it("when the shop's SMS budget is spent: the same 429 sms_budget for both", async () => {
    clock.advance(24 * 3600_000);
    const [known, unknown] = [await account(), newPhone()];
    await t.database.pool.query('UPDATE settings SET sms_budget = 1');
    try {
      // A new shop day: its budget of 1 is taken by one code.
      expect((await forgot(await account())).statusCode).toBe(200);
      const [a, b] = [await forgot(known), await forgot(unknown)];
      expect(seen(a)).toEqual(seen(b));
      expect(seen(a)).toMatchObject({ status: 429, body: { code: 'sms_budget' } });
      // Refused, neither started its minute: with room in the budget both are sent at once.
      await t.database.pool.query('UPDATE settings SET sms_budget = 500');
      const [c, d] = [await forgot(known), await forgot(unknown)];
      expect(seen(c)).toEqual(seen(d));
      expect(seen(c).status).toBe(200);
      expect(await outboxTo(unknown)).toEqual([]);
    } finally {
      await t.database.pool.query('UPDATE settings SET sms_budget = 500');
    }
  });
});
