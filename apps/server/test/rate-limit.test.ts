import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { clientKey } from '../src/lib/rate-limit';
import { client, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

const clock = new ManualClock(Date.parse('2026-11-22T10:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ clock, config: { rateLimit: true } });
});

/** A login from a given client address (the test app trusts no proxy: the socket's address counts). */
const loginFrom = (ip: string, phone: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ phone, password }),
  });

describe('wrong passwords slow the guesser down, never lock the owner out', () => {
  it('five wrong tries go at once, then 1 s, 2 s, 4 s … between tries, for that phone from that client only', async () => {
    const c = await registerCustomer(t.app);
    const attacker = '203.0.113.66';
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(attacker, c.phone, 'wrong-pass')).statusCode).toBe(401);
    const slowed = await loginFrom(attacker, c.phone, c.password);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: 'rate_limited', retry_after: 1 });
    expect(slowed.headers['retry-after']).toBe('1');

    // Ten, twenty wrong passwords from elsewhere: the owner at the till still signs in at once.
    for (let i = 0; i < 20; i++) await loginFrom(attacker, c.phone, 'wrong-pass');
    expect((await loginFrom('192.0.2.10', c.phone, c.password)).statusCode).toBe(200);

    // The guesser waits longer each time: after the sixth failure 2 s, after the seventh 4 s.
    clock.advance(1000);
    expect((await loginFrom(attacker, c.phone, 'wrong-pass')).statusCode).toBe(401);
    expect((await loginFrom(attacker, c.phone, 'wrong-pass')).json()).toMatchObject({ retry_after: 2 });
    clock.advance(2000);
    expect((await loginFrom(attacker, c.phone, 'wrong-pass')).statusCode).toBe(401);
    expect((await loginFrom(attacker, c.phone, 'wrong-pass')).json()).toMatchObject({ retry_after: 4 });
    // A good login after the wait clears the counter.
    clock.advance(4000);
    expect((await loginFrom(attacker, c.phone, c.password)).statusCode).toBe(200);
    expect((await loginFrom(attacker, c.phone, 'wrong-pass')).statusCode).toBe(401);
  });

  it('parallel guesses are counted before they are judged: twenty at once, five at most judged', async () => {
    const c = await registerCustomer(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => loginFrom('198.51.100.7', c.phone, 'wrong-pass')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // The five let through are judged two at a time from one address: any more at once is refused
    // unjudged (503 busy, the password queue's share of one client).
    const judged = statuses.filter((s) => s === 401).length;
    expect(judged).toBeGreaterThanOrEqual(1);
    expect(judged + statuses.filter((s) => s === 503).length).toBe(5);
  });

  it("a session's wrong current passwords count as wrong logins of that phone from that client", async () => {
    const c = await registerCustomer(t.app);
    const change = (current: string, from = '198.51.100.20') =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/update',
        remoteAddress: from,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
        payload: JSON.stringify({ name: 'Guesser', password: 'taken-over', current_password: current }),
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).statusCode).toBe(422);
    const slowed = await change(c.password);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: 'rate_limited', retry_after: 1 });
    // The same key as the login form's: that client cannot go on guessing there either.
    expect((await loginFrom('198.51.100.20', c.phone, 'guess-6')).statusCode).toBe(429);
    // The owner elsewhere is not held back; the right password after the wait clears the count.
    expect((await loginFrom('192.0.2.30', c.phone, c.password)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await change(c.password)).statusCode).toBe(200);
    expect((await change('taken-over')).statusCode).toBe(200);
  });

  it('one IPv6 /64 is one client', async () => {
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');

    const c = await registerCustomer(t.app);
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(`2001:db8:aa:bb::${i + 1}`, c.phone, 'wrong-pass')).statusCode).toBe(401);
    // Another address of the same /64 is the same guesser.
    expect((await loginFrom('2001:db8:aa:bb::99', c.phone, 'wrong-pass')).statusCode).toBe(429);
    expect((await loginFrom('2001:db8:aa:cc::1', c.phone, 'wrong-pass')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses "on" (any client could choose its address), takes hops or addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/TRUST_PROXY=on is not allowed/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/not allowed/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,banana' })).toThrow(/not a number of proxies/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24, ::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
    ]);
  });

  it("without a trusted proxy X-Forwarded-For is ignored; behind one hop the proxy's header counts", async () => {
    const header = (app: TestApp['app'], forwarded: string) =>
      app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.0.0.5',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
        payload: JSON.stringify({ name: 'R', phone: newPhone(), password: 'secret123' }),
      });
    // No proxy trusted: a client rotating X-Forwarded-For is still one client (10 a hour).
    const direct = await testApp({ clock, config: { rateLimit: true } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await header(direct.app, `203.0.113.${i}`)).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);

    // Behind one trusted proxy each forwarded client has its own count.
    const proxied = await testApp({ clock, config: { rateLimit: true, trustProxy: 1 } });
    const each: number[] = [];
    for (let i = 0; i < 11; i++) each.push((await header(proxied.app, `203.0.113.${i}`)).statusCode);
    expect(each.every((s) => s === 201)).toBe(true);
  });
});

describe('other account limits', () => {
  it('limits registrations per IP', async () => {
    clock.advance(3600_000);
    const api = client(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await api.post('/api/register', { name: 'R', phone: newPhone(), password: 'secret123' })).status,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(-1)).toEqual([429]);
  });

  it('limits code requests per phone', async () => {
    clock.advance(3600_000);
    const api = client(t.app);
    const phone = newPhone();
    await t.database.pool.query(
      `INSERT INTO users (name, phone, password_hash, ref_code) VALUES ('x', $1, 'scrypt$1$1$1$a$b', $2)`,
      [phone, `R${phone.slice(-7)}`],
    );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await api.post('/api/forgot', { phone })).status);
      clock.advance(61_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
