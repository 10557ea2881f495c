import { smsSize } from '@bazar/contracts/sms-segments';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, lastCode, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * A customer's language (users.lang): chosen at registration, by a storefront order or by the
 * till's form, and every SMS to the customer is written in it (the staff alert stays English).
 */

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;

const STAFF = '01911000009';

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
  await t.database.pool.query(`UPDATE settings SET ship = 60, sms_numbers = '${STAFF}', shop_name = 'Bazar'`);
});

const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
const langOf = async (phone: string) =>
  (await q('SELECT lang FROM users WHERE phone = $1', [phone])).rows[0]?.lang as string;
/** The texts queued for a phone, oldest first. */
const textsTo = async (phone: string) =>
  (await q('SELECT message FROM sms_outbox WHERE to_phone = $1 ORDER BY id', [phone])).rows.map(
    (r: { message: string }) => r.message,
  );
const lastTextTo = async (phone: string) => (await textsTo(phone)).at(-1);
const errorsOf = (body: Record<string, unknown>) => body.errors as Record<string, string[]> | undefined;

type Buyer = { phone: string; token: string };
const orderBody = (buyer: Buyer, productId: number, extra: Record<string, unknown> = {}) => ({
  name: 'রহিমা',
  phone: buyer.phone,
  address: 'House 4, Road 2',
  area: 'Mirpur',
  carts: [{ product_id: productId, quantity: 1 }],
  ...extra,
});
/** A storefront order; with a key it takes the way under row locks. */
async function order(buyer: Buyer, body: Record<string, unknown>, key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/add',
    headers: {
      authorization: `Bearer ${buyer.token}`,
      'content-type': 'application/json',
      ...(key && { 'idempotency-key': key }),
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}
const idOf = (body: Record<string, unknown>) => (body.data as { id: number }).id;

describe('registration', () => {
  it('stores the language sent and writes the verification code in it (the code in Latin digits)', async () => {
    const phone = newPhone();
    const res = await api.post('/api/register', { name: 'Karim', phone, password: 'secret123', lang: 'bn' });
    expect(res.status).toBe(201);
    expect(await langOf(phone)).toBe('bn');
    const code = await lastCode(t.database, phone);
    expect(await lastTextTo(phone)).toBe(`আপনার যাচাই কোড ${code}। কোডটি ১০ মিনিট কার্যকর থাকবে।`);
    expect(smsSize((await lastTextTo(phone)) ?? '')).toMatchObject({ encoding: 'ucs2', segments: 1 });
    // The code is typed back as it came.
    expect((await api.post('/api/varify', { code }, res.body.token as string)).status).toBe(200);

    // A password reset code in Bangla too.
    expect((await api.post('/api/forgot', { phone })).status).toBe(200);
    const reset = await lastCode(t.database, phone);
    expect(await lastTextTo(phone)).toBe(`আপনার পাসওয়ার্ড রিসেট কোড ${reset}। কোডটি ১০ মিনিট কার্যকর থাকবে।`);
  });

  it("without a language is English, with the spec's text", async () => {
    const phone = newPhone();
    expect((await api.post('/api/register', { name: 'Jane', phone, password: 'secret123' })).status).toBe(
      201,
    );
    expect(await langOf(phone)).toBe('en');
    const code = await lastCode(t.database, phone);
    expect(await lastTextTo(phone)).toBe(`Your verification code is ${code}. It is valid for 10 minutes.`);
  });

  it('refuses a language other than en or bn (422 on lang), creating nothing', async () => {
    for (const lang of ['fr', 'BN', 'bn ', '', 1, null]) {
      const phone = newPhone();
      const res = await api.post('/api/register', { name: 'X', phone, password: 'secret123', lang });
      expect(res.status).toBe(422);
      expect(errorsOf(res.body)?.lang).toEqual(['The language must be en or bn.']);
      expect((await q('SELECT 1 FROM users WHERE phone = $1', [phone])).rowCount).toBe(0);
    }
  });

  it('a changed password is told in the customer’s language', async () => {
    const c = await registerCustomer(t.app, { lang: 'bn' });
    const res = await api.post(
      '/api/profile/update',
      { name: 'Karim', password: 'another-pass', current_password: c.password },
      c.token,
    );
    expect(res.status).toBe(200);
    expect(await lastTextTo(c.phone)).toBe(
      'আপনার পাসওয়ার্ড বদলানো হয়েছে, অন্য সব ডিভাইসে লগআউট হয়েছে। আপনি না করে থাকলে এখনই পাসওয়ার্ড রিসেট করুন বা দোকানে ফোন করুন।',
    );
  });
});

describe('the order confirmation', () => {
  it("a Bangla customer's is Bangla with Bengali figures; the staff alert stays English", async () => {
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database, lang: 'bn' });
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Big Rice Sack', price: '1190', qty: '10' });
    for (const key of [undefined, 'bn-order-1']) {
      const res = await order(buyer, orderBody(buyer, p?.id ?? 0), key);
      expect(res.status).toBe(201);
      const id = idOf(res.body);
      expect((res.body.data as { lang: string }).lang).toBe('bn');
      const text = await lastTextTo(buyer.phone);
      expect(text).toBe(
        `ধন্যবাদ, রহিমা! আপনার অর্ডার #${id} নেওয়া হয়েছে, ডেলিভারিসহ ১,২৫০ টাকা। ডেলিভারির আগে আমরা ফোন করব।`,
      );
      // Two SMS at most for a usual name (Unicode: 67 a part).
      expect(smsSize(text ?? '').segments).toBeLessThanOrEqual(2);
      expect(await lastTextTo(STAFF)).toBe(
        `New online order #${id}: 1250 BDT, রহিমা (${buyer.phone}), Mirpur.`,
      );
    }
  });

  it("an English customer's stays exactly today's text", async () => {
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Plain Tea', price: '1190', qty: '10' });
    for (const key of [undefined, 'en-order-1']) {
      const res = await order(buyer, orderBody(buyer, p?.id ?? 0, { name: 'Rahima' }), key);
      const id = idOf(res.body);
      expect((res.body.data as { lang: string }).lang).toBe('en');
      expect(await lastTextTo(buyer.phone)).toBe(
        `Thank you, Rahima! Your order #${id} is placed: 1250 BDT including delivery. We will call you before delivery.`,
      );
    }
  });

  it("an order's language becomes the customer's, in both ways of placing it", async () => {
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Switch Dal', price: '140', qty: '10' });
    const first = await order(buyer, orderBody(buyer, p?.id ?? 0, { lang: 'bn' }));
    expect(first.status).toBe(201);
    expect(await langOf(buyer.phone)).toBe('bn');
    expect(await lastTextTo(buyer.phone)).toContain(`আপনার অর্ডার #${idOf(first.body)} নেওয়া হয়েছে`);
    // Without lang the stored one holds; the order answer says it.
    const second = await order(buyer, orderBody(buyer, p?.id ?? 0));
    expect((second.body.data as { lang: string }).lang).toBe('bn');
    // Back to English under row locks (an Idempotency-Key takes that way).
    const third = await order(
      buyer,
      orderBody(buyer, p?.id ?? 0, { lang: 'en', name: 'Rahima' }),
      'switch-1',
    );
    expect(third.status).toBe(201);
    expect(await langOf(buyer.phone)).toBe('en');
    expect(await lastTextTo(buyer.phone)).toMatch(/^Thank you, Rahima! Your order #\d+ is placed: 200 BDT/);
    // An order read later is in the customer's language as it is now.
    const read = await api.get(`/api/order/${idOf(first.body)}`, admin);
    expect((read.body.data as { lang: string }).lang).toBe('en');
  });

  it('refuses a language other than en or bn (422 on lang), placing nothing', async () => {
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Refused Salt', qty: '10' });
    for (const lang of ['fr', 'Bangla', 5]) {
      const res = await order(buyer, orderBody(buyer, p?.id ?? 0, { lang }));
      expect(res.status).toBe(422);
      expect(errorsOf(res.body)?.lang).toEqual(['The language must be en or bn.']);
    }
    expect((await q('SELECT 1 FROM orders WHERE phone = $1', [buyer.phone])).rowCount).toBe(0);
    expect(await langOf(buyer.phone)).toBe('en');
  });
});

