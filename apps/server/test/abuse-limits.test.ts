import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { hashPassword, needsRehash, setPasswordHashCost } from '../src/lib/crypto';
import { makeBrand, makeProduct } from './catalog-factories';
import { sendDuesReminders } from '../src/modules/customers/dues-reminder';
import { adminToken, client, lastCode, newPhone, testApp, type TestApp } from './helpers';

/**
 * The limits that keep a guest or a customer from spending the shop's money on SMS, each tested
 * with the injectable clock. RATE_LIMIT is on here, as in production.
 */
const clock = new ManualClock(Date.parse('2026-11-23T04:00:00Z')); // 10:00 in Dhaka
let t: TestApp;
let api: ReturnType<typeof client>;
let brand: number;
let ip = 0;
const ADMIN_PHONE = newPhone();
/** A fresh admin session: the clock moves days ahead here, and an admin's session ends after 12 hours. */
const admin = () => adminToken(t, ADMIN_PHONE);

beforeAll(async () => {
  t = await testApp({ clock, config: { rateLimit: true } });
  api = client(t.app);
  brand = await makeBrand(t.app, await admin());
  await t.database.pool.query("UPDATE settings SET ship = 0, sms_numbers = '01911000001'");
});

const post = (url: string, body: unknown, token?: string, from = '192.0.2.1') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    payload: JSON.stringify(body),
  });

/** A customer registered from an address of its own (the per-IP registration limit is not under test here). */
async function customer(opts: { verified?: boolean } = {}) {
  const phone = newPhone();
  const res = await post(
    '/api/register',
    { name: 'Limit Tester', phone, password: 'secret123' },
    undefined,
    `198.18.${Math.floor(++ip / 250)}.${ip % 250}`,
  );
  if (res.statusCode !== 201) throw new Error(`register: ${res.body}`);
  const token = res.json<{ token: string }>().token;
  if (opts.verified !== false) {
    const v = await post('/api/varify', { code: await lastCode(t.database, phone) }, token);
    if (v.statusCode !== 200) throw new Error(`verify: ${v.body}`);
  }
  return { phone, token };
}

const outbox = async (where: string, params: unknown[]) =>
  (
    await t.database.pool.query<{ to_phone: string; message: string; kind: string }>(
      `SELECT to_phone, message, kind FROM sms_outbox WHERE ${where} ORDER BY id`,
      params,
    )
  ).rows;

const order = (token: string, productId: number, extra: Record<string, unknown> = {}) =>
  post(
    '/api/order/add',
    {
      name: 'Buyer',
      phone: '01700000001',
      address: 'Road 1',
      area: 'Mirpur',
      carts: [{ product_id: productId, quantity: 1 }],
      ...extra,
    },
    token,
  );

describe('online orders', () => {
  it('the confirmation goes to the account’s own phone only, never to the number typed in the form', async () => {
    const [p] = await makeProduct(t.app, await admin(), brand, { qty: '100' });
    const c = await customer();
    const victim = newPhone();
    const res = await order(c.token, p!.id, { phone: victim });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: { id: number } }>().data.id;
    const sms = await outbox('message LIKE $1', [`%#${id}%`]);
    expect(sms.map((s) => [s.to_phone, s.kind])).toEqual([
      ['01911000001', 'staff'],
      [c.phone, 'order'],
    ]);
    expect(await outbox('to_phone = $1', [victim])).toEqual([]);
  });

  it('at most five open unpaid orders per account; a paid one makes room', async () => {
    const [p] = await makeProduct(t.app, await admin(), brand, { qty: '100' });
    const c = await customer();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await order(c.token, p!.id);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ data: { id: number } }>().data.id);
    }
    const sixth = await order(c.token, p!.id);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'order_limit' });
    // Delivered and paid: no longer open.
    const paid = await api.post(`/api/order/pay/${ids[0]}`, { status: 3, paid: 100 }, await admin());
    expect(paid.status).toBe(200);
    expect((await order(c.token, p!.id)).statusCode).toBe(201);
  });

  it('parallel orders of one account cannot slip past the open-orders limit', async () => {
    const [p] = await makeProduct(t.app, await admin(), brand, { qty: '100' });
    const c = await customer();
    const answers = await Promise.all(Array.from({ length: 9 }, () => order(c.token, p!.id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
  });

  it('at most ten orders per account an hour (even paid ones)', async () => {
    const [p] = await makeProduct(t.app, await admin(), brand, { qty: '100' });
    const c = await customer();
    for (let i = 0; i < 10; i++) {
      const res = await order(c.token, p!.id);
      expect(res.statusCode).toBe(201);
      const id = res.json<{ data: { id: number } }>().data.id;
      await api.post(`/api/order/pay/${id}`, { status: 3, paid: 100 }, await admin());
    }
    const eleventh = await order(c.token, p!.id);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'order_limit', retry_after: expect.any(Number) });
    clock.advance(3600_000 + 1);
    expect((await order(c.token, p!.id)).statusCode).toBe(201);
  });
});

