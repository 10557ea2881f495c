import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

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
const count = async (table: string) =>
  Number((await t.database.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe('a sale at the till', () => {
  it('is priced by the server, takes shipping, discount and payment from the till, and may go below zero', async () => {
    const [rice] = await makeProduct(t.app, admin, brand, {
      title: 'Till Rice',
      price: '80',
      offprice: '75',
      qty: '1',
    });
    const [oil] = await makeProduct(t.app, admin, brand, { title: 'Till Oil', price: '190', qty: '4' });
    const res = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        name: '',
        phone: '',
        address: '',
        area: '',
        subtotal: 1,
        due: 0,
        ship: 30,
        discount: 20,
        paid: 300,
        method: 'bkash',
        reference: 'BK77',
        carts: [
          { id: rice?.id, title: 'x', price: 1, product_id: rice?.id, attri: '', quantity: 2.5 },
          { product_id: oil?.id, quantity: 1 },
        ],
      },
      admin,
    );
    expect(res.status).toBe(201);
    // 75 × 2.5 = 187.5 → 187 after the exact sum 377.5 rounds down; + 190 = 377; + 30 − 20 − 300 = 87
    expect(res.body.data).toMatchObject({
      name: 'Walk-in customer',
      subtotal: 377,
      ship: 30,
      discount: 20,
      paid: 300,
      due: 87,
      status: 3,
      type: false,
      terminal: 1,
    });
    const id = (res.body.data as { id: number }).id;
    expect(await qtyOf(rice?.id ?? 0)).toBe(-1.5);
    expect(await qtyOf(oil?.id ?? 0)).toBe(3);
    const pay = await t.database.pool.query(
      'SELECT amount, method, reference FROM payments WHERE order_id = $1',
      [id],
    );
    expect(pay.rows).toEqual([{ amount: 300, method: 'bkash', reference: 'BK77' }]);
    expect((await api.get('/api/stock/check', admin)).body.data).toEqual([]);
    // The rest of the due is taken later through Quick Pay, like any order.
    const rest = await api.post(`/api/order/pay/${id}`, { status: 3, paid: 87 }, admin);
    expect(rest.body.data).toEqual({ paid: 387, due: 0, status: 3 });
  });

  it('refuses more money than is owed ("Amount is large") or a discount above the total, changing nothing', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '5' });
    const orders = await count('orders');
    const base = { terminal: 1, ship: 0, carts: [{ product_id: p?.id, quantity: 1 }] };
    const tooMuch = await api.post('/api/order/add', { ...base, discount: 10, paid: 91 }, admin);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('Amount is large');
    const bigDiscount = await api.post('/api/order/add', { ...base, discount: 101 }, admin);
    expect(bigDiscount.status).toBe(422);
    expect(bigDiscount.body.errors).toHaveProperty('discount');
    const badMethod = await api.post('/api/order/add', { ...base, method: 'cheque' }, admin);
    expect(badMethod.status).toBe(422);
    expect(await count('orders')).toBe(orders);
    expect(await qtyOf(p?.id ?? 0)).toBe(5);
  });

  it('links a known customer and takes the payment from their advance balance first', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '200', qty: '10' });
    const phone = newPhone();
    const added = await api.post(
      '/api/customer/add',
      { phone, name: 'Advance Amina', area: 'Banani', address: 'Road 11' },
      admin,
    );
    const customerId = (added.body.data as { id: number }).id;
    await api.post(`/api/customer/edit/${customerId}`, { name: 'Advance Amina', balance: 150 }, admin);

    const first = await api.post(
      '/api/order/add',
      { terminal: 1, phone, paid: 100, carts: [{ product_id: p?.id, quantity: 1 }] },
      admin,
    );
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      name: 'Advance Amina',
      area: 'Banani',
      address: 'Road 11',
      paid: 100,
      due: 100,
    });
    const row = await t.database.pool.query('SELECT user_id FROM orders WHERE id = $1', [
      (first.body.data as { id: number }).id,
    ]);
    expect(row.rows[0].user_id).toBe(customerId);
    const balance = async () =>
      Number(
        (await t.database.pool.query('SELECT balance FROM users WHERE id = $1', [customerId])).rows[0]
          .balance,
      );
    expect(await balance()).toBe(50);
    await api.post(
      '/api/order/add',
      { terminal: 1, phone, paid: 200, carts: [{ product_id: p?.id, quantity: 1 }] },
      admin,
    );
    expect(await balance()).toBe(0);
  });

  it('is made once for a retried or double-clicked Save with the same Idempotency-Key', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Till Retry Tea', price: '40', qty: '10' });
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/add',
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        payload: JSON.stringify({ terminal: 1, paid: 40, carts: [{ product_id: p?.id, quantity: 1 }] }),
      });
    const [first, second] = await Promise.all([send('till-key-1'), send('till-key-1')]);
    const third = await send('till-key-1');
    const ids = [first, second, third].map((r) => (r.json() as { data: { id: number } }).data.id);
    expect(new Set(ids).size).toBe(1);
    expect([first, second, third].map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await qtyOf(p?.id ?? 0)).toBe(9);
    const paid = await t.database.pool.query('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [
      ids[0],
    ]);
    expect(paid.rows[0].n).toBe(1);
    // Another admin's same key is another sale.
    const other = await adminToken(t);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/order/add',
      headers: {
        authorization: `Bearer ${other}`,
        'content-type': 'application/json',
        'idempotency-key': 'till-key-1',
      },
      payload: JSON.stringify({ terminal: 1, carts: [{ product_id: p?.id, quantity: 1 }] }),
    });
    expect(theirs.statusCode).toBe(201);
    expect(await qtyOf(p?.id ?? 0)).toBe(8);
  });

  it('is for admins only, and a product that is gone fails it with 409', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '50', qty: '3' });
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    const orders = await count('orders');
    const asCustomer = await api.post(
      '/api/order/add',
      { terminal: 1, discount: 50, carts: [{ product_id: p?.id, quantity: 1 }] },
      buyer.token,
    );
    expect(asCustomer.status).toBe(403);
    const gone = await api.post(
      '/api/order/add',
      { terminal: 1, carts: [{ product_id: 999999, quantity: 1 }] },
      admin,
    );
    expect(gone.status).toBe(409);
    expect(gone.body.lines).toEqual([
      { product_id: 999999, title: 'This product is no longer sold', attri: '', available: 0 },
    ]);
    expect(await count('orders')).toBe(orders);
    expect(await qtyOf(p?.id ?? 0)).toBe(3);
  });
});
