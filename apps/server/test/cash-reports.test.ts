import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
});

const qtyOf = async (id: number) =>
  Number((await t.database.pool.query('SELECT qty FROM products WHERE id = $1', [id])).rows[0].qty);
const till = (
  carts: Array<{ product_id: number | undefined; quantity: number }>,
  extra: Record<string, unknown> = {},
) => api.post('/api/order/add', { terminal: 1, ship: 0, carts, ...extra }, admin);

describe('expenses', () => {
  it('are added with "Expance added" and listed by shop day', async () => {
    const res = await api.post('/api/expance/add', { detail: 'Tea for staff', amount: 120 }, admin);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Expance added',
      data: { details: 'Tea for staff', amount: 120 },
    });
    // Yesterday's expense (shop time) is outside today's list.
    await t.database.pool.query(
      `INSERT INTO expenses (details, amount, created_at) VALUES ('Old rent', 5000, now() - interval '2 days')`,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    const list = await api.get(`/api/expances?from=${today}&to=${today}`, admin);
    expect((list.body.data as Array<{ details: string }>).map((e) => e.details)).toEqual(['Tea for staff']);
    const all = await api.get('/api/expances?from=&to=', admin);
    expect((all.body.data as unknown[]).length).toBe(2);
    for (const bad of [
      { detail: '', amount: 5 },
      { detail: 'x', amount: 0 },
      { detail: 'x', amount: 1.5 },
    ]) {
      expect((await api.post('/api/expance/add', bad, admin)).status).toBe(422);
    }
  });
});

describe('reports', () => {
  it("sum today's orders, payments and expenses; Close Cash records the day", async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', buyprice: '70', qty: '50' });
    type Sums = {
      order_count: number;
      order_total: number;
      order_paid: number;
      order_due: number;
      expance: number;
      invested: number;
    };
    const before = (await api.get('/api/profit-loss', admin)).body as unknown as Sums;
    await till([{ product_id: p?.id, quantity: 3 }], { paid: 200, discount: 10 }); // 290, paid 200, due 90
    const cancelled = (await till([{ product_id: p?.id, quantity: 1 }], { paid: 0 })).body.data as {
      id: number;
    };
    await api.post(`/api/order/pay/${cancelled.id}`, { status: 4, paid: 0 }, admin);
    await api.post('/api/expance/add', { detail: 'Bags', amount: 40 }, admin);

    const after = (await api.get('/api/profit-loss', admin)).body as unknown as Sums;
    expect(after.order_count - before.order_count).toBe(1);
    expect(after.order_total - before.order_total).toBe(290);
    expect(after.order_paid - before.order_paid).toBe(200);
    expect(after.order_due - before.order_due).toBe(90);
    expect(after.expance - before.expance).toBe(40);
    // 50 − 3 units at buy price 70 are still in this product's share of the invested value.
    expect(after.invested - before.invested).toBe(47 * 70 - 50 * 70);

    const dailyRes = await api.get('/api/daily-report', admin);
    expect(dailyRes.status, JSON.stringify(dailyRes.body)).toBe(200);
    const daily = dailyRes.body.data as Array<Record<string, unknown>>;
    const today = daily[0] as Record<string, number | string | boolean>;
    expect(today.created_at).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date()),
    );
    expect(today.cash).toBe(Number(today.paid) - Number(today.expance));
    expect(today.closed).toBe(false);

    const close = await api.post('/api/save-report', { orders: 999, cash: -1 }, admin);
    expect(close.status).toBe(200);
    expect(close.body.message).toBe('Cash updated');
    expect(close.body.data).toMatchObject({ paid: today.paid, expance: today.expance, cash: today.cash });
    expect(
      ((await api.get('/api/daily-report', admin)).body.data as Array<{ closed: boolean }>)[0]?.closed,
    ).toBe(true);
    expect((await api.post('/api/save-report', {}, admin)).status).toBe(200); // closing again updates the day
  });

  it('product sale lists what sold from the lines snapshot, most first, without cancelled orders', async () => {
    const [a] = await makeProduct(t.app, admin, brand, {
      title: 'Sale A',
      price: '10',
      buyprice: '6',
      qty: '100',
    });
    const [b] = await makeProduct(t.app, admin, brand, {
      title: 'Sale B',
      price: '20',
      buyprice: '15',
      qty: '100',
    });
    await till([
      { product_id: a?.id, quantity: 2 },
      { product_id: b?.id, quantity: 5 },
    ]);
    await till([{ product_id: a?.id, quantity: 1.5 }]);
    // A later price change does not rewrite what was sold.
    await api.post(`/api/product/edit-quick/${a?.id}`, { price: 99, offprice: null, qty: 100 }, admin);
    const rows = (await api.get('/api/product-sale?from=&to=', admin)).body as unknown as Array<
      Record<string, unknown>
    >;
    const mine = rows.filter((r) => r.name === 'Sale A' || r.name === 'Sale B');
    expect(mine).toEqual([
      { product_id: b?.id, name: 'Sale B', attri: '', price: 20, buyprice: 15, qty: 5 },
      { product_id: a?.id, name: 'Sale A', attri: '', price: 10, buyprice: 6, qty: 3.5 },
    ]);
  });

  it('are for admins only', async () => {
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    for (const url of [
      '/api/profit-loss',
      '/api/daily-report',
      '/api/product-sale',
      '/api/expances',
      '/api/low-stock-products',
      '/api/live-stock',
      '/api/stocks',
    ]) {
      expect([url, (await api.get(url, buyer.token)).status]).toEqual([url, 403]);
      expect([url, (await api.get(url)).status]).toEqual([url, 401]);
    }
  });
});

