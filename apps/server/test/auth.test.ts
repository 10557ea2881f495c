import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { setPasswordHashCost } from '../src/lib/crypto';
import { client, lastCode, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

const clock = new ManualClock(Date.parse('2026-11-22T10:00:00Z'));
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await testApp({ clock });
  api = client(t.app);
});

const row = async (sql: string, params: unknown[]) => (await t.database.pool.query(sql, params)).rows[0];

describe('register', () => {
  it('creates an unverified customer, answers token and user, queues a verification code', async () => {
    // The production cost (the other tests hash at the tests' light one: test/setup.ts).
    setPasswordHashCost('production');
    onTestFinished(() => setPasswordHashCost('light'));
    const phone = newPhone();
    const res = await api.post('/api/register', {
      name: ' Rahim ',
      phone: `+88${phone}`,
      password: 'secret123',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ name: 'Rahim', phone, role: 1 });
    expect(typeof res.body.token).toBe('string');
    expect(JSON.stringify(res.body)).not.toContain('secret123');

    const user = await row('SELECT * FROM users WHERE phone = $1', [phone]);
    expect(user.status).toBe(0);
    // OWASP's current minimum for scrypt: N=2^17, r=8, p=1.
    expect(user.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(user.ref_code).toMatch(/^[A-Z2-9]{8}$/);
    const token = await row('SELECT token_hash FROM auth_tokens WHERE user_id = $1', [user.id]);
    expect(token.token_hash).not.toBe(res.body.token);
    expect(token.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const code = await lastCode(t.database, phone);
    const otp = await row('SELECT code_hash FROM otp_codes WHERE user_id = $1', [user.id]);
    expect(otp.code_hash).not.toContain(code);
  });

  it.each([
    [{ phone: '01711111111', password: 'secret123' }, 'name'],
    [{ name: '', phone: '01711111112', password: 'secret123' }, 'name'],
    [{ name: 'A', phone: '0171111', password: 'secret123' }, 'phone'],
    [{ name: 'A', phone: '01211111111', password: 'secret123' }, 'phone'],
    [{ name: 'A', phone: 'abcdefghijk', password: 'secret123' }, 'phone'],
    [{ name: 'A', password: 'secret123' }, 'phone'],
    [{ name: 'A', phone: '01711111113', password: '12345' }, 'password'],
    [{ name: 'A', phone: '01711111114' }, 'password'],
    [{ name: 42, phone: '01711111115', password: 'secret123' }, 'name'],
    [{ name: 'A', phone: 1711111115, password: 'secret123' }, 'phone'],
    [{ name: 'A', phone: '01711111116', password: ['secret123'] }, 'password'],
  ])('refuses %j with 422 on %s', async (body, field) => {
    const res = await api.post('/api/register', body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses a phone that is taken, in any spelling', async () => {
    const { phone } = await registerCustomer(t.app);
    const res = await api.post('/api/register', {
      name: 'B',
      phone: `880${phone.slice(1)}`,
      password: 'secret123',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ phone: ['The phone has already been taken.'] });
  });

  it('credits the referrer reg_point points once the new phone is verified; an unknown code is ignored', async () => {
    await t.database.pool.query('UPDATE settings SET reg_point = 25');
    const referrer = await registerCustomer(t.app, { verified: true, database: t.database });
    const { ref_code } = (await api.get('/api/profile', referrer.token)).body as { ref_code: string };
    const phone = newPhone();
    const res = await api.post('/api/register', { name: 'C', phone, password: 'secret123', ref: ref_code });
    expect(res.status).toBe(201);
    // A sign-up alone earns nothing: fake accounts would farm points.
    expect((await api.get('/api/profile', referrer.token)).body.point).toBe(0);
    const code = await lastCode(t.database, phone);
    expect((await api.post('/api/varify', { code }, res.body.token as string)).status).toBe(200);
    expect((await api.get('/api/profile', referrer.token)).body.point).toBe(25);
    // Verified once, credited once: a password reset later (which also proves the phone) adds nothing.
    clock.advance(61_000);
    expect((await api.post('/api/forgot', { phone })).status).toBe(200);
    const reset = await lastCode(t.database, phone);
    expect(
      (await api.post('/api/getpassword', { phone, code: reset, password: 'another-pass' })).status,
    ).toBe(200);
    expect((await api.get('/api/profile', referrer.token)).body.point).toBe(25);

    const unknown = await api.post('/api/register', {
      name: 'D',
      phone: newPhone(),
      password: 'secret123',
      ref: 'NOPE',
    });
    expect(unknown.status).toBe(201);
    expect((await api.get('/api/profile', referrer.token)).body.point).toBe(25);
  });
});

describe('login, profile, logout', () => {
  it('logs in with the right password only, unverified users too', async () => {
    const c = await registerCustomer(t.app);
    const ok = await api.post('/api/login', { phone: c.phone, password: c.password });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toEqual({ name: 'Test Customer', phone: c.phone, role: 1 });

    const wrong = await api.post('/api/login', { phone: c.phone, password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Incorrect phone or password.', code: 'unauthenticated' });
    const unknown = await api.post('/api/login', { phone: newPhone(), password: 'secret123' });
    expect(unknown.status).toBe(401);
    const missing = await api.post('/api/login', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors as object).sort()).toEqual(['password', 'phone']);
  });

  it('returns the profile fields of the token owner only', async () => {
    const c = await registerCustomer(t.app);
    const res = await api.get('/api/profile', c.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'address',
      'area',
      'id',
      'name',
      'phone',
      'point',
      'ref_code',
      'role',
      'status',
    ]);
    // The address the shop keeps for the account (a till sale, the customers screen): checkout's fallback.
    await t.database.pool.query("UPDATE users SET area = 'Mirpur', address = 'House 4' WHERE phone = $1", [
      c.phone,
    ]);
    expect((await api.get('/api/profile', c.token)).body).toMatchObject({
      area: 'Mirpur',
      address: 'House 4',
    });
    expect(res.body).toMatchObject({ name: 'Test Customer', phone: c.phone, role: 1, status: 0, point: 0 });
    expect((await api.get('/api/profile')).status).toBe(401);
    expect((await api.get('/api/profile', 'x'.repeat(43))).status).toBe(401);
    expect((await api.get('/api/profile', 'short')).body).toEqual({
      message: 'Unauthenticated.',
      code: 'unauthenticated',
    });
  });

  it('updates the name, and a new password signs out the other sessions', async () => {
    const c = await registerCustomer(t.app);
    const other = (await api.post('/api/login', { phone: c.phone, password: c.password })).body
      .token as string;
    const renamed = await api.post('/api/profile/update', { name: 'Karim', password: '' }, c.token);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Karim', phone: c.phone });
    expect((await api.get('/api/profile', other)).status).toBe(200);

    const changed = await api.post(
      '/api/profile/update',
      { name: 'Karim', password: 'newpass1', current_password: c.password },
      c.token,
    );
    expect(changed.status).toBe(200);
    expect((await api.get('/api/profile', other)).status).toBe(401);
    expect((await api.get('/api/profile', c.token)).status).toBe(200);
    expect((await api.post('/api/login', { phone: c.phone, password: 'newpass1' })).status).toBe(200);
    expect((await api.post('/api/login', { phone: c.phone, password: c.password })).status).toBe(401);

    expect(
      (
        await api.post(
          '/api/profile/update',
          { name: 'K', password: '123', current_password: 'newpass1' },
          c.token,
        )
      ).status,
    ).toBe(422);
    expect((await api.post('/api/profile/update', { name: '' }, c.token)).status).toBe(422);
  });

  it('a new password needs the current one: missing or wrong is a 422 on current_password, in English and Bangla', async () => {
    const c = await registerCustomer(t.app);
    const other = (await api.post('/api/login', { phone: c.phone, password: c.password })).body
      .token as string;
    const bangla = { 'accept-language': 'bn' };
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      [
        'missing',
        { name: 'Karim', password: 'newpass1' },
        'Enter your current password to set a new one.',
        'নতুন পাসওয়ার্ড দিতে হলে বর্তমান পাসওয়ার্ডটিও দিন।',
      ],
      [
        'empty',
        { name: 'Karim', password: 'newpass1', current_password: '' },
        'Enter your current password to set a new one.',
        'নতুন পাসওয়ার্ড দিতে হলে বর্তমান পাসওয়ার্ডটিও দিন।',
      ],
      [
        'null',
        { name: 'Karim', password: 'newpass1', current_password: null },
        'Enter your current password to set a new one.',
        'নতুন পাসওয়ার্ড দিতে হলে বর্তমান পাসওয়ার্ডটিও দিন।',
      ],
      [
        'wrong',
        { name: 'Karim', password: 'newpass1', current_password: 'not-it-at-all' },
        'The current password is not correct.',
        'বর্তমান পাসওয়ার্ডটি সঠিক নয়।',
      ],
    ];
    for (const [what, body, english, bengali] of cases) {
      const res = await api.post('/api/profile/update', body, c.token);
      expect([what, res.status]).toEqual([what, 422]);
      expect(res.body).toEqual({
        message: english,
        code: 'invalid',
        errors: { current_password: [english] },
      });
      const bn = await api.post('/api/profile/update', body, c.token, bangla);
      expect([what, bn.status, bn.body.errors]).toEqual([what, 422, { current_password: [bengali] }]);
    }
    // Nothing changed: not the name, not the password, and the other session is still signed in.
    expect((await api.get('/api/profile', c.token)).body.name).toBe('Test Customer');
    expect((await api.get('/api/profile', other)).status).toBe(200);
    expect((await api.post('/api/login', { phone: c.phone, password: c.password })).status).toBe(200);
    expect((await api.post('/api/login', { phone: c.phone, password: 'newpass1' })).status).toBe(401);

    // The right one changes it; a rename alone needs none, and a current password sent with it is ignored.
    const ok = await api.post(
      '/api/profile/update',
      { name: 'Karim', password: 'newpass1', current_password: c.password },
      c.token,
    );
    expect(ok.status).toBe(200);
    expect((await api.post('/api/login', { phone: c.phone, password: 'newpass1' })).status).toBe(200);
    const renamed = await api.post(
      '/api/profile/update',
      { name: 'Karim U', current_password: 'whatever' },
      c.token,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Karim U');
  });

  it('logout deletes the token; an empty JSON body is fine', async () => {
    const c = await registerCustomer(t.app);
    const res = await api.post('/api/logout', '', c.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'You are logged out' });
    expect((await api.get('/api/profile', c.token)).status).toBe(401);
    expect((await api.post('/api/logout', '', c.token)).status).toBe(401);
  });

  it('expires a token after 30 idle days, and use keeps it alive', async () => {
    const c = await registerCustomer(t.app);
    const kept = (await api.post('/api/login', { phone: c.phone, password: c.password })).body
      .token as string;
    clock.advance(20 * 86_400_000);
    expect((await api.get('/api/profile', kept)).status).toBe(200);
    clock.advance(20 * 86_400_000);
    expect((await api.get('/api/profile', kept)).status).toBe(200);
    expect((await api.get('/api/profile', c.token)).status).toBe(401);
    expect(
      await row(
        'SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = (SELECT id FROM users WHERE phone = $1)',
        [c.phone],
      ),
    ).toEqual({ n: 1 });
  });
});

describe('phone verification', () => {
  it('verifies with the right code', async () => {
    const c = await registerCustomer(t.app);
    const wrong = await api.post(
      '/api/varify',
      { code: '000000' === (await lastCode(t.database, c.phone)) ? '111111' : '000000' },
      c.token,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('code');
    const ok = await api.post('/api/varify', { code: await lastCode(t.database, c.phone) }, c.token);
    expect(ok.status).toBe(200);
    expect((await api.get('/api/profile', c.token)).body.status).toBe(1);
  });

  it('rejects bad input and guests', async () => {
    const c = await registerCustomer(t.app);
    for (const code of ['', '12345', '1234567', 'abcdef', 123456, null]) {
      expect((await api.post('/api/varify', { code }, c.token)).status).toBe(422);
    }
    expect((await api.post('/api/varify', { code: '123456' })).status).toBe(401);
    expect((await api.get('/api/sendcode')).status).toBe(401);
  });

  it('a code expires after 10 minutes', async () => {
    const c = await registerCustomer(t.app);
    const code = await lastCode(t.database, c.phone);
    clock.advance(10 * 60_000 + 1);
    const res = await api.post('/api/varify', { code }, c.token);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ code: ['The code has expired. Please ask for a new one.'] });
  });

  it('five wrong tries kill the code, even for the right one afterwards', async () => {
    const c = await registerCustomer(t.app);
    const code = await lastCode(t.database, c.phone);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await api.post('/api/varify', { code: wrong }, c.token)).status).toBe(422);
    const res = await api.post('/api/varify', { code }, c.token);
    expect(res.status).toBe(422);
    expect((await api.get('/api/profile', c.token)).body.status).toBe(0);
  });

  it('resends at most once a minute; a new code replaces the old one', async () => {
    const c = await registerCustomer(t.app);
    const first = await lastCode(t.database, c.phone);
    const early = await api.get('/api/sendcode', c.token);
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/Please wait \d+ seconds/);
    clock.advance(61_000);
    expect((await api.get('/api/sendcode', c.token)).status).toBe(200);
    const second = await lastCode(t.database, c.phone);
    const smsCount = await row('SELECT count(*)::int AS n FROM sms_outbox WHERE to_phone = $1', [c.phone]);
    expect(smsCount.n).toBe(2);
    if (first !== second) expect((await api.post('/api/varify', { code: first }, c.token)).status).toBe(422);
    expect((await api.post('/api/varify', { code: second }, c.token)).status).toBe(200);
    expect((await api.get('/api/sendcode', c.token)).body.message).toBe('Your phone is already verified.');
  });
});

