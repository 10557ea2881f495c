import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;
let buyer: { phone: string; token: string };

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  await t.database.pool.query("UPDATE settings SET ship = 60, sms_numbers = '01911000001,01911000002'");
});

const qtyOf = async (id: number) =>
  Number((await t.database.pool.query('SELECT qty FROM products WHERE id = $1', [id])).rows[0].qty);
const body = (carts: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => ({
  name: 'Rahima',
  phone: buyer.phone,
  address: 'House 4, Road 2',
  area: 'Mirpur',
  note: 'Call first',
  carts,
  ...extra,
});
type OrderBody = {
  id: number;
  subtotal: number;
  ship: number;
  due: number;
  paid: number;
  status: number;
  carts: Array<Record<string, unknown>>;
};

describe('placing an online order', () => {
  it('is priced by the server: offer price, shipping from settings, nothing the client says', async () => {
    const [rice] = await makeProduct(t.app, admin, brand, {
      title: 'Priced Rice',
      price: '100',
      offprice: '90',
      buyprice: '70',
      qty: '10',
      unit: 'kg',
    });
    const [oil] = await makeProduct(t.app, admin, brand, {
      title: 'Priced Oil',
      attri: '1 litre',
      price: '175',
      qty: '5',
    });
    const res = await api.post(
      '/api/order/add',
      body(
        [
          { product_id: rice?.id, quantity: 2.5, price: 1, attri: 'cheap' },
          { product_id: oil?.id, quantity: 1, price: 1 },
        ],
        { subtotal: 2, ship: 0, discount: 500, paid: 9999, due: 0, type: 0 },
      ),
      buyer.token,
    );
    expect(res.status).toBe(201);
    const order = res.body.data as OrderBody;
    // 90 × 2.5 = 225, + 175 = 400; shipping 60; due 460
    expect(order).toMatchObject({
      subtotal: 400,
      ship: 60,
      discount: 0,
      paid: 0,
      due: 460,
      status: 0,
      type: true,
      terminal: 0,
    });
    expect(order.carts).toEqual([
      expect.objectContaining({
        title: 'Priced Rice',
        attri: '',
        price: 90,
        quantity: 2.5,
        total: 225,
        product: { title: 'Priced Rice', price: 90 },
      }),
      expect.objectContaining({ title: 'Priced Oil', attri: '1 litre', price: 175, quantity: 1, total: 175 }),
    ]);
    expect(await qtyOf(rice?.id ?? 0)).toBe(7.5);
    expect(await qtyOf(oil?.id ?? 0)).toBe(4);
    const line = await t.database.pool.query(
      'SELECT buyprice FROM order_lines WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    expect(line.rows.map((r) => r.buyprice)).toEqual([70, 0]);

    const sms = await t.database.pool.query<{ to_phone: string; message: string }>(
      'SELECT to_phone, message FROM sms_outbox WHERE message LIKE $1 ORDER BY id',
      [`%#${order.id}%`],
    );
    expect(sms.rows.map((r) => r.to_phone)).toEqual(['01911000001', '01911000002', buyer.phone]);
    expect(sms.rows[0]?.message).toBe(
      `New online order #${order.id}: 460 BDT, Rahima (${buyer.phone}), Mirpur.`,
    );
  });

  it('fails whole with 409 naming the short lines, and changes nothing', async () => {
    const [a] = await makeProduct(t.app, admin, brand, { title: 'Plenty', qty: '10' });
    const [b] = await makeProduct(t.app, admin, brand, { title: 'Scarce', qty: '1' });
    const [c] = await makeProduct(t.app, admin, brand, { title: 'Flagged Out', qty: '5', stock_out: 'on' });
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
    const res = await api.post(
      '/api/order/add',
      body([
        { product_id: a?.id, quantity: 2 },
        { product_id: b?.id, quantity: 2 },
        { product_id: c?.id, quantity: 1 },
      ]),
      buyer.token,
    );
    expect(res.status).toBe(409);
    expect(res.body.lines).toEqual([
      { product_id: b?.id, title: 'Scarce', attri: '', available: 1 },
      { product_id: c?.id, title: 'Flagged Out', attri: '', available: 0 },
    ]);
    expect(await qtyOf(a?.id ?? 0)).toBe(10);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM orders')).rows[0].n).toBe(before);
    // Two lines of the same product count together
    const twice = await api.post(
      '/api/order/add',
      body([
        { product_id: b?.id, quantity: 1 },
        { product_id: b?.id, quantity: 1 },
      ]),
      buyer.token,
    );
    expect(twice.status).toBe(409);
    const gone = await api.post('/api/order/add', body([{ product_id: 99999999, quantity: 1 }]), buyer.token);
    expect(gone.status).toBe(409);
  });

  it('60 buyers at once for 20 units: exactly 20 orders, quantity 0', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Rush Hilsa', qty: '20' });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, () => registerCustomer(t.app, { verified: true, database: t.database })),
    );
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api.post(
          '/api/order/add',
          body([{ product_id: p?.id, quantity: 1 }], { phone: buyers[i % 6]?.phone }),
          buyers[i % 6]?.token,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409)).toHaveLength(40);
    expect(await qtyOf(p?.id ?? 0)).toBe(0);
    const sold = await t.database.pool.query(
      'SELECT sum(quantity)::int AS n FROM order_lines WHERE product_id = $1',
      [p?.id],
    );
    expect(sold.rows[0].n).toBe(20);
  });

  it('a product that runs out shows as such in the cached catalogue answers', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Last Mango Box', qty: '1', offer: 'on' });
    const offerQty = async () =>
      ((await api.get('/api/productoffer')).body.data as Array<{ id: number; qty: number }>).find(
        (x) => x.id === p?.id,
      )?.qty;
    expect(await offerQty()).toBe(1); // now cached
    expect(
      (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 1 }]), buyer.token)).status,
    ).toBe(201);
    let seen: number | undefined;
    for (let i = 0; i < 50 && seen !== 0; i++) {
      seen = await offerQty();
      if (seen !== 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe(0);
  });

  it('a retried order with the same Idempotency-Key is made once', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Retry Tea', qty: '10' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/add',
        headers: {
          authorization: `Bearer ${buyer.token}`,
          'content-type': 'application/json',
          'idempotency-key': 'checkout-abc-1',
        },
        payload: JSON.stringify(body([{ product_id: p?.id, quantity: 1 }])),
      });
    const [first, second] = await Promise.all([send(), send()]);
    const third = await send();
    const ids = [first, second, third].map((r) => (r.json() as { data: { id: number } }).data.id);
    expect(new Set(ids).size).toBe(1);
    expect([first, second, third].map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await qtyOf(p?.id ?? 0)).toBe(9);
  });

  it('needs a verified customer and valid fields', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { qty: '10' });
    const unverified = await registerCustomer(t.app);
    expect(
      (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 1 }]), unverified.token)).status,
    ).toBe(403);
    expect((await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 1 }]))).status).toBe(401);
    const empty = await api.post('/api/order/add', body([]), buyer.token);
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ carts: ['Your cart is empty'] });
    for (const bad of [{ name: '' }, { address: '' }, { area: '' }, { phone: '123' }]) {
      expect(
        (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 1 }], bad), buyer.token))
          .status,
      ).toBe(422);
    }
    expect(
      (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 0 }]), buyer.token)).status,
    ).toBe(422);
    expect(
      (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: -2 }]), buyer.token)).status,
    ).toBe(422);
  });
});