describe('SMS a phone may get in a day', () => {
  it('codes stop at the per-phone cap with a clear message; the next shop day they go again', async () => {
    const c = await customer({ verified: false });
    const sendcode = (from: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/sendcode',
        remoteAddress: from,
        headers: { authorization: `Bearer ${c.token}` },
      });
    // The registration's code was the first SMS today; eight earlier codes make nine.
    await t.database.pool.query(
      `INSERT INTO sms_outbox (to_phone, message, kind, status, created_at)
       SELECT $1, 'an earlier code', 'code', 'sent', $2 FROM generate_series(1, 8)`,
      [c.phone, clock.now()],
    );
    clock.advance(61_000);
    expect((await sendcode('203.0.113.1')).statusCode).toBe(200);
    expect(await outbox('to_phone = $1 AND kind = $2', [c.phone, 'code'])).toHaveLength(10);
    clock.advance(61_000);
    const capped = await t.app.inject({
      method: 'GET',
      url: '/api/sendcode',
      remoteAddress: '203.0.113.200',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({
      code: 'sms_phone_limit',
      message: expect.stringMatching(/as many SMS as we send to one number in a day/),
    });
    expect(await outbox('to_phone = $1', [c.phone])).toHaveLength(10);
    // Tomorrow in Dhaka.
    clock.advance(24 * 3600_000);
    const next = await t.app.inject({
      method: 'GET',
      url: '/api/sendcode',
      remoteAddress: '203.0.113.201',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(next.statusCode).toBe(200);
  });

  it('an order over the cap is still placed; only its confirmation is skipped', async () => {
    const [p] = await makeProduct(t.app, await admin(), brand, { qty: '100' });
    clock.advance(24 * 3600_000);
    const c = await customer();
    // One SMS so far today (its code); nine earlier notices make the day's ten.
    await t.database.pool.query(
      `INSERT INTO sms_outbox (to_phone, message, kind, status, created_at)
       SELECT $1, 'earlier', 'notice', 'sent', $2 FROM generate_series(1, 9)`,
      [c.phone, clock.now()],
    );
    const res = await order(c.token, p!.id);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: { id: number } }>().data.id;
    expect((await outbox('message LIKE $1', [`%#${id}%`])).map((s) => s.kind)).toEqual(['staff']);
  });
});

describe("the shop's daily SMS budget", () => {
  it('holds codes and marketing back with a clear message once spent; tomorrow it is fresh', async () => {
    clock.advance(24 * 3600_000);
    await t.database.pool.query('UPDATE settings SET sms_budget = 10');
    const list = (await api.post('/api/sms-list/add', { title: 'Budget' }, await admin())).body.data as {
      id: number;
    };
    for (let i = 0; i < 8; i++)
      await api.post(
        '/api/sms-item/add',
        { name: `N${i}`, phone: newPhone(), list_id: list.id },
        await admin(),
      );
    const c = await customer({ verified: false }); // 1 SMS (its code)
    const sent = await api.post(`/api/sms-send/${list.id}`, { text: 'Budget test 1' }, await admin());
    expect(sent.body).toEqual({ message: 'SMS queued', queued: 8 }); // 9 of 10 used

    // Over the budget: refused whole, nothing queued.
    const over = await api.post(`/api/sms-send/${list.id}`, { text: 'Budget test 2' }, await admin());
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 'sms_budget',
      message: expect.stringMatching(/budget is 10 .* 9 are used/),
    });
    expect(await outbox('message = $1', ['Budget test 2'])).toEqual([]);

    clock.advance(61_000);
    const code = await t.app.inject({
      method: 'GET',
      url: '/api/sendcode',
      remoteAddress: '203.0.113.90',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(code.statusCode).toBe(200); // the tenth
    clock.advance(61_000);
    const held = await t.app.inject({
      method: 'GET',
      url: '/api/sendcode',
      remoteAddress: '203.0.113.91',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({
      code: 'sms_budget',
      message: expect.stringMatching(/all of today's SMS/),
    });

    clock.advance(24 * 3600_000);
    const fresh = await api.post(`/api/sms-send/${list.id}`, { text: 'Budget test 3' }, await admin());
    expect(fresh.body).toEqual({ message: 'SMS queued', queued: 8 });
    await t.database.pool.query('UPDATE settings SET sms_budget = 500');
  });

  it('parallel code requests cannot overshoot the budget', async () => {
    clock.advance(24 * 3600_000);
    await t.database.pool.query('UPDATE settings SET sms_budget = 10');
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await customer({ verified: false })); // 4 codes
    clock.advance(61_000);
    const answers = await Promise.all(
      [...people, ...people, ...people].map((c, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/forgot',
          remoteAddress: `203.0.113.${100 + i}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ phone: c.phone }),
        }),
      ),
    );
    // Four resets fit (one per phone: the one-a-minute rule refuses the rest); 8 of 10 used.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    const { rows } = await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sms_outbox WHERE created_at >= $1',
      [new Date(clock.now().getTime() - 120_000)],
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(10);
    await t.database.pool.query('UPDATE settings SET sms_budget = 500');
  });
});

describe('one-time codes', () => {
  it('fifteen parallel guesses: only five are ever compared, and the right code is dead after them', async () => {
    clock.advance(24 * 3600_000);
    const c = await customer({ verified: false });
    const right = await lastCode(t.database, c.phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post('/api/varify', { code: wrong }, c.token, `203.0.113.${i}`)),
    );
    const messages = answers.map((a) => a.json<{ errors: { code: string[] } }>().errors.code[0]);
    expect(messages.filter((m) => m === 'The code is not correct.')).toHaveLength(4);
    expect(
      messages
        .filter((m) => m !== 'The code is not correct.')
        .every((m) => /Too many wrong codes|No code/.test(m ?? '')),
    ).toBe(true);
    const late = await post('/api/varify', { code: right }, c.token, '203.0.113.77');
    expect(late.statusCode).toBe(422);
    const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE phone = $1 AND status = 1', [
      c.phone,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('two right answers at once verify once', async () => {
    const c = await customer({ verified: false });
    const code = await lastCode(t.database, c.phone);
    const answers = await Promise.all([
      post('/api/varify', { code }, c.token, '203.0.113.150'),
      post('/api/varify', { code }, c.token, '203.0.113.151'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('only verified accounts cost the shop SMS', () => {
  it('marketing to every customer skips unverified accounts', async () => {
    const verified = await customer();
    const unverified = await customer({ verified: false });
    const res = await api.post('/api/sms-send/0', { text: 'Only the verified' }, await admin());
    expect(res.status).toBe(200);
    const to = (await outbox('message = $1', ['Only the verified'])).map((s) => s.to_phone);
    expect(to).toContain(verified.phone);
    expect(to).not.toContain(unverified.phone);
  });
});

describe('passwords and sessions', () => {
  it('a password change from the profile signs out the other sessions and texts the account', async () => {
    const c = await customer();
    const other = (await post('/api/login', { phone: c.phone, password: 'secret123' })).json<{
      token: string;
    }>().token;
    const res = await post(
      '/api/profile/update',
      { name: 'Limit Tester', password: 'a-new-secret', current_password: 'secret123' },
      c.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await api.get('/api/profile', other)).status).toBe(401);
    expect((await api.get('/api/profile', c.token)).status).toBe(200);
    const notice = await outbox('to_phone = $1 AND kind = $2', [c.phone, 'notice']);
    expect(notice.map((n) => n.message)).toEqual([expect.stringMatching(/^Your password was just changed/)]);
  });

  it('new passwords need eight characters; an older, shorter one still signs in', async () => {
    const short = await post(
      '/api/register',
      { name: 'S', phone: newPhone(), password: 'abc1234' },
      undefined,
      '198.51.100.200',
    );
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      errors: { password: ['The password must be at least 8 characters.'] },
    });
    const phone = newPhone();
    await t.database.pool.query(
      `INSERT INTO users (name, phone, password_hash, ref_code, status) VALUES ('Old', $1, $2, $3, 1)`,
      [phone, await hashPassword('abc123'), `O${phone.slice(-7)}`],
    );
    expect(
      (await post('/api/login', { phone, password: 'abc123' }, undefined, '198.51.100.201')).statusCode,
    ).toBe(200);
  });

  it('a hash made with older parameters is replaced at the next good login', async () => {
    // The production cost (the other tests hash at the tests' light one: test/setup.ts).
    setPasswordHashCost('production');
    onTestFinished(() => setPasswordHashCost('light'));
    const phone = newPhone();
    // N=2^14: the cost this shop used until November 2026.
    const old = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$GM_8plVTNY2Jr5-H-TMEUW0SMD0_pCcA0XgAgW7i7jw';
    await t.database.pool.query(
      `INSERT INTO users (name, phone, password_hash, ref_code, status) VALUES ('Old', $1, $2, $3, 1)`,
      [phone, old, `H${phone.slice(-7)}`],
    );
    expect(needsRehash(old)).toBe(true);
    const wrong = await post('/api/login', { phone, password: 'nope-nope' }, undefined, '198.51.100.202');
    expect(wrong.statusCode).toBe(401);
    const { rows: before } = await t.database.pool.query('SELECT password_hash FROM users WHERE phone = $1', [
      phone,
    ]);
    expect(before[0].password_hash).toBe(old);
    const ok = await post('/api/login', { phone, password: 'password' }, undefined, '198.51.100.202');
    expect(ok.statusCode).toBe(200);
    const { rows } = await t.database.pool.query('SELECT password_hash FROM users WHERE phone = $1', [phone]);
    expect(rows[0].password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(needsRehash(rows[0].password_hash)).toBe(false);
    expect(
      (await post('/api/login', { phone, password: 'password' }, undefined, '198.51.100.202')).statusCode,
    ).toBe(200);
  });

  it("an admin's session ends 12 hours after it began, however busy; a customer's does not", async () => {
    const token = await adminToken(t);
    const c = await customer();
    for (let h = 0; h < 12; h++) {
      clock.advance(3600_000 - 1000);
      expect((await api.get('/api/profile', token)).status).toBe(200);
    }
    clock.advance(13_000);
    expect((await api.get('/api/profile', token)).status).toBe(401);
    expect((await api.get('/api/profile', c.token)).status).toBe(200);
  });
});

describe('production safety', () => {
  it('a real shop (SEED_DEMO=0) will not start without a chosen SMS driver', () => {
    expect(() => loadConfig({ SEED_DEMO: '0' })).toThrow(/needs an SMS gateway: set SMS_DRIVER/);
    expect(
      loadConfig({ SEED_DEMO: '0', SMS_DRIVER: 'log', PUBLIC_URL: 'https://shop.example.com' }).sms,
    ).toMatchObject({
      driver: 'log',
      driverChosen: true,
    });
    expect(() => loadConfig({ ADMIN_PHONE: '01700000000', ADMIN_PASSWORD: 'short' })).toThrow(/at least 8/);
  });

  it('a real shop (SEED_DEMO=0) will not start without PUBLIC_URL; the demo links to localhost', () => {
    const real = { SEED_DEMO: '0', SMS_DRIVER: 'log' };
    expect(() => loadConfig(real)).toThrow(
      /SEED_DEMO=0 \(a real shop\) needs PUBLIC_URL: the address shoppers use, e\.g\. PUBLIC_URL=https:\/\/shop\.example\.com\./,
    );
    expect(() => loadConfig({ ...real, PUBLIC_URL: '' })).toThrow(/needs PUBLIC_URL/);
    expect(() => loadConfig({ ...real, PUBLIC_URL: 'shop.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...real, PUBLIC_URL: 'ftp://shop.example.com' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...real, PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe(
      'https://shop.example.com',
    );
    // The demo, unset: its own address on this computer.
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.5:3000' }).publicUrl).toBe('http://192.168.1.5:3000');
  });
});

describe('the monthly dues reminder and the budget', () => {
  it('is refused as a whole when it would take the day over the budget, and sent once there is room', async () => {
    clock.advance(24 * 3600_000);
    const token = await admin();
    const [p] = await makeProduct(t.app, token, brand, { price: '100', qty: '100' });
    const phones = [newPhone(), newPhone()];
    for (const phone of phones) {
      expect((await api.post('/api/customer/add', { phone, name: 'Owes Much' }, token)).status).toBe(201);
      const sale = await api.post(
        '/api/order/add',
        { terminal: 1, phone, paid: 0, ship: 0, carts: [{ product_id: p!.id, quantity: 6 }] },
        token,
      );
      expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    }
    // Nine SMS today of a budget of ten: two reminders do not fit.
    await t.database.pool.query('UPDATE settings SET sms_budget = 10, dues_reminder_over = 500');
    await t.database.pool.query(
      `INSERT INTO sms_outbox (to_phone, message, kind, status, created_at)
       SELECT '01911000009', 'earlier', 'staff', 'sent', $1 FROM generate_series(1, 9)`,
      [clock.now()],
    );
    await expect(sendDuesReminders(t.ctx)).rejects.toMatchObject({ code: 'sms_budget' });
    const months = await t.database.pool.query('SELECT month FROM dues_reminders');
    expect(months.rows).toEqual([]);
    expect(await outbox("kind = 'marketing' AND to_phone = ANY($1)", [phones])).toEqual([]);
    // With room in the budget, a later look sends them.
    await t.database.pool.query('UPDATE settings SET sms_budget = 100');
    const done = await sendDuesReminders(t.ctx);
    expect(done?.sent).toBeGreaterThanOrEqual(2);
    const sent = await outbox("kind = 'marketing' AND to_phone = ANY($1)", [phones]);
    expect(sent.map((m) => m.to_phone).sort()).toEqual([...phones].sort());
  });
});