describe('forgot password', () => {
  it('resets with the code sent to that phone and signs out everywhere', async () => {
    const c = await registerCustomer(t.app);
    clock.advance(61_000);
    const sent = await api.post('/api/forgot', { phone: c.phone });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Code is send, Please wait...');
    const code = await lastCode(t.database, c.phone);
    expect(
      await row('SELECT message FROM sms_outbox WHERE to_phone = $1 ORDER BY id DESC LIMIT 1', [c.phone]),
    ).toEqual({
      message: `Your password reset code is ${code}. It is valid for 10 minutes.`,
    });

    const other = await registerCustomer(t.app);
    const crossed = await api.post('/api/getpassword', { phone: other.phone, code, password: 'another1' });
    expect(crossed.status).toBe(422);

    const ok = await api.post('/api/getpassword', { phone: c.phone, code, password: 'brandnew1' });
    expect(ok.status).toBe(200);
    expect((await api.get('/api/profile', c.token)).status).toBe(401);
    const login = await api.post('/api/login', { phone: c.phone, password: 'brandnew1' });
    expect(login.status).toBe(200);
    expect((await api.get('/api/profile', login.body.token as string)).body.status).toBe(1);
    const reused = await api.post('/api/getpassword', { phone: c.phone, code, password: 'brandnew2' });
    expect(reused.status).toBe(422);
  });

  it('answers a phone without an account as any other (no SMS), and refuses bad input', async () => {
    const phone = newPhone();
    const res = await api.post('/api/forgot', { phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Code is send, Please wait...' });
    expect(await row('SELECT count(*)::int AS n FROM sms_outbox WHERE to_phone = $1', [phone])).toEqual({
      n: 0,
    });
    expect((await api.post('/api/forgot', { phone: '' })).status).toBe(422);
    expect((await api.post('/api/forgot', {})).status).toBe(422);
    const c = await registerCustomer(t.app);
    expect(
      (await api.post('/api/getpassword', { phone: c.phone, code: '12', password: 'brandnew1' })).status,
    ).toBe(422);
    expect(
      (await api.post('/api/getpassword', { phone: c.phone, code: '123456', password: '123' })).status,
    ).toBe(422);
    expect(
      (await api.post('/api/getpassword', { phone: c.phone, code: '123456', password: 'brandnew1' })).body
        .errors,
    ).toEqual({
      code: ['No code is waiting for this phone. Please ask for a new one.'],
    });
  });

  it('reset codes expire too', async () => {
    const c = await registerCustomer(t.app);
    clock.advance(61_000);
    await api.post('/api/forgot', { phone: c.phone });
    const code = await lastCode(t.database, c.phone);
    clock.advance(11 * 60_000);
    expect((await api.post('/api/getpassword', { phone: c.phone, code, password: 'brandnew1' })).status).toBe(
      422,
    );
  });
});