describe('reading orders', () => {
  it('customers see only their own orders; admins see all', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { qty: '10' });
    const mine = (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 1 }]), buyer.token))
      .body.data as OrderBody;
    const other = await registerCustomer(t.app, { verified: true, database: t.database });
    expect((await api.get(`/api/order/${mine.id}`, buyer.token)).status).toBe(200);
    expect((await api.get(`/api/order/${mine.id}`, other.token)).status).toBe(403);
    expect((await api.get(`/api/orders/${buyer.phone}`, other.token)).status).toBe(403);
    expect((await api.get(`/api/order/${mine.id}`, admin)).status).toBe(200);
    const list = (await api.get(`/api/orders/${buyer.phone}`, buyer.token)).body.data as OrderBody[];
    expect(list.map((o) => o.id)).toContain(mine.id);
    expect((await api.get(`/api/orders/${other.phone}`, other.token)).body.data).toEqual([]);
    expect((await api.get('/api/order/99999999', admin)).status).toBe(404);
  });

  it('admins list by type and filter by field, shop days and due', async () => {
    const all = (await api.get('/api/orders?type=2', admin)).body.data as OrderBody[];
    expect(all.length).toBeGreaterThan(3);
    expect((await api.get('/api/orders?type=0', admin)).body.data).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    const byName = await api.get(
      `/api/order-filter?field=Name&value=rahi&from=${today}&to=${today}&type=1&status=1`,
      admin,
    );
    expect(byName.status).toBe(200);
    expect((byName.body.data as OrderBody[]).length).toBe(all.filter((o) => o.due > 0).length);
    const byId = await api.get(`/api/order-filter?field=ID&value=${all[0]?.id}`, admin);
    expect((byId.body.data as OrderBody[]).map((o) => o.id)).toEqual([all[0]?.id]);
    expect((await api.get('/api/order-filter?from=2020-01-01&to=2020-01-02', admin)).body.data).toEqual([]);
    expect((await api.get('/api/order-filter?from=yesterday', admin)).status).toBe(422);
  });
});

