/**
 * Following an order (issue 15): its timeline (one step at placing, one per status change the shop
 * makes), read by its owner only, and one SMS per real change in the customer's language, with the
 * texts Setting edits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_SMS } from '@bazar/contracts/settings';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let product: number;

type Customer = { phone: string; token: string };
type Timeline = Array<{ status: number; at: string }>;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  const brand = await makeBrand(t.app, admin);
  const [p] = await makeProduct(t.app, admin, brand, { title: 'Timeline Rice', price: '80', qty: '500' });
  product = p?.id ?? 0;
  await t.database.pool.query("UPDATE settings SET ship = 60, sms_numbers = ''");
});

/** Places an order of 2 × 80 + 60 shipping (due 220); with a key it goes the locked way. */
async function place(c: Customer, key?: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/add',
    headers: {
      authorization: `Bearer ${c.token}`,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(key && { 'idempotency-key': key }),
    },
    payload: JSON.stringify({
      name: 'Rahima',
      phone: c.phone,
      address: 'House 4',
      area: 'Mirpur',
      carts: [{ product_id: product, quantity: 2, price: 80 }],
    }),
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.body}`);
  return (JSON.parse(res.body) as { data: { id: number } }).data.id;
}

const setStatus = async (id: number, status: number, paid = 0) => {
  const res = await api.post(`/api/order/pay/${id}`, { status, paid }, admin);
  expect(res.status).toBe(200);
};

const timelineOf = async (id: number, token: string) => {
  const res = await api.get(`/api/order/${id}`, token);
  expect(res.status).toBe(200);
  return (res.body.data as { timeline: Timeline }).timeline;
};

/** The status SMS a phone got (the order confirmation left out), oldest first. */
const statusSms = async (phone: string) =>
  (
    await t.database.pool.query<{ message: string; kind: string }>(
      "SELECT message, kind FROM sms_outbox WHERE to_phone = $1 AND message NOT LIKE 'Thank you%' AND message NOT LIKE 'ধন্যবাদ%' AND message !~ '\\d{6}' ORDER BY id",
      [phone],
    )
  ).rows;

describe('the order timeline', () => {
  it('starts at Processing when placed (both ways of placing) and adds each change the shop makes', async () => {
    const c = await registerCustomer(t.app, { verified: true, database: t.database });
    for (const key of [undefined, 'timeline-key-1']) {
      const id = await place(c, key);
      const first = await timelineOf(id, c.token);
      expect(first.map((e) => e.status)).toEqual([0]);

      await setStatus(id, 1);
      await setStatus(id, 2);
      await setStatus(id, 2, 100); // money taken, the status stays: no step
      await setStatus(id, 3, 120);
      const timeline = await timelineOf(id, c.token);
      expect(timeline.map((e) => e.status)).toEqual([0, 1, 2, 3]);
      const times = timeline.map((e) => Date.parse(e.at));
      expect(times.every((at, i) => i === 0 || at >= (times[i - 1] ?? 0))).toBe(true);
      // The order's own fields are all still there.
      const res = await api.get(`/api/order/${id}`, c.token);
      expect(res.body.data).toMatchObject({ id, status: 3, paid: 220, due: 0 });
    }
  });

  it('records who changed the status', async () => {
    const c = await registerCustomer(t.app, { verified: true, database: t.database });
    const id = await place(c);
    await setStatus(id, 4);
    const rows = await t.database.pool.query<{ status: number; by_user_id: number | null }>(
      'SELECT status, by_user_id FROM order_status_events WHERE order_id = $1 ORDER BY id',
      [id],
    );
    expect(rows.rows.map((r) => r.status)).toEqual([0, 4]);
    expect(rows.rows[0]?.by_user_id).toBeNull();
    expect(rows.rows[1]?.by_user_id).toEqual(expect.any(Number));
  });

  it('is refused to another customer; an admin reads it', async () => {
    const owner = await registerCustomer(t.app, { verified: true, database: t.database });
    const other = await registerCustomer(t.app, { verified: true, database: t.database });
    const id = await place(owner);
    const res = await api.get(`/api/order/${id}`, other.token);
    expect([403, 404]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toContain('timeline');
    expect((await api.get(`/api/order/${id}`)).status).toBe(401);
    expect((await timelineOf(id, admin)).map((e) => e.status)).toEqual([0]);
  });
});

describe('one SMS per status change', () => {
  it("tells an English customer each real change, in the Setting's default text, none for a no-op", async () => {
    const c = await registerCustomer(t.app, { verified: true, database: t.database, lang: 'en' });
    const id = await place(c);
    await setStatus(id, 1);
    await setStatus(id, 2);
    await setStatus(id, 2); // no change
    await setStatus(id, 2, 50); // a payment alone
    const sms = await statusSms(c.phone);
    expect(sms).toEqual([
      { kind: 'order', message: `We are collecting the products of your order #${id}.` },
      { kind: 'order', message: `Your order #${id} is out for delivery. Please keep 220 BDT ready.` },
    ]);
  });

  it('tells a Bangla customer in Bangla, the amount in Bengali digits and the order number in Latin ones', async () => {
    const c = await registerCustomer(t.app, { verified: true, database: t.database, lang: 'bn' });
    const id = await place(c);
    await setStatus(id, 2);
    await setStatus(id, 4);
    const sms = await statusSms(c.phone);
    expect(sms.map((m) => m.message)).toEqual([
      `আপনার অর্ডার #${id} ডেলিভারিতে বের হয়েছে। ২২০ টাকা রেডি রাখুন।`,
      DEFAULT_STATUS_SMS.bn.canceled.replace('{order}', String(id)),
    ]);
  });

  it('says a paid order is paid when it goes out, instead of asking for 0 BDT', async () => {
    const en = await registerCustomer(t.app, { verified: true, database: t.database, lang: 'en' });
    const bn = await registerCustomer(t.app, { verified: true, database: t.database, lang: 'bn' });
    const paidEn = await place(en);
    const paidBn = await place(bn);
    await setStatus(paidEn, 1, 220);
    await setStatus(paidBn, 1, 220);
    await setStatus(paidEn, 2);
    await setStatus(paidBn, 2);
    expect((await statusSms(en.phone)).at(-1)?.message).toBe(
      `Your order #${paidEn} is out for delivery. It is paid: nothing to pay at the door.`,
    );
    expect((await statusSms(bn.phone)).at(-1)?.message).toBe(
      `আপনার অর্ডার #${paidBn} ডেলিভারিতে বের হয়েছে। টাকা দেওয়া আছে, দরজায় কিছু দিতে হবে না।`,
    );
    expect((await statusSms(en.phone)).map((m) => m.message).join(' ')).not.toContain('0 BDT ready');
  });

  it('sends nothing for a till sale (no customer to tell), though its timeline grows', async () => {
    const c = await registerCustomer(t.app, { verified: true, database: t.database });
    const id = await place(c);
    await t.database.pool.query('UPDATE orders SET online = false WHERE id = $1', [id]);
    await setStatus(id, 3);
    expect(await statusSms(c.phone)).toEqual([]);
    expect((await timelineOf(id, admin)).map((e) => e.status)).toEqual([0, 3]);
  });

  it('uses the texts saved in Setting, and answers them (defaults where none were written)', async () => {
    const before = await api.get('/api/settings', admin);
    const settings = before.body.data as Record<string, unknown> & {
      status_sms: { en: Record<string, string>; bn: Record<string, string> };
    };
    expect(settings.status_sms).toEqual(DEFAULT_STATUS_SMS);
    const status_sms = {
      en: { ...settings.status_sms.en, out_for_delivery: 'Rider coming with #{order}, pay {amount} taka.' },
      bn: { ...settings.status_sms.bn, out_for_delivery: 'রাইডার আসছে #{order}, {amount} টাকা দিন।' },
    };
    const { language: _language, status_sms: _texts, ...rest } = settings;
    const saved = await api.post('/api/settings', { ...rest, status_sms }, admin);
    expect(saved.status).toBe(200);
    expect((saved.body.data as { status_sms: unknown }).status_sms).toEqual(status_sms);
    expect((await api.get('/api/settings', admin)).body.data).toMatchObject({ status_sms });
    // Customers see the delivery charge only.
    const en = await registerCustomer(t.app, { verified: true, database: t.database, lang: 'en' });
    expect(Object.keys((await api.get('/api/settings', en.token)).body.data as object)).toEqual(['ship']);
    const bn = await registerCustomer(t.app, { verified: true, database: t.database, lang: 'bn' });
    const enOrder = await place(en);
    const bnOrder = await place(bn);
    await setStatus(enOrder, 2);
    await setStatus(bnOrder, 2);
    expect((await statusSms(en.phone)).map((m) => m.message)).toEqual([
      `Rider coming with #${enOrder}, pay 220 taka.`,
    ]);
    expect((await statusSms(bn.phone)).map((m) => m.message)).toEqual([
      `রাইডার আসছে #${bnOrder}, ২২০ টাকা দিন।`,
    ]);

    // A settings save without the texts keeps them; an empty text is refused.
    const kept = await api.post('/api/settings', rest, admin);
    expect((kept.body.data as { status_sms: unknown }).status_sms).toEqual(status_sms);
    const empty = await api.post(
      '/api/settings',
      { ...rest, status_sms: { ...status_sms, en: { ...status_sms.en, delivered: ' ' } } },
      admin,
    );
    expect(empty.status).toBe(422);
  });
});

