import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, staffToken, testApp, type TestApp } from './helpers';

/** Counting the shelf, write-offs and the shrinkage report (issue 28), through HTTP and the database. */

let t: TestApp;
let api: ReturnType<typeof client>;
let owner: string;
let brand: number;
let keeper: { id: number; token: string };
let counter2: { id: number; token: string };
let manager: { id: number; token: string };
let cashier: { id: number; token: string };

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  owner = await adminToken(t);
  brand = await makeBrand(t.app, owner);
  keeper = await staffToken(t, 'stock', owner);
  counter2 = await staffToken(t, 'stock', owner);
  manager = await staffToken(t, 'manager', owner);
  cashier = await staffToken(t, 'cashier', owner);
});

const product = async (qty: number, buyprice = 40) => {
  const [p] = await makeProduct(t.app, owner, brand, {
    price: '50',
    qty: String(qty),
    buyprice: String(buyprice),
  });
  if (!p) throw new Error('no product');
  return p.id;
};
const qtyOf = async (id: number) =>
  Number((await t.database.pool.query('SELECT qty FROM products WHERE id = $1', [id])).rows[0].qty);
const ledger = async (id: number) =>
  (
    await t.database.pool.query<{ reason: string; delta: string; stocktake_id: number | null; note: string }>(
      'SELECT reason, delta, stocktake_id, note FROM stock_ledger WHERE product_id = $1 ORDER BY id',
      [id],
    )
  ).rows;
