import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let customer: string;
let rice: number;
let oil: number;

type Supplier = { id: number; name: string; phone: string; address: string; due: number; purchases: number };
type Purchase = {
  id: number;
  supplier_id: number;
  supplier: string;
  invoice: string;
  date: string;
  total: number;
  paid: number;
  due: number;
  lines: Array<{ product_id: number; title: string; quantity: number; buyprice: number; total: number }>;
};

const product = async (id: number) =>
  (
    await t.database.pool.query<{ qty: string; buyprice: number }>(
      'SELECT qty, buyprice FROM products WHERE id = $1',
      [id],
    )
  ).rows[0]!;
const ledger = async (purchaseId: number) =>
  (
    await t.database.pool.query<{ product_id: number; delta: string; reason: string }>(
      'SELECT product_id, delta, reason FROM stock_ledger WHERE purchase_id = $1 ORDER BY id',
      [purchaseId],
    )
  ).rows;
const mismatches = async () =>
  (
    await t.database.pool.query(
      `SELECT p.id FROM products p LEFT JOIN stock_ledger l ON l.product_id = p.id
       GROUP BY p.id, p.qty HAVING p.qty <> coalesce(sum(l.delta), 0)`,
    )
  ).rows;

async function newSupplier(name: string): Promise<Supplier> {
  const res = await api.post(
    '/api/supplier/add',
    { name, phone: '01711000222', address: 'Kawran Bazar' },
    admin,
  );
  expect(res.status).toBe(201);
  return res.body.data as Supplier;
}

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  customer = (await registerCustomer(t.app)).token;
  const brand = await makeBrand(t.app, admin);
  const [r] = await makeProduct(t.app, admin, brand, {
    title: 'Purchase Rice',
    unit: 'kg',
    qty: '10',
    buyprice: '60',
  });
  const [o] = await makeProduct(t.app, admin, brand, { title: 'Purchase Oil', qty: '0', buyprice: '150' });
  rice = r!.id;
  oil = o!.id;
});