describe('status, payments and deletion', () => {
  it('cancel puts items back, re-activation takes them again, deletion puts them back', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Cycle Dal', qty: '5' });
    const order = (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 3 }]), buyer.token))
      .body.data as OrderBody;
    expect(await qtyOf(p?.id ?? 0)).toBe(2);
    expect(
      (await api.post(`/api/order/pay/${order.id}`, { status: 4, paid: 0 }, admin)).body.data,
    ).toMatchObject({ status: 4 });
    expect(await qtyOf(p?.id ?? 0)).toBe(5);
    await api.post(`/api/order/pay/${order.id}`, { status: 4, paid: 0 }, admin); // staying cancelled changes nothing
    expect(await qtyOf(p?.id ?? 0)).toBe(5);
    expect((await api.post(`/api/order/pay/${order.id}`, { status: 1, paid: 0 }, admin)).status).toBe(200);
    expect(await qtyOf(p?.id ?? 0)).toBe(2);

    // Re-activating an online order may not oversell
    await api.post(`/api/order/pay/${order.id}`, { status: 4, paid: 0 }, admin);
    await api.post(`/api/product/edit-quick/${p?.id}`, { price: 100, offprice: null, qty: 1 }, admin);
    const short = await api.post(`/api/order/pay/${order.id}`, { status: 0, paid: 0 }, admin);
    expect(short.status).toBe(409);
    expect(await qtyOf(p?.id ?? 0)).toBe(1);

    await api.post(`/api/product/edit-quick/${p?.id}`, { price: 100, offprice: null, qty: 5 }, admin);
    await api.post(`/api/order/pay/${order.id}`, { status: 2, paid: 0 }, admin);
    expect(await qtyOf(p?.id ?? 0)).toBe(2);
    expect((await api.del(`/api/order/delete/${order.id}`, admin)).status).toBe(200);
    expect(await qtyOf(p?.id ?? 0)).toBe(5);
    expect((await api.del(`/api/order/delete/${order.id}`, admin)).status).toBe(404);

    // Deleting a cancelled order does not put the items back twice
    const o2 = (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 1 }]), buyer.token))
      .body.data as OrderBody;
    await api.post(`/api/order/pay/${o2.id}`, { status: 4, paid: 0 }, admin);
    await api.del(`/api/order/delete/${o2.id}`, admin);
    expect(await qtyOf(p?.id ?? 0)).toBe(5);
  });

  it('Bind Stock variants share one count through order, cancel and delete, with a ledger row each', async () => {
    const [litre, twoLitre] = await makeProduct(t.app, admin, brand, {
      title: 'Bound Oil',
      attri: '1 litre',
      qty: '10',
      link_qty: '1',
      'variations[0][title]': '2 litre',
      'variations[0][price]': '345',
      'variations[0][qty]': '10',
    });
    const a = litre?.id ?? 0;
    const b = twoLitre?.id ?? 0;
    // Two lines on the same shared count: 3 + 4 = 7 of 10
    const res = await api.post(
      '/api/order/add',
      body([
        { product_id: a, quantity: 3 },
        { product_id: b, quantity: 4 },
      ]),
      buyer.token,
    );
    expect(res.status).toBe(201);
    const order = res.body.data as OrderBody;
    expect([await qtyOf(a), await qtyOf(b)]).toEqual([3, 3]);
    // 4 more would overdraw the shared count: refused, nothing moves
    const short = await api.post('/api/order/add', body([{ product_id: b, quantity: 4 }]), buyer.token);
    expect(short.status).toBe(409);
    expect([await qtyOf(a), await qtyOf(b)]).toEqual([3, 3]);

    await api.post(`/api/order/pay/${order.id}`, { status: 4, paid: 0 }, admin);
    expect([await qtyOf(a), await qtyOf(b)]).toEqual([10, 10]);
    await api.post(`/api/order/pay/${order.id}`, { status: 1, paid: 0 }, admin);
    expect([await qtyOf(a), await qtyOf(b)]).toEqual([3, 3]);
    expect((await api.del(`/api/order/delete/${order.id}`, admin)).status).toBe(200);
    expect([await qtyOf(a), await qtyOf(b)]).toEqual([10, 10]);

    const ledger = await t.database.pool.query<{ product_id: number; delta: string; reason: string }>(
      `SELECT product_id, delta, reason FROM stock_ledger WHERE order_id = $1
       ORDER BY min(id) OVER (PARTITION BY reason), product_id`,
      [order.id],
    );
    expect(ledger.rows.map((r) => [r.product_id, Number(r.delta), r.reason])).toEqual([
      [a, -7, 'order'],
      [b, -7, 'order'],
      [a, 7, 'cancel'],
      [b, 7, 'cancel'],
      [a, -7, 'reactivate'],
      [b, -7, 'reactivate'],
      [a, 7, 'order-delete'],
      [b, 7, 'order-delete'],
    ]);
  });

  it('payments: each amount is a row, more than the due is "Amount is large"', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '200', qty: '5' });
    const order = (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 1 }]), buyer.token))
      .body.data as OrderBody;
    expect(order.due).toBe(260);
    const first = await api.post(
      `/api/order/pay/${order.id}`,
      { status: 2, paid: 100, method: 'bkash', reference: 'TX123' },
      admin,
    );
    expect(first.body.data).toEqual({ paid: 100, due: 160, status: 2 });
    const tooMuch = await api.post(`/api/order/pay/${order.id}`, { status: 3, paid: 161 }, admin);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('Amount is large');
    const rest = await api.post(`/api/order/pay/${order.id}`, { status: 3, paid: 160 }, admin);
    expect(rest.body.data).toEqual({ paid: 260, due: 0, status: 3 });
    const rows = await t.database.pool.query(
      'SELECT amount, method, reference FROM payments WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    expect(rows.rows).toEqual([
      { amount: 100, method: 'bkash', reference: 'TX123' },
      { amount: 160, method: 'cash', reference: null },
    ]);
    for (const bad of [
      { status: 9, paid: 0 },
      { status: 1, paid: -5 },
      { status: 1, paid: 1.5 },
      { status: 1, paid: 0, method: 'cheque' },
      { status: 1, paid: 10, method: 'bkash', reference: 'TX-12 with spaces' },
    ]) {
      expect((await api.post(`/api/order/pay/${order.id}`, bad, admin)).status).toBe(422);
    }
    expect((await api.post(`/api/order/pay/${order.id}`, { status: 1, paid: 0 }, buyer.token)).status).toBe(
      403,
    );
  });

  it('admins can SMS the customer of an order', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { qty: '5' });
    const order = (await api.post('/api/order/add', body([{ product_id: p?.id, quantity: 1 }]), buyer.token))
      .body.data as OrderBody;
    expect(
      (await api.post(`/api/sms-send/order/${order.id}`, { text: 'Your rider is on the way' }, admin)).status,
    ).toBe(200);
    const sms = await t.database.pool.query(
      "SELECT to_phone FROM sms_outbox WHERE message = 'Your rider is on the way'",
    );
    expect(sms.rows).toEqual([{ to_phone: buyer.phone }]);
    expect((await api.post(`/api/sms-send/order/${order.id}`, { text: '' }, admin)).status).toBe(422);
  });

  it('after all of the above, every quantity equals its stock ledger', async () => {
    expect((await api.get('/api/stock/check', admin)).body).toEqual({ data: [] });
  });
});