describe('back in stock', () => {
  it("tells each requester in their own language, with the product's Bangla names", async () => {
    const [hilsa] = await makeProduct(t.app, admin, brand, {
      title: 'Hilsa Fish',
      title_bn: 'ইলিশ মাছ',
      attri: '1 kg',
      attri_bn: '১ কেজি',
      qty: '0',
    });
    const [plain] = await makeProduct(t.app, admin, brand, { title: 'Red Lentil', attri: '500 g', qty: '0' });
    const en = await registerCustomer(t.app, { verified: true, database: t.database });
    const bn = await registerCustomer(t.app, { verified: true, database: t.database, lang: 'bn' });
    for (const c of [en, bn])
      for (const p of [hilsa, plain]) await api.get(`/api/request/add/${p?.id}`, c.token);
    for (const p of [hilsa, plain])
      await api.post(`/api/product/edit-quick/${p?.id}`, { price: 100, offprice: null, qty: 5 }, admin);

    expect((await textsTo(en.phone)).slice(-2)).toEqual([
      'Good news! Hilsa Fish (1 kg) is back in stock. Order now before it runs out.',
      'Good news! Red Lentil (500 g) is back in stock. Order now before it runs out.',
    ]);
    // A product without Bangla names keeps its English ones in the Bangla text.
    expect((await textsTo(bn.phone)).slice(-2)).toEqual([
      'সুখবর! ইলিশ মাছ (১ কেজি) আবার স্টকে এসেছে, এখনই অর্ডার করুন।',
      'সুখবর! Red Lentil (500 g) আবার স্টকে এসেছে, এখনই অর্ডার করুন।',
    ]);
  });
});