describe('suppliers', () => {
  it('are added, listed by name with their due, edited, and a name is unique', async () => {
    const s = await newSupplier('Rahman Traders');
    expect(s).toMatchObject({ name: 'Rahman Traders', phone: '01711000222', due: 0, purchases: 0 });
    expect((await api.post('/api/supplier/add', { name: 'rahman traders' }, admin)).status).toBe(409);
    const edited = await api.post(
      `/api/supplier/edit/${s.id}`,
      { name: 'Rahman & Sons', phone: '', address: '' },
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Rahman & Sons', phone: '' });
    const list = await api.get('/api/suppliers', admin);
    expect((list.body.data as Supplier[]).map((x) => x.name)).toContain('Rahman & Sons');
    expect((await api.post('/api/supplier/add', { name: '', phone: '123' }, admin)).status).toBe(422);
  });

  it('are for admins only', async () => {
    expect((await api.get('/api/suppliers')).status).toBe(401);
    expect((await api.get('/api/suppliers', customer)).status).toBe(403);
    expect((await api.post('/api/supplier/add', { name: 'X' }, customer)).status).toBe(403);
    expect((await api.post('/api/purchase/add', {}, customer)).status).toBe(403);
    expect((await api.get('/api/purchases', customer)).status).toBe(403);
  });
});

describe('a purchase', () => {
  it("adds each line's quantity through the ledger, sets the buy prices, and owes the rest to the supplier", async () => {
    const s = await newSupplier('Meghna Wholesale');
    const res = await api.post(
      '/api/purchase/add',
      {
        supplier_id: s.id,
        invoice: 'MW-1001',
        date: '2026-11-20',
        lines: [
          { product_id: rice, quantity: 25.5, buyprice: 58 },
          { product_id: oil, quantity: 12, buyprice: 160 },
        ],
        paid: 1000,
        method: 'bkash',
      },
      admin,
    );
    expect(res.status).toBe(201);
    const p = res.body.data as Purchase;
    // 25.5 × 58 = 1479, 12 × 160 = 1920: 3399; 1000 paid, 2399 owed.
    expect(p).toMatchObject({
      supplier: 'Meghna Wholesale',
      invoice: 'MW-1001',
      date: '2026-11-20',
      total: 3399,
      paid: 1000,
      due: 2399,
    });
    expect(p.lines.map((l) => [l.product_id, l.quantity, l.buyprice, l.total])).toEqual([
      [rice, 25.5, 58, 1479],
      [oil, 12, 160, 1920],
    ]);
    expect(await product(rice)).toEqual({ qty: '35.50', buyprice: 58 });
    expect(await product(oil)).toEqual({ qty: '12.00', buyprice: 160 });
    expect(await ledger(p.id)).toEqual([
      { product_id: rice, delta: '25.50', reason: 'purchase' },
      { product_id: oil, delta: '12.00', reason: 'purchase' },
    ]);
    expect(await mismatches()).toEqual([]);
    const supplier = ((await api.get('/api/suppliers', admin)).body.data as Supplier[]).find(
      (x) => x.id === s.id,
    );
    expect(supplier).toMatchObject({ due: 2399, purchases: 1 });

    // Listed with its lines, and the totals count every purchase of the filter.
    const page = await api.get(`/api/purchases?supplier_id=${s.id}`, admin);
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual([p]);
    expect((page.body.meta as { totals: unknown }).totals).toEqual({
      purchases: 1,
      total: 3399,
      paid: 1000,
      due: 2399,
    });
    expect((await api.get(`/api/purchases?from=2026-11-21`, admin)).body.data).toEqual([]);
    expect((await api.get(`/api/purchase/${p.id}`, admin)).body.data).toEqual(p);

    // The supplier is paid off in part, never beyond the due.
    const over = await api.post(`/api/supplier/pay/${s.id}`, { amount: 2400, method: 'cash' }, admin);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('Amount is large');
    const paid = await api.post(`/api/supplier/pay/${s.id}`, { amount: 399, method: 'cash' }, admin);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ due: 2000 });
    const payments = await t.database.pool.query(
      'SELECT purchase_id, amount, method FROM supplier_payments WHERE supplier_id = $1 ORDER BY id',
      [s.id],
    );
    expect(payments.rows).toEqual([
      { purchase_id: p.id, amount: 1000, method: 'bkash' },
      { purchase_id: null, amount: 399, method: 'cash' },
    ]);

    // A supplier with purchases stays.
    expect((await api.del(`/api/supplier/${s.id}`, admin)).status).toBe(409);
  });

  it('refuses more paid than it costs, an unknown supplier or product, and no lines', async () => {
    const s = await newSupplier('Checks Ltd');
    const base = { supplier_id: s.id, lines: [{ product_id: rice, quantity: 1, buyprice: 50 }] };
    const more = await api.post('/api/purchase/add', { ...base, paid: 51 }, admin);
    expect(more.status).toBe(422);
    expect(more.body.errors).toMatchObject({ paid: ['The amount paid may not be more than the purchase.'] });
    expect((await api.post('/api/purchase/add', { ...base, supplier_id: 999999 }, admin)).status).toBe(422);
    expect(
      (
        await api.post(
          '/api/purchase/add',
          { ...base, lines: [{ product_id: 999999, quantity: 1, buyprice: 1 }] },
          admin,
        )
      ).status,
    ).toBe(409);
    expect((await api.post('/api/purchase/add', { ...base, lines: [] }, admin)).status).toBe(422);
    expect(
      (
        await api.post(
          '/api/purchase/add',
          { ...base, lines: [{ product_id: rice, quantity: 0.001, buyprice: 1 }] },
          admin,
        )
      ).status,
    ).toBe(422);
    expect((await api.post('/api/purchase/add', { ...base, date: '2026-02-30' }, admin)).status).toBe(422);
    const future = await api.post('/api/purchase/add', { ...base, date: '2099-01-01' }, admin);
    expect(future.status).toBe(422);
    expect((future.body.errors as Record<string, string[]>).date).toEqual([
      'The date may not be in the future.',
    ]);
    expect(await mismatches()).toEqual([]);
  });

  it('deleted by mistake takes its stock and its unpaid part back, unless the supplier was paid since', async () => {
    const s = await newSupplier('Undo Traders');
    const before = await product(oil);
    const made = await api.post(
      '/api/purchase/add',
      { supplier_id: s.id, lines: [{ product_id: oil, quantity: 3, buyprice: 170 }], paid: 10 },
      admin,
    );
    const p = made.body.data as Purchase;
    expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await product(oil)).qty).toBe((Number(before.qty) + 3).toFixed(2));
    const removed = await api.del(`/api/purchase/${p.id}`, admin);
    expect(removed.status).toBe(200);
    expect((await product(oil)).qty).toBe(before.qty);
    expect((await api.get('/api/suppliers', admin)).body.data).toContainEqual(
      expect.objectContaining({ id: s.id, due: 0, purchases: 0 }),
    );
    expect(await ledger(p.id)).toEqual([
      { product_id: oil, delta: '3.00', reason: 'purchase' },
      { product_id: oil, delta: '-3.00', reason: 'purchase-delete' },
    ]);
    expect((await api.get(`/api/purchase/${p.id}`, admin)).status).toBe(404);

    const again = (
      await api.post(
        '/api/purchase/add',
        { supplier_id: s.id, lines: [{ product_id: oil, quantity: 1, buyprice: 100 }] },
        admin,
      )
    ).body.data as Purchase;
    await api.post(`/api/supplier/pay/${s.id}`, { amount: 100 }, admin);
    expect((await api.del(`/api/purchase/${again.id}`, admin)).status).toBe(409);
    // With no purchases left, the supplier may go.
    const empty = await newSupplier('Nobody Yet');
    expect((await api.del(`/api/supplier/${empty.id}`, admin)).status).toBe(200);
    expect(await mismatches()).toEqual([]);
  });

  it('leaves Advance Stock working as the spec has it', async () => {
    const res = await api.post('/api/stock/add', { price: 55, qty: 2, items: [{ id: rice }] }, admin);
    expect(res.status).toBe(201);
    expect((await product(rice)).buyprice).toBe(55);
    expect(await mismatches()).toEqual([]);
  });
});