describe('stock entries', () => {
  it('add quantity and set the buy price (Bind Stock groups together); deleting takes it back; the ledger agrees', async () => {
    const [single] = await makeProduct(t.app, admin, brand, { title: 'Entry Dal', buyprice: '50', qty: '2' });
    const [one, two] = await makeProduct(t.app, admin, brand, {
      title: 'Entry Oil',
      attri: '1 litre',
      qty: '4',
      link_qty: '1',
      'variations[0][title]': '2 litre',
      'variations[0][price]': '345',
      'variations[0][qty]': '4',
    });
    const res = await api.post(
      '/api/stock/add',
      { price: 55, qty: 10.5, items: [{ id: single?.id, title: 'x' }, { id: one?.id }] },
      admin,
    );
    expect(res.status).toBe(201);
    const entry = res.body.data as {
      id: number;
      product_list: Array<{ title: string }>;
      qty: number;
      price: number;
    };
    expect(entry).toMatchObject({ price: 55, qty: 10.5 });
    expect(entry.product_list.map((p) => p.title)).toEqual(['Entry Dal', 'Entry Oil']);
    expect([await qtyOf(single?.id ?? 0), await qtyOf(one?.id ?? 0), await qtyOf(two?.id ?? 0)]).toEqual([
      12.5, 14.5, 14.5,
    ]);
    const live = (await api.get('/api/live-stock', admin)).body.data as Array<{
      id: number;
      buyprice: number;
    }>;
    expect(live.find((p) => p.id === single?.id)?.buyprice).toBe(55);
    expect(((await api.get('/api/stocks', admin)).body.data as Array<{ id: number }>)[0]?.id).toBe(entry.id);

    expect((await api.del(`/api/stock/delete/${entry.id}`, admin)).status).toBe(200);
    expect([await qtyOf(single?.id ?? 0), await qtyOf(one?.id ?? 0), await qtyOf(two?.id ?? 0)]).toEqual([
      2, 4, 4,
    ]);
    expect((await api.del(`/api/stock/delete/${entry.id}`, admin)).status).toBe(404);
    expect((await api.get('/api/stock/check', admin)).body.data).toEqual([]);

    // Both members of one Bind Stock group in one entry: the shared count grows once.
    const both = await api.post(
      '/api/stock/add',
      { price: 60, qty: 2, items: [{ id: one?.id }, { id: two?.id }] },
      admin,
    );
    expect(both.status).toBe(201);
    expect([await qtyOf(one?.id ?? 0), await qtyOf(two?.id ?? 0)]).toEqual([6, 6]);
    await api.del(`/api/stock/delete/${(both.body.data as { id: number }).id}`, admin);
    expect([await qtyOf(one?.id ?? 0), await qtyOf(two?.id ?? 0)]).toEqual([4, 4]);
    expect(
      (await api.post('/api/stock/add', { price: '', qty: 1, items: [{ id: single?.id }] }, admin)).status,
    ).toBe(422);

    expect((await api.post('/api/stock/add', { price: 1, qty: 1, items: [] }, admin)).status).toBe(422);
    expect(
      (await api.post('/api/stock/add', { price: 1, qty: 0, items: [{ id: single?.id }] }, admin)).status,
    ).toBe(422);
    expect(
      (await api.post('/api/stock/add', { price: 1, qty: 1, items: [{ id: 999999 }] }, admin)).status,
    ).toBe(409);
  });

  it('bring a sold-out product back: waiting customers get their SMS, and low stock lists the short ones', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Entry Honey', qty: '0' });
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    expect((await api.get(`/api/request/add/${p?.id}`, buyer.token)).status).toBe(200);
    const low = (await api.get('/api/low-stock-products', admin)).body.data as Array<{ id: number }>;
    expect(low.some((r) => r.id === p?.id)).toBe(true);
    await api.post('/api/stock/add', { price: 300, qty: 6, items: [{ id: p?.id }] }, admin);
    const sms = await t.database.pool.query('SELECT message FROM sms_outbox WHERE to_phone = $1', [
      buyer.phone,
    ]);
    expect(sms.rows.some((r: { message: string }) => r.message.includes('Entry Honey'))).toBe(true);
    const lowAfter = (await api.get('/api/low-stock-products', admin)).body.data as Array<{ id: number }>;
    expect(lowAfter.some((r) => r.id === p?.id)).toBe(false);
  });
});