describe('customers at the till and in the back office', () => {
  it('are added and edited with a language, which the customer read carries', async () => {
    const phone = newPhone();
    const added = await api.post('/api/customer/add', { phone, name: 'Walk-in Bangla', lang: 'bn' }, admin);
    expect(added.status).toBe(201);
    const customer = added.body.data as { id: number; lang: string };
    expect(customer.lang).toBe('bn');
    const other = await api.post('/api/customer/add', { phone: newPhone(), name: 'No Lang' }, admin);
    expect((other.body.data as { lang: string }).lang).toBe('en');

    // An edit without lang keeps it; with it changes it.
    const kept = await api.post(`/api/customer/edit/${customer.id}`, { name: 'Walk-in Bangla' }, admin);
    expect((kept.body.data as { lang: string }).lang).toBe('bn');
    const found = (await api.get(`/api/customer/search/${phone}`, admin)).body.data as Array<{
      lang: string;
    }>;
    expect(found[0]?.lang).toBe('bn');
    const changed = await api.post(`/api/customer/edit/${customer.id}`, { name: 'W', lang: 'en' }, admin);
    expect((changed.body.data as { lang: string }).lang).toBe('en');

    for (const res of [
      await api.post('/api/customer/add', { phone: newPhone(), name: 'Bad', lang: 'de' }, admin),
      await api.post(`/api/customer/edit/${customer.id}`, { name: 'W', lang: 'english' }, admin),
    ]) {
      expect(res.status).toBe(422);
      expect(errorsOf(res.body)?.lang).toEqual(['The language must be en or bn.']);
    }
    expect(await langOf(phone)).toBe('en');
  });

  it("a till sale's order carries its customer's language (none for a walk-in: the till prints in its screen's); the dues receipt is in it", async () => {
    const phone = newPhone();
    const added = await api.post('/api/customer/add', { phone, name: 'Baki Bangla', lang: 'bn' }, admin);
    const customerId = (added.body.data as { id: number }).id;
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Till Oil', price: '1500', qty: '10' });
    const sale = (extra: Record<string, unknown>) =>
      api.post(
        '/api/order/add',
        { terminal: 1, ship: 0, discount: 0, paid: 0, carts: [{ product_id: p?.id, quantity: 1 }], ...extra },
        admin,
      );
    const owed = await sale({ phone, name: 'Baki Bangla' });
    expect(owed.status).toBe(201);
    expect((owed.body.data as { lang: string }).lang).toBe('bn');
    const walkIn = await sale({});
    expect((walkIn.body.data as { lang: string | null }).lang).toBeNull();

    const paid = await api.post(
      `/api/customer/pay/${customerId}`,
      { amount: 1250, method: 'cash', sms: true },
      admin,
    );
    expect(paid.status).toBe(200);
    expect(await lastTextTo(phone)).toBe('Bazar: বাকির ১,২৫০ টাকা পেয়েছি, ধন্যবাদ। এখনো বাকি ২৫০ টাকা।');
  });
});