describe('POST /api/product/available (Buy again)', () => {
  it("answers today's public products of the ids, leaving out deleted ones; guests may ask", async () => {
    const brand = await makeBrand(t.app, admin);
    const [kept] = await makeProduct(t.app, admin, brand, { title: 'Again Oil', price: '200', qty: '9' });
    const [gone] = await makeProduct(t.app, admin, brand, { title: 'Again Gone', price: '50', qty: '9' });
    const [out] = await makeProduct(t.app, admin, brand, { title: 'Again Out', price: '70', qty: '0' });
    expect((await api.del(`/api/product/delete/${gone?.id}`, admin)).status).toBe(200);
    await t.database.pool.query('UPDATE products SET offprice = 180 WHERE id = $1', [kept?.id]);
    const res = await api.post('/api/product/available', { ids: [kept?.id, gone?.id, out?.id, kept?.id] });
    expect(res.status).toBe(200);
    const data = res.body.data as Array<{ id: number; title: string; offprice: number | null; qty: number }>;
    expect(data.map((p) => p.title)).toEqual(['Again Oil', 'Again Out']);
    expect(data[0]).toMatchObject({ offprice: 180, qty: 9 });
    expect(data[1]).toMatchObject({ qty: 0 });
    expect(data[0]).not.toHaveProperty('buyprice');
    expect((await api.post('/api/product/available', { ids: [] })).status).toBe(422);
    expect((await api.post('/api/product/available', { ids: ['x'] })).status).toBe(422);
  });
});
