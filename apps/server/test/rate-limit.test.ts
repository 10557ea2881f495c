import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { client, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

const clock = new ManualClock(Date.parse('2026-11-22T10:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ clock, config: { rateLimit: true } });
});

describe('rate limits (on by default)', () => {
  it('limits failed logins per phone, and a window later it is open again', async () => {
    const api = client(t.app);
    const c = await registerCustomer(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await api.post('/api/login', { phone: c.phone, password: 'wrong-pass' })).status).toBe(401);
    }
    const blocked = await api.post('/api/login', { phone: c.phone, password: c.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many attempts. Please try again later.');
    clock.advance(15 * 60_000 + 1);
    expect((await api.post('/api/login', { phone: c.phone, password: c.password })).status).toBe(200);
  });

  it('limits registrations per IP', async () => {
    const api = client(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await api.post('/api/register', { name: 'R', phone: newPhone(), password: 'secret123' })).status,
      );
    }
    // registerCustomer above used one of the ten
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.slice(-2)).toEqual([429, 429]);
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
