import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { passwordQueue, setPasswordHashCost } from '../src/lib/crypto';
import { client, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * Password hashing has a bounded queue (lib/crypto.ts, lib/work-queue.ts): a login that finds it
 * full, or that would be a third one under way from one client address, answers 503 `busy` at
 * once with a Retry-After, instead of queuing. Real parallel requests through the HTTP layer.
 */
let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});

afterEach(() => setPasswordHashCost('light'));

/** A login from a client address, with when its answer came (ms since `since`). */
async function loginFrom(ip: string, phone: string, password: string, since: number, lang?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...(lang && { 'accept-language': lang }) },
    payload: JSON.stringify({ phone, password }),
  });
  return { res, at: performance.now() - since };
}

const busyAnswer = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  code: res.json<{ code: string }>().code,
  retryAfter: res.headers['retry-after'],
});

describe('the password queue refuses at once what it cannot take', () => {
  it('a third login at once from one address answers 503 busy before the other two are done', async () => {
    // The production cost, so the first two are still hashing when the third arrives.
    setPasswordHashCost('production');
    const c = await registerCustomer(t.app);
    const since = performance.now();
    const answers = await Promise.all([
      loginFrom('203.0.113.9', c.phone, c.password, since),
      loginFrom('203.0.113.9', c.phone, 'wrong-password', since),
      loginFrom('203.0.113.9', c.phone, c.password, since),
    ]);
    const busy = answers.filter((a) => a.res.statusCode === 503);
    const done = answers.filter((a) => a.res.statusCode !== 503);
    expect(busy).toHaveLength(1);
    // Whichever arrived third is refused; the other two are answered as their passwords say.
    const expected = [200, 401, 200];
    for (const [i, a] of answers.entries()) {
      if (a.res.statusCode !== 503) expect([i, a.res.statusCode]).toEqual([i, expected[i]]);
    }
    const refused = busy[0]!.res;
    expect(refused.json()).toEqual({
      message: 'The shop is busy checking passwords right now. Please try again in a few seconds.',
      code: 'busy',
      retry_after: expect.any(Number),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['retry-after']).toBe(String(refused.json<{ retry_after: number }>().retry_after));
    // At once: answered while both hashes of that address were still running.
    expect(busy[0]!.at).toBeLessThan(Math.min(...done.map((a) => a.at)));

    // Another address is not held back, and the same address may try again once its are done.
    expect((await loginFrom('203.0.113.10', c.phone, c.password, since)).res.statusCode).toBe(200);
    expect((await loginFrom('203.0.113.9', c.phone, c.password, since)).res.statusCode).toBe(200);
  });

  it('a login that finds the queue full answers 503 busy at once (in Bangla when asked); the queued ones go on', async () => {
    const c = await registerCustomer(t.app);
    const { slots, maxWaiting } = passwordQueue.limits;
    // Both slots held by work that ends when the test says: every login after them must wait.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: slots }, () => passwordQueue.run(() => gate));
    try {
      const since = performance.now();
      // As many logins as may wait, two from each address (each address's whole share).
      const waiting = Array.from({ length: maxWaiting }, (_, i) =>
        loginFrom(`198.51.100.${Math.floor(i / 2) + 1}`, c.phone, i === 0 ? c.password : 'wrong', since),
      );
      for (let i = 0; i < 200 && passwordQueue.size.waiting < maxWaiting; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(passwordQueue.size).toEqual({ running: slots, waiting: maxWaiting });

      // The queue is full: a login from a fresh address, and one for a phone without an account.
      const full = await loginFrom('192.0.2.77', c.phone, c.password, since);
      expect(busyAnswer(full.res)).toEqual({ status: 503, code: 'busy', retryAfter: expect.any(String) });
      expect(Number(full.res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const unknown = await loginFrom('192.0.2.78', newPhone(), 'whatever', since, 'bn');
      expect(busyAnswer(unknown.res)).toMatchObject({ status: 503, code: 'busy' });
      expect(unknown.res.json<{ message: string }>().message).toBe(
        'দোকান এই মুহূর্তে অনেক পাসওয়ার্ড যাচাই করছে। কয়েক সেকেন্ড পরে আবার চেষ্টা করুন।',
      );
      expect(passwordQueue.size).toEqual({ running: slots, waiting: maxWaiting });

      release();
      const statuses = (await Promise.all(waiting)).map((a) => a.res.statusCode);
      expect(statuses[0]).toBe(200);
      expect(statuses.slice(1).every((s) => s === 401)).toBe(true);
    } finally {
      release();
      await Promise.all(held);
    }
    expect(passwordQueue.size).toEqual({ running: 0, waiting: 0 });
    expect((await client(t.app).post('/api/login', { phone: c.phone, password: c.password })).status).toBe(
      200,
    );
  });
});
