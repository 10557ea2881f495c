import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductSaleRow } from '@bazar/contracts/cash';
import { linesTotal } from '@bazar/contracts/money';
import { makeBrand, makeCategory, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp, shopDayAgo } from './helpers';

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
    const old = { detail: 'Old rent', amount: 5000, date: shopDayAgo(2) };
    expect((await api.post('/api/expance/add', old, admin)).status).toBe(201);
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

  it('the daily report puts every order, payment and expense on its shop day, midnight included', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Day P', price: '50', qty: '20' });
    const order = (await till([{ product_id: p?.id, quantity: 2 }], { paid: 70 })).body.data as {
      id: number;
    };
    const q = (text: string, params: unknown[]) => t.database.pool.query(text, params);
    // Placed on the first instant of 2 March (shop time, +06), paid on the first instant of 3 March.
    await q(`UPDATE orders SET created_at = '2020-03-02 00:00:00+06' WHERE id = $1`, [order.id]);
    await q(`UPDATE payments SET created_at = '2020-03-03 00:00:00+06' WHERE order_id = $1`, [order.id]);
    for (const [amount, at] of [
      [100, '2020-03-01 23:59:59.999+06'],
      [200, '2020-03-02 00:00:00+06'],
      [400, '2020-03-03 23:59:59+06'],
      [800, '2020-03-04 00:00:00+06'], // the day after the range
      [1600, '2020-02-29 23:59:59+06'], // the day before it
    ] as const) {
      // Written as the back office writes one, then moved to the instant the test needs.
      const res = await api.post(
        '/api/expance/add',
        { detail: 'Day test', amount, date: '2020-03-01' },
        admin,
      );
      const id = (res.body.data as { id: number }).id;
      await q(`UPDATE expenses SET created_at = $2 WHERE id = $1`, [id, at]);
      await q(`UPDATE money_ledger SET created_at = $2 WHERE expense_id = $1`, [id, at]);
    }

    const res = await api.get('/api/daily-report?from=2020-03-01&to=2020-03-03', admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = (res.body.data as Array<Record<string, unknown>>).map((d) => ({
      day: d.created_at,
      orders: d.orders,
      total: d.total,
      paid: d.paid,
      expance: d.expance,
      cash: (d.by_method as Record<string, number>).cash,
    }));
    expect(rows).toEqual([
      { day: '2020-03-03', orders: 0, total: 0, paid: 70, expance: 400, cash: 70 },
      { day: '2020-03-02', orders: 1, total: 100, paid: 0, expance: 200, cash: 0 },
      { day: '2020-03-01', orders: 0, total: 0, paid: 0, expance: 100, cash: 0 },
    ]);
    // A one-day range is the same day's figures.
    const one = await api.get('/api/daily-report?from=2020-03-02&to=2020-03-02', admin);
    expect((one.body.data as Array<{ created_at: string; expance: number }>).map((d) => d.expance)).toEqual([
      200,
    ]);
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
      {
        product_id: b?.id,
        name: 'Sale B',
        attri: '',
        name_bn: '',
        attri_bn: '',
        price: 20,
        buyprice: 15,
        qty: 5,
      },
      {
        product_id: a?.id,
        name: 'Sale A',
        attri: '',
        name_bn: '',
        attri_bn: '',
        price: 10,
        buyprice: 6,
        qty: 3.5,
      },
    ]);
  });

  it('product sale pages: every page together is the whole list, and the totals are over every row', async () => {
    // Seven products sold in amounts that do not round evenly, and one sold then returned in part.
    const made = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map(async (i) => {
        const [p] = await makeProduct(t.app, admin, brand, {
          title: `Paged ${i}`,
          price: String(13 * i),
          buyprice: String(7 * i),
          qty: '100',
        });
        return p;
      }),
    );
    for (const [i, p] of made.entries()) await till([{ product_id: p?.id, quantity: i + 0.35 }]);
    for (const id of made.map((p) => p?.id))
      await t.database.pool.query(
        `UPDATE orders SET created_at = '2021-06-15 10:00:00+06'
         WHERE id IN (SELECT order_id FROM order_lines WHERE product_id = $1)`,
        [id],
      );
    const range = 'from=2021-06-15&to=2021-06-15';
    const whole = (await api.get(`/api/product-sale?${range}`, admin)).body as unknown as ProductSaleRow[];
    expect(whole.map((r) => r.name)).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `Paged ${i}`));

    const pages: ProductSaleRow[] = [];
    let totals: unknown;
    for (let page = 1; page <= 3; page++) {
      const res = await api.get(`/api/product-sale/page?${range}&page=${page}&per_page=3`, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const meta = res.body.meta as { total: number; last_page: number; totals: unknown };
      expect(meta).toMatchObject({ total: 7, last_page: 3, current_page: page, per_page: 3 });
      totals ??= meta.totals;
      expect(meta.totals).toEqual(totals); // the same on every page
      pages.push(...(res.body.data as ProductSaleRow[]));
    }
    expect(pages).toEqual(whole);
    const total = linesTotal(whole.map((r) => ({ price: r.price, quantity: r.qty })));
    const cost = linesTotal(whole.map((r) => ({ price: r.buyprice, quantity: r.qty })));
    expect(totals).toEqual({ total, cost, profit: total - cost });
    expect(total).toBe(
      Math.floor(whole.reduce((sum, r) => sum + r.price * Math.round(r.qty * 100), 0) / 100),
    );

    const empty = await api.get('/api/product-sale/page?from=2001-01-01&to=2001-01-31', admin);
    expect(empty.body).toMatchObject({
      data: [],
      meta: { total: 0, totals: { total: 0, cost: 0, profit: 0 } },
    });
    const allTime = await api.get('/api/product-sale/page?from=&to=&per_page=200', admin);
    expect((allTime.body.meta as { total: number }).total).toBe(
      ((await api.get('/api/product-sale?from=&to=', admin)).body as unknown as unknown[]).length,
    );
    for (const bad of ['per_page=201', 'per_page=0', 'page=0', 'page=x', 'from=2021-02-30'])
      expect([bad, (await api.get(`/api/product-sale/page?${bad}`, admin)).status]).toEqual([bad, 422]);
  });

  it('are for admins only', async () => {
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    for (const url of [
      '/api/profit-loss',
      '/api/daily-report',
      '/api/product-sale',
      '/api/product-sale/page',
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

  it('Live stock filters by category, brand and low stock, and sorts by quantity or value', async () => {
    const dairy = await makeCategory(t.app, admin);
    const other = await makeBrand(t.app, admin);
    const made = async (title: string, qty: string, buyprice: string, brandId: number, cat?: number) =>
      (
        await makeProduct(t.app, admin, brandId, {
          title,
          qty,
          buyprice,
          price: '500',
          ...(cat !== undefined && { 'category[]': [String(cat)] }),
        })
      )[0]!.id;
    const milk = await made('Filter Milk', '3', '100', brand, dairy);
    const ghee = await made('Filter Ghee', '40', '400', other, dairy);
    const curd = await made('Filter Curd', '10', '50', brand, dairy);
    const salt = await made('Filter Salt', '2', '10', brand);
    type Row = { id: number };
    const ids = async (query: string) =>
      ((await api.get(`/api/live-stock?per_page=200&${query}`, admin)).body.data as Row[]).map((r) => r.id);
    expect(await ids(`category_id=${dairy}`)).toEqual([curd, ghee, milk]);
    expect(await ids(`category_id=${dairy}&sort=qty`)).toEqual([milk, curd, ghee]);
    // Most first: 40 × 400, 10 × 50, 3 × 100.
    expect(await ids(`category_id=${dairy}&sort=value`)).toEqual([ghee, curd, milk]);
    expect(await ids(`category_id=${dairy}&brand_id=${other}`)).toEqual([ghee]);
    const low = await ids('low=1');
    expect(low).toEqual(expect.arrayContaining([milk, salt]));
    expect(low).not.toContain(curd);
    const page = await api.get(`/api/live-stock?category_id=${dairy}&per_page=2`, admin);
    expect((page.body as { meta: { total: number; last_page: number } }).meta).toMatchObject({
      total: 3,
      last_page: 2,
    });
    // Empty filters are none; junk is refused.
    expect(await ids('category_id=&brand_id=&low=&sort=')).toEqual(
      expect.arrayContaining([milk, ghee, curd, salt]),
    );
    expect((await api.get('/api/live-stock?sort=price', admin)).status).toBe(422);
    expect((await api.get('/api/live-stock?category_id=01', admin)).status).toBe(422);
  });

  it("low stock is each product's own reorder minimum, else 5 units", async () => {
    const [rice] = await makeProduct(t.app, admin, brand, { title: 'Level Rice', qty: '20' });
    const [salt] = await makeProduct(t.app, admin, brand, { title: 'Level Salt', qty: '4' });
    const lowIds = async () =>
      ((await api.get('/api/low-stock-products', admin)).body.data as Array<{ id: number }>).map((r) => r.id);
    expect(await lowIds()).not.toContain(rice?.id);
    expect(await lowIds()).toContain(salt?.id);
    // Rice runs low at 25 for this shop; salt only at 2.
    expect((await api.post(`/api/product/${rice?.id}/reorder`, { min: 25, target: 60 }, admin)).status).toBe(
      200,
    );
    expect((await api.post(`/api/product/${salt?.id}/reorder`, { min: 2, target: 10 }, admin)).status).toBe(
      200,
    );
    expect(await lowIds()).toContain(rice?.id);
    expect(await lowIds()).not.toContain(salt?.id);
  });
});
