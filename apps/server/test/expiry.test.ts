import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '../src/lib/shop-day';
import { dayAfter } from '../src/modules/stock/batches.service';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, staffToken, testApp, type TestApp } from './helpers';

/**
 * Expiry dates (issue 28): stock per batch, sold first-expiring-first at the till and online, a
 * return back to its batch, Expiring soon, a batch written off or put on offer, and the till's
 * expired-stock rule, through HTTP and the database.
 */

let t: TestApp;
let api: ReturnType<typeof client>;
let owner: string;
let brand: number;
let supplierId: number;
let keeper: { id: number; phone: string; token: string };
let cashier: { id: number; phone: string; token: string };
let manager: { id: number; phone: string; token: string };
const today = shopDay(new Date(), 'Asia/Dhaka');
const day = (n: number) => dayAfter(today, n);

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  owner = await adminToken(t);
  brand = await makeBrand(t.app, owner);
  keeper = await staffToken(t, 'stock', owner);
  cashier = await staffToken(t, 'cashier', owner);
  manager = await staffToken(t, 'manager', owner);
  const made = await api.post('/api/supplier/add', { name: 'Dairy Traders' }, owner);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  supplierId = (made.body.data as { id: number }).id;
});

/** A product (price 50, buy price 40) holding `qty` with no date, tracking expiry. */
const tracked = async (qty = 0, title?: string) => {
  const [p] = await makeProduct(t.app, owner, brand, {
    price: '50',
    qty: String(qty),
    buyprice: '40',
    ...(title && { title }),
  });
  const res = await api.post(`/api/product/${p!.id}/expiry`, { track: true }, keeper.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return p!.id;
};

type Line = { product_id: number; quantity: number; buyprice: number; expiry?: string; batch?: string };
const purchase = (lines: Line[], token = owner) =>
  api.post('/api/purchase/add', { supplier_id: supplierId, lines, paid: 0 }, token);

type Batches = {
  track_expiry: boolean;
  qty: number;
  undated: number;
  batches: Array<{ id: number; expiry: string; code: string; qty: number; value?: number; expired: boolean }>;
};
const batchesOf = async (id: number) => {
  const res = await api.get(`/api/product/${id}/batches`, owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Batches;
};
/** Each batch's quantity by its expiry date. */
const byDate = async (id: number) =>
  Object.fromEntries((await batchesOf(id)).batches.map((b) => [b.expiry, b.qty]));

/** A till sale of `quantity`, paid in cash, by `token`. */
const tillSale = (productId: number, quantity: number, token = owner, more: Record<string, unknown> = {}) =>
  api.post(
    '/api/order/add',
    {
      terminal: 1,
      name: '',
      phone: '',
      address: '',
      area: '',
      ship: 0,
      discount: 0,
      paid: quantity * 50,
      method: 'cash',
      carts: [{ product_id: productId, quantity }],
      ...more,
    },
    token,
  );
const sold = async (productId: number, quantity: number) => {
  const res = await tillSale(productId, quantity);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { id: number }).id;
};
const books = async () => {
  const res = await api.get('/api/stock/check', owner);
  expect(res.body.data).toEqual([]);
  const off = await t.database.pool.query(`
    SELECT p.id FROM products p JOIN stock_batches b ON b.product_id = p.id
    WHERE p.track_expiry GROUP BY p.id, p.qty HAVING sum(b.qty) > greatest(p.qty, 0)`);
  expect(off.rows, 'no product holds more in batches than on hand').toEqual([]);
};

describe('batches', () => {
  it('a purchase line of a product that tracks expiry needs its date; each line goes into its batch', async () => {
    const milk = await tracked();
    const missing = await purchase([{ product_id: milk, quantity: 5, buyprice: 40 }]);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty(['lines.0.expiry']);

    const res = await purchase([
      { product_id: milk, quantity: 10, buyprice: 40, expiry: day(20), batch: 'B-20' },
      { product_id: milk, quantity: 6, buyprice: 40, expiry: day(5), batch: 'B-5' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = await batchesOf(milk);
    expect(b).toMatchObject({ track_expiry: true, qty: 16, undated: 0 });
    expect(b.batches.map((x) => [x.expiry, x.code, x.qty, x.value])).toEqual([
      [day(5), 'B-5', 6, 240],
      [day(20), 'B-20', 10, 400],
    ]);
    await books();
  });

  it('sells first-expiring-first at the till and online, and a return goes back to the batch its order took', async () => {
    const yogurt = await tracked();
    await purchase([
      { product_id: yogurt, quantity: 10, buyprice: 40, expiry: day(20) },
      { product_id: yogurt, quantity: 5, buyprice: 40, expiry: day(3) },
      { product_id: yogurt, quantity: 5, buyprice: 40, expiry: day(9) },
    ]);
    await sold(yogurt, 3);
    expect(await byDate(yogurt)).toEqual({ [day(3)]: 2, [day(9)]: 5, [day(20)]: 10 });
    // Across two batches: 2 from the first, 4 from the next.
    const order = await sold(yogurt, 6);
    expect(await byDate(yogurt)).toEqual({ [day(9)]: 1, [day(20)]: 10 });

    // Back comes 3 of that order: the first-expiring batch it took from gets its 2, the next 1.
    const back = await api.post(
      `/api/order/return/${order}`,
      { lines: [{ product_id: yogurt, quantity: 3 }], refund: { method: 'cash', amount: 150 } },
      owner,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(await byDate(yogurt)).toEqual({ [day(3)]: 2, [day(9)]: 2, [day(20)]: 10 });
    const moves = await t.database.pool.query<{ reason: string; qty: string; expiry: string }>(
      `SELECT l.reason, m.qty::text AS qty, b.expiry::text AS expiry
       FROM stock_batch_moves m JOIN stock_ledger l ON l.id = m.ledger_id JOIN stock_batches b ON b.id = m.batch_id
       WHERE l.order_id = $1 ORDER BY m.id`,
      [order],
    );
    expect(moves.rows.map((r) => [r.reason, Number(r.qty), r.expiry])).toEqual([
      ['order', -2, day(3)],
      ['order', -4, day(9)],
      ['return', 2, day(3)],
      ['return', 1, day(9)],
    ]);

    // An online order takes the same way: the first-expiring batch.
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    const online = await api.post(
      '/api/order/add',
      {
        name: 'Rahima',
        phone: buyer.phone,
        address: 'House 4, Road 2',
        area: 'Mirpur',
        note: '',
        carts: [{ product_id: yogurt, quantity: 3, attri: '', price: 50 }],
        lang: 'en',
        payment: 'cod',
      },
      buyer.token,
    );
    expect(online.status, JSON.stringify(online.body)).toBe(201);
    expect(await byDate(yogurt)).toEqual({ [day(9)]: 1, [day(20)]: 10 });
    await books();
  });

  it('stock with no date (from before tracking) goes first; stock in while below zero covers what was sold', async () => {
    const [p] = await makeProduct(t.app, owner, brand, { price: '50', qty: '4', buyprice: '40' });
    const cheese = p!.id;
    expect((await api.post(`/api/product/${cheese}/expiry`, { track: true }, owner)).status).toBe(200);
    await purchase([{ product_id: cheese, quantity: 10, buyprice: 40, expiry: day(10) }]);
    await sold(cheese, 3);
    expect(await batchesOf(cheese)).toMatchObject({ qty: 11, undated: 1 });
    expect(await byDate(cheese)).toEqual({ [day(10)]: 10 });
    await sold(cheese, 13);
    expect(await batchesOf(cheese)).toMatchObject({ qty: -2, undated: 0, batches: [] });
    // 5 come in with a date while 2 were sold beyond the shelf: the batch holds 3.
    await purchase([{ product_id: cheese, quantity: 5, buyprice: 40, expiry: day(12) }]);
    expect(await byDate(cheese)).toEqual({ [day(12)]: 3 });
    await books();
  });

  it('a stock entry takes an expiry date too, and deleting it takes back what it put in its batch', async () => {
    const butter = await tracked(2);
    const missing = await api.post('/api/stock/add', { price: 40, qty: 5, items: [{ id: butter }] }, owner);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('expiry');
    const added = await api.post(
      '/api/stock/add',
      { price: 40, qty: 5, items: [{ id: butter }], expiry: day(30), batch: 'L7' },
      owner,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await byDate(butter)).toEqual({ [day(30)]: 5 });
    const entry = (added.body.data as { id: number }).id;
    expect((await api.del(`/api/stock/delete/${entry}`, owner)).status).toBe(200);
    expect(await batchesOf(butter)).toMatchObject({ qty: 2, undated: 2, batches: [] });
    await books();
  });

  it('a purchase order received with expiry dates puts them in their batches', async () => {
    const ghee = await tracked();
    const po = await api.post(
      '/api/purchase-orders',
      { supplier_id: supplierId, lines: [{ product_id: ghee, qty: 8, buy_price: 40 }] },
      owner,
    );
    expect(po.status, JSON.stringify(po.body)).toBe(201);
    const id = (po.body.data as { id: number }).id;
    const noDate = await api.post(
      `/api/purchase-orders/${id}/receive`,
      { lines: [{ product_id: ghee, qty: 3, buy_price: 40 }] },
      owner,
    );
    expect(noDate.status).toBe(422);
    const got = await api.post(
      `/api/purchase-orders/${id}/receive`,
      { lines: [{ product_id: ghee, qty: 3, buy_price: 40, expiry: day(40), batch: 'G1' }] },
      owner,
    );
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(await byDate(ghee)).toEqual({ [day(40)]: 3 });
  });

  it('a Bind Stock product cannot track expiry; turning tracking off forgets the batches', async () => {
    const [p] = await makeProduct(t.app, owner, brand, { price: '50', qty: '4' });
    await t.database.pool.query('UPDATE products SET link_qty = true WHERE id = $1', [p!.id]);
    const bound = await api.post(`/api/product/${p!.id}/expiry`, { track: true }, owner);
    expect(bound.status).toBe(422);
    expect(bound.body.errors).toHaveProperty('track');

    const eggs = await tracked();
    await purchase([{ product_id: eggs, quantity: 12, buyprice: 40, expiry: day(8) }]);
    expect((await api.post(`/api/product/${eggs}/expiry`, { track: false }, owner)).status).toBe(200);
    expect(await batchesOf(eggs)).toMatchObject({ track_expiry: false, qty: 12, batches: [] });
    // A cashier may not change it.
    expect((await api.post(`/api/product/${eggs}/expiry`, { track: true }, cashier.token)).status).toBe(403);
  });
});

describe('Expiring soon', () => {
  it('lists the expired and the soon-expiring batches with value; write-off and offer from there', async () => {
    const curd = await tracked(0, 'Expiring Curd');
    await purchase([
      { product_id: curd, quantity: 4, buyprice: 40, expiry: day(-2), batch: 'OLD' },
      { product_id: curd, quantity: 6, buyprice: 40, expiry: day(6), batch: 'SOON' },
      { product_id: curd, quantity: 9, buyprice: 40, expiry: day(7), batch: 'LATER' },
    ]);
    const list = async (query = '', token = owner) => {
      const res = await api.get(`/api/stock/expiring${query}`, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as {
        days: number;
        today: string;
        value?: number;
        expired_value?: number;
        batches: Array<{
          id: number;
          product_id: number;
          code: string;
          expired: boolean;
          days_left: number;
          qty: number;
          value?: number;
        }>;
      };
    };
    const week = await list();
    const mine = week.batches.filter((b) => b.product_id === curd);
    // Within 7 days is today and the 6 after it: the batch of day 7 is not yet listed.
    expect(week).toMatchObject({ days: 7, today });
    expect(mine.map((b) => [b.code, b.expired, b.days_left, b.qty])).toEqual([
      ['OLD', true, -2, 4],
      ['SOON', false, 6, 6],
    ]);
    expect(week.expired_value).toBeGreaterThanOrEqual(160);
    expect((await list('?days=8')).batches.filter((b) => b.product_id === curd)).toHaveLength(3);
    // The stock keeper sees the batches, not what they cost.
    const kept = await list('', keeper.token);
    expect(kept.value).toBeUndefined();
    expect(kept.batches.find((b) => b.product_id === curd)).not.toHaveProperty('value');

    // The shop looks 3 days ahead: only the expired one.
    expect(
      (await api.post('/api/settings', { ...(await settingsNow()), expiry_days: 3 }, owner)).status,
    ).toBe(200);
    expect((await list()).batches.filter((b) => b.product_id === curd).map((b) => b.code)).toEqual(['OLD']);
    expect(
      (await api.post('/api/settings', { ...(await settingsNow()), expiry_days: 7 }, owner)).status,
    ).toBe(200);

    // The expired batch written off as expired: from that batch, valued in the shrinkage report.
    const old = mine[0]!;
    const tooMuch = await api.post(
      '/api/stock/adjust',
      { product_id: curd, qty: -5, reason: 'expired', batch_id: old.id },
      keeper.token,
    );
    expect(tooMuch.status).toBe(422);
    const off = await api.post(
      '/api/stock/adjust',
      { product_id: curd, qty: -4, reason: 'expired', batch_id: old.id },
      keeper.token,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await byDate(curd)).toEqual({ [day(6)]: 6, [day(7)]: 9 });
    const shrink = await api.get('/api/reports/shrinkage', owner);
    const expired = (shrink.body.data as { reasons: Array<{ reason: string; value: number }> }).reasons.find(
      (r) => r.reason === 'expired',
    );
    expect(expired?.value).toBeGreaterThanOrEqual(160);

    // The soon batch's product on offer, 25 % off: 50 → 37.
    const soon = mine[1]!;
    expect(
      (await api.post(`/api/stock/batches/${soon.id}/offer`, { percent: 25 }, keeper.token)).status,
    ).toBe(403);
    const offer = await api.post(`/api/stock/batches/${soon.id}/offer`, { percent: 25 }, owner);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    expect(offer.body.data).toEqual({ product_id: curd, price: 50, offprice: 37 });
    const shown = await api.get(`/api/product/${curd}`, owner);
    expect(shown.body.data).toMatchObject({ offprice: 37 });
    // Offered again at less off: the lower price stays.
    const again = await api.post(`/api/stock/batches/${soon.id}/offer`, null, owner);
    expect(again.body.data).toMatchObject({ offprice: 37 });
    // A batch written off meanwhile is no reason for an offer.
    const gone = await api.post(
      '/api/stock/adjust',
      { product_id: curd, qty: -6, reason: 'expired', batch_id: soon.id },
      keeper.token,
    );
    expect(gone.status).toBe(200);
    const stale = await api.post(`/api/stock/batches/${soon.id}/offer`, { percent: 50 }, owner);
    expect(stale.status).toBe(409);
    expect((await api.get(`/api/product/${curd}`, owner)).body.data).toMatchObject({ offprice: 37 });
    await books();
  });

  it('the settings take 1 to 90 days and approval or never', async () => {
    const now = await settingsNow();
    for (const bad of [
      { expiry_days: 0 },
      { expiry_days: 91 },
      { expiry_days: 2.5 },
      { expired_sale: 'maybe' },
    ]) {
      const res = await api.post('/api/settings', { ...now, ...bad }, owner);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors).toHaveProperty(Object.keys(bad)[0]!);
    }
  });

  it('is for staff who may see the stock', async () => {
    const res = await api.get('/api/stock/expiring', cashier.token);
    expect(res.status).toBe(403);
  });
});

const settingsNow = async () => {
  const res = await api.get('/api/settings', owner);
  return res.body.data as Record<string, unknown>;
};

describe('an expired batch at the till', () => {
  it('a sale that would take an expired batch needs a manager; one that the undated stock covers does not', async () => {
    const [p] = await makeProduct(t.app, owner, brand, { price: '50', qty: '2', buyprice: '40' });
    const bread = p!.id;
    expect((await api.post(`/api/product/${bread}/expiry`, { track: true }, owner)).status).toBe(200);
    await purchase([
      { product_id: bread, quantity: 3, buyprice: 40, expiry: day(-1) },
      { product_id: bread, quantity: 10, buyprice: 40, expiry: day(5) },
    ]);
    // The till's catalogue carries the batches.
    const catalog = await api.get('/api/till/catalog', cashier.token);
    const row = (catalog.body.data as { products: Array<{ id: number; batches: unknown }> }).products.find(
      (x) => x.id === bread,
    );
    expect(row?.batches).toEqual([
      { expiry: day(-1), qty: 3 },
      { expiry: day(5), qty: 10 },
    ]);

    // 2 with no date go first: no question.
    expect((await tillSale(bread, 2, cashier.token)).status).toBe(201);
    const asked = await tillSale(bread, 1, cashier.token);
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({
      code: 'approval_required',
      kind: 'expired',
      detail: { product_id: bread, qty: 1, expiry: day(-1) },
    });
    const ok = await tillSale(bread, 1, cashier.token, { approval: { phone: manager.phone, pin: '1234' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const approvals = await t.database.pool.query<{ kind: string; detail: { expiry: string; qty: number } }>(
      'SELECT kind, detail FROM approvals WHERE order_id = $1',
      [(ok.body.data as { id: number }).id],
    );
    expect(approvals.rows).toEqual([
      { kind: 'expired', detail: expect.objectContaining({ expiry: day(-1), qty: 1 }) },
    ]);

    // The shop never sells expired stock: refused, even for the owner; a sale made offline is kept.
    expect(
      (await api.post('/api/settings', { ...(await settingsNow()), expired_sale: 'never' }, owner)).status,
    ).toBe(200);
    const never = await tillSale(bread, 1, owner);
    expect(never.status).toBe(409);
    expect(never.body).toMatchObject({ code: 'expired_stock', product_id: bread, qty: 1 });
    const offline = await tillSale(bread, 1, owner, {
      offline: true,
      client_id: randomUUID(),
      sold_at: new Date(Date.now() - 60_000).toISOString(),
      carts: [{ product_id: bread, quantity: 1, price: 50, client_id: randomUUID() }],
    });
    expect(offline.status, JSON.stringify(offline.body)).toBe(201);
    expect(await byDate(bread)).toEqual({ [day(-1)]: 1, [day(5)]: 10 });
    // Written off, the rest sells with no question.
    const old = (await batchesOf(bread)).batches[0]!;
    await api.post(
      '/api/stock/adjust',
      { product_id: bread, qty: -1, reason: 'expired', batch_id: old.id },
      owner,
    );
    expect((await tillSale(bread, 2, cashier.token)).status).toBe(201);
    expect(
      (await api.post('/api/settings', { ...(await settingsNow()), expired_sale: 'approval' }, owner)).status,
    ).toBe(200);
    await books();
  });
});