/** A till sale of `quantity` of the product, paid in cash. */
const sell = async (productId: number, quantity: number) => {
  const res = await api.post(
    '/api/order/add',
    {
      name: 'Walk-in',
      phone: '01700000000',
      terminal: 1,
      carts: [{ product_id: productId, quantity }],
      payments: [{ method: 'cash', amount: quantity * 50 }],
    },
    owner,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const count = (id: number, productId: number, qty: number, token: string, clientId?: string) =>
  api.post(
    `/api/stocktakes/${id}/counts`,
    { product_id: productId, qty, ...(clientId && { client_id: clientId }) },
    token,
  );

describe('a stocktake', () => {
  it('ends with counted minus what was sold after its start; two counters add up; a resent count counts once', async () => {
    const rice = await product(20);
    const oil = await product(10);
    const same = await product(7);
    const started = await api.post('/api/stocktakes', { product_ids: [rice, oil, same] }, keeper.token);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = (started.body.data as { id: number }).id;
    expect(started.body.data).toMatchObject({ status: 'open', lines: 3, counted: 0 });

    // Two counters scan rice; one resends a count (its answer was lost).
    const clientId = '3b8f6c1a-9d2e-4f7a-8b1c-2d3e4f5a6b7c';
    expect((await count(id, rice, 10, keeper.token, clientId)).status).toBe(200);
    const resent = await count(id, rice, 10, keeper.token, clientId);
    expect(resent.body.data).toEqual({ product_id: rice, mine: 10, counted: 10 });
    const second = await count(id, rice, 7, counter2.token);
    expect(second.body.data).toEqual({ product_id: rice, mine: 7, counted: 17 });
    await count(id, oil, 10, keeper.token);
    await count(id, same, 7, counter2.token);
    // Sold during the count: 3 rice.
    await sell(rice, 3);

    // Blind: the counter sees counts, not what the books expect.
    const blind = (await api.get(`/api/stocktakes/${id}`, keeper.token)).body.data as {
      items: Array<Record<string, unknown>>;
    };
    const riceLine = blind.items.find((l) => l.product_id === rice);
    expect(riceLine).toMatchObject({ counted: 17, mine: 10 });
    expect(riceLine).not.toHaveProperty('expected');
    expect(riceLine).not.toHaveProperty('difference');
    expect(riceLine).not.toHaveProperty('value');

    // The manager's review: expected, difference, value at buy price, largest first.
    const review = (await api.get(`/api/stocktakes/${id}`, manager.token)).body.data as {
      items: Array<{ product_id: number; expected: number; difference: number; value: number }>;
    };
    expect(review.items[0]).toMatchObject({ product_id: rice, expected: 20, difference: -3, value: -120 });
    expect(review.items.find((l) => l.product_id === oil)).toMatchObject({ difference: 0, value: 0 });
    // A stock keeper may not approve.
    expect((await api.post(`/api/stocktakes/${id}/approve`, {}, keeper.token)).status).toBe(403);

    const before = { rice: (await ledger(rice)).length, oil: (await ledger(oil)).length };
    const approved = await api.post(`/api/stocktakes/${id}/approve`, {}, manager.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', approved: 3 });
    // 17 counted, 3 sold after the start: 14 on the shelf and in the books.
    expect(await qtyOf(rice)).toBe(14);
    expect(await qtyOf(oil)).toBe(10);
    const riceRows = await ledger(rice);
    expect(riceRows).toHaveLength(before.rice + 1);
    expect(riceRows.at(-1)).toMatchObject({ reason: 'count', stocktake_id: id });
    expect(Number(riceRows.at(-1)?.delta)).toBe(-3);
    expect(await ledger(oil)).toHaveLength(before.oil); // unchanged: no row
    // Closed: no more counts or approvals.
    expect((await count(id, rice, 1, keeper.token)).status).toBe(409);
    expect((await api.post(`/api/stocktakes/${id}/approve`, {}, manager.token)).status).toBe(409);
    const check = await api.get('/api/stock/check', owner);
    expect(check.body.data).toEqual([]);
  });

  it('approves line by line; a named line nobody counted is none on the shelf; the rest keep their books', async () => {
    const a = await product(5);
    const b = await product(8);
    const c = await product(3);
    const id = (
      (await api.post('/api/stocktakes', { product_ids: [a, b, c] }, manager.token)).body.data as {
        id: number;
      }
    ).id;
    await count(id, a, 6, keeper.token);
    const first = await api.post(`/api/stocktakes/${id}/approve`, { product_ids: [a, b] }, manager.token);
    expect(first.body.data).toMatchObject({ status: 'open', approved: 2 });
    expect(await qtyOf(a)).toBe(6);
    expect(await qtyOf(b)).toBe(0);
    // Approving the rest (nothing counted): c keeps its books, the count closes.
    const rest = await api.post(`/api/stocktakes/${id}/approve`, {}, manager.token);
    expect(rest.body.data).toMatchObject({ status: 'approved' });
    expect(await qtyOf(c)).toBe(3);
  });

  it('counts a brand or everything; refuses a product outside the count, a closed count, bad input', async () => {
    const other = await makeBrand(t.app, owner);
    const [inBrand] = await makeProduct(t.app, owner, other, { price: '10', qty: '4' });
    const outside = await product(2);
    const byBrand = await api.post('/api/stocktakes', { brand_id: other }, keeper.token);
    expect(byBrand.status).toBe(201);
    expect(byBrand.body.data).toMatchObject({ lines: 1 });
    const id = (byBrand.body.data as { id: number }).id;
    expect((await count(id, outside, 1, keeper.token)).status).toBe(422);
    expect((await count(id, inBrand!.id, 0, keeper.token)).status).toBe(422);
    expect((await count(id, inBrand!.id, 1.234, keeper.token)).status).toBe(422);
    expect((await count(id, inBrand!.id, 1.5, keeper.token)).status).toBe(422);
    expect(
      (await api.post('/api/stocktakes', { brand_id: other, category_id: 1 }, keeper.token)).status,
    ).toBe(422);
    expect((await api.post('/api/stocktakes', { brand_id: 999999 }, keeper.token)).status).toBe(422);
    const all = await api.post('/api/stocktakes', {}, keeper.token);
    expect((all.body.data as { lines: number }).lines).toBeGreaterThan(3);
    // Cancelled: counts change nothing.
    expect((await api.post(`/api/stocktakes/${id}/cancel`, {}, manager.token)).body.data).toMatchObject({
      status: 'cancelled',
    });
    expect((await count(id, inBrand!.id, 1, keeper.token)).status).toBe(409);
    expect(await qtyOf(inBrand!.id)).toBe(4);
    // A cashier counts nothing.
    expect((await api.get('/api/stocktakes', cashier.token)).status).toBe(403);
    const listed = (await api.get('/api/stocktakes?status=open', keeper.token)).body.data as Array<{
      id: number;
    }>;
    expect(listed.map((s) => s.id)).toContain((all.body.data as { id: number }).id);
    expect(listed.map((s) => s.id)).not.toContain(id);
  });
});

describe('corrections and Bind Stock groups', () => {
  it('a negative count corrects one’s own tally, never below 0; a group member counts on its group’s line', async () => {
    const bound = await makeProduct(t.app, owner, brand, {
      title: 'Soybean Oil Bound',
      attri: '1 litre',
      qty: '10',
      link_qty: '1',
      'variations[0][title]': '2 litre',
      'variations[0][price]': '345',
      'variations[0][qty]': '10',
    });
    const [first, second] = bound;
    if (!first || !second) throw new Error('no bound products');
    const started = await api.post('/api/stocktakes', { product_ids: [first.id, second.id] }, keeper.token);
    const id = (started.body.data as { id: number; lines: number }).id;
    expect(started.body.data).toMatchObject({ lines: 1 });
    // The second member's barcode counts on the group's one line.
    const viaMember = await count(id, second.id, 3, keeper.token);
    expect(viaMember.body.data).toEqual({ product_id: first.id, mine: 3, counted: 3 });
    // An undone scan: −1; more than one's own tally: refused (another counter's counts are theirs).
    await count(id, first.id, 2, counter2.token);
    expect((await count(id, first.id, -1, keeper.token)).body.data).toEqual({
      product_id: first.id,
      mine: 2,
      counted: 4,
    });
    const below = await count(id, first.id, -3, keeper.token);
    expect(below.status).toBe(422);
    await api.post(`/api/stocktakes/${id}/approve`, {}, manager.token);
    // One line, one move: both members of the group hold 4.
    expect(await qtyOf(first.id)).toBe(4);
    expect(await qtyOf(second.id)).toBe(4);
  });
});

describe('write-offs and the shrinkage report', () => {
  it('writes off with a reason through the ledger, never more than on hand; found goes in', async () => {
    const milk = await product(10, 60);
    const out = await api.post(
      '/api/stock/adjust',
      { product_id: milk, qty: -2, reason: 'expired', note: '' },
      keeper.token,
    );
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data).toEqual({ product_id: milk, qty: 8, delta: -2 });
    const found = await api.post(
      '/api/stock/adjust',
      { product_id: milk, qty: 1, reason: 'found' },
      keeper.token,
    );
    expect(found.body.data).toMatchObject({ qty: 9 });
    const rows = await ledger(milk);
    expect(rows.slice(-2).map((r) => [r.reason, Number(r.delta)])).toEqual([
      ['adjust:expired', -2],
      ['adjust:found', 1],
    ]);
    // More than on hand, found going out, other without a note, a cashier: refused.
    expect(
      (await api.post('/api/stock/adjust', { product_id: milk, qty: -10, reason: 'lost' }, keeper.token))
        .status,
    ).toBe(422);
    expect(
      (await api.post('/api/stock/adjust', { product_id: milk, qty: -1, reason: 'found' }, keeper.token))
        .status,
    ).toBe(422);
    expect(
      (await api.post('/api/stock/adjust', { product_id: milk, qty: -1, reason: 'other' }, keeper.token))
        .status,
    ).toBe(422);
    expect(
      (await api.post('/api/stock/adjust', { product_id: milk, qty: 0, reason: 'lost' }, keeper.token))
        .status,
    ).toBe(422);
    // A product sold by the piece moves in whole pieces.
    const half = await api.post(
      '/api/stock/adjust',
      { product_id: milk, qty: -1.5, reason: 'lost' },
      keeper.token,
    );
    expect(half.status).toBe(422);
    expect(
      (await api.post('/api/stock/adjust', { product_id: milk, qty: -1, reason: 'lost' }, cashier.token))
        .status,
    ).toBe(403);
    const other = await api.post(
      '/api/stock/adjust',
      { product_id: milk, qty: -1, reason: 'other', note: 'Dinner for the family' },
      keeper.token,
    );
    expect(other.status).toBe(200);
    expect((await ledger(milk)).at(-1)).toMatchObject({
      reason: 'adjust:other',
      note: 'Dinner for the family',
    });
  });

  it('the shrinkage report values write-offs and count differences by reason, month and product, beside sales', async () => {
    const eggs = await product(30, 12);
    await api.post('/api/stock/adjust', { product_id: eggs, qty: -5, reason: 'damaged' }, keeper.token);
    await sell(eggs, 2);
    const res = await api.get('/api/reports/shrinkage', owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.data as {
      reasons: Array<{ reason: string; qty: number; value: number }>;
      months: Array<{ month: string; value: number; sales: number }>;
      products: Array<{ product_id: number; qty: number; value: number }>;
      total: { value: number; sales: number };
    };
    expect(report.reasons.find((r) => r.reason === 'damaged')).toMatchObject({ qty: 5, value: 60 });
    expect(report.reasons.find((r) => r.reason === 'count')).toMatchObject({ value: 120 + 40 * 8 - 40 });
    expect(report.products.find((p) => p.product_id === eggs)).toMatchObject({ qty: 5, value: 60 });
    expect(report.total.value).toBe(report.reasons.reduce((n, r) => n + r.value, 0));
    expect(report.total.sales).toBeGreaterThanOrEqual(100);
    expect(report.months.at(-1)?.sales).toBeGreaterThan(0);
    // Profit figures: a stock keeper may not read it.
    expect((await api.get('/api/reports/shrinkage', keeper.token)).status).toBe(403);
  });
});
