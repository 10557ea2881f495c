import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct, pngImage } from './catalog-factories';
import { adminToken, client, postForm, registerCustomer, testApp, type TestApp } from './helpers';

/** The inputs the issue found accepted, through the real HTTP layer: each refused by name, nothing changed. */
let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;
let buyer: { phone: string; token: string };

beforeAll(async () => {
  t = await testApp({
    extend: (app) => {
      // A route whose query PostgreSQL refuses (a value it cannot read): a data error, not a bug.
      app.get('/api/test/bad-value', { config: { access: 'guest' } }, async () =>
        t.ctx.db.execute(sql`SELECT ${'not a number'}::int AS n`),
      );
    },
  });
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
});

const row = async (query: string, params: unknown[] = []) =>
  (await t.database.pool.query(query, params)).rows[0];
const shopOrder = (carts: unknown[]) => ({
  name: 'Rahim',
  phone: buyer.phone,
  address: 'Road 1',
  area: 'Mirpur',
  carts,
});

describe('numbers are JSON numbers: [] is not 0, [7] is not 7, "" is not 0', () => {
  it('quick edit price [] does not set a price of 0', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '120', qty: '5' });
    const res = await api.post(
      `/api/product/edit-quick/${p?.id}`,
      { price: [], offprice: null, qty: 5 },
      admin,
    );
    expect([res.status, res.body.code, res.body.errors]).toEqual([
      422,
      'invalid',
      { price: ['The price must be a number.'] },
    ]);
    expect((await row('SELECT price FROM products WHERE id = $1', [p?.id])).price).toBe(120);
  });

  it('an order line of quantity [1], a till payment of [100], a payment of [] are refused', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '50', qty: '10' });
    const orders = Number((await row('SELECT count(*) AS n FROM orders')).n);
    const online = await api.post(
      '/api/order/add',
      shopOrder([{ product_id: p?.id, quantity: [1] }]),
      buyer.token,
    );
    expect([online.status, Object.keys(online.body.errors as object)]).toEqual([422, ['carts.0.quantity']]);
    const till = await api.post(
      '/api/order/add',
      { terminal: 1, paid: [100], carts: [{ product_id: p?.id, quantity: 1 }] },
      admin,
    );
    expect([till.status, Object.keys(till.body.errors as object)]).toEqual([422, ['paid']]);
    expect(Number((await row('SELECT count(*) AS n FROM orders')).n)).toBe(orders);
  });

  it('order/pay: paid [] is refused, and status "" does not reactivate a cancelled order', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '50', qty: '10' });
    const placed = await api.post(
      '/api/order/add',
      shopOrder([{ product_id: p?.id, quantity: 2 }]),
      buyer.token,
    );
    const id = (placed.body.data as { id: number }).id;
    expect((await api.post(`/api/order/pay/${id}`, { status: 4, paid: 0 }, admin)).status).toBe(200);
    expect((await row('SELECT qty FROM products WHERE id = $1', [p?.id])).qty).toBe('10.00');
    const empty = await api.post(`/api/order/pay/${id}`, { status: '', paid: 0 }, admin);
    expect([empty.status, Object.keys(empty.body.errors as object)]).toEqual([422, ['status']]);
    const paid = await api.post(`/api/order/pay/${id}`, { status: 4, paid: [] }, admin);
    expect([paid.status, Object.keys(paid.body.errors as object)]).toEqual([422, ['paid']]);
    expect(await row('SELECT status, paid FROM orders WHERE id = $1', [id])).toEqual({ status: 4, paid: 0 });
    expect((await row('SELECT qty FROM products WHERE id = $1', [p?.id])).qty).toBe('10.00');
  });

  it('settings ship [30], customer balance [5] and point [] are refused', async () => {
    const ship = await api.post('/api/settings', { ship: [30], reg_point: 0, sms_numbers: '' }, admin);
    expect([ship.status, Object.keys(ship.body.errors as object)]).toEqual([422, ['ship']]);
    const c = await api.post('/api/customer/add', { phone: '01812300001', name: 'Karim' }, admin);
    const id = (c.body.data as { id: number }).id;
    for (const body of [{ balance: [5] }, { point: [] }, { balance: '5' }, { point: true }]) {
      const res = await api.post(`/api/customer/edit/${id}`, { name: 'Karim', ...body }, admin);
      expect([res.status, Object.keys(res.body.errors as object)]).toEqual([422, Object.keys(body)]);
    }
    expect(await row('SELECT balance, point FROM users WHERE id = $1', [id])).toEqual({
      balance: 0,
      point: 0,
    });
  });

  it('POST /api/sms-send/%20 is not list 0: it texts nobody', async () => {
    await registerCustomer(t.app, { verified: true, database: t.database });
    const before = Number((await row('SELECT count(*) AS n FROM sms_outbox')).n);
    for (const id of ['%20', '', '0x0', '-0.5', '%09']) {
      const res = await api.post(`/api/sms-send/${id}`, { text: 'Hello everyone' }, admin);
      expect([id, res.status]).toEqual([id, 422]);
    }
    expect(Number((await row('SELECT count(*) AS n FROM sms_outbox')).n)).toBe(before);
  });
});

describe('dates are real calendar days', () => {
  it.each([
    '/api/expances',
    '/api/profit-loss',
    '/api/daily-report',
    '/api/product-sale',
    '/api/order-filter',
  ])('%s?from=2024-13-45 answers 422 naming from, not 500', async (path) => {
    for (const from of ['2024-13-45', '2023-02-29', '1999-12-31', '2024-1-5']) {
      const res = await api.get(`${path}?from=${from}`, admin);
      expect([path, from, res.status, Object.keys((res.body.errors as object) ?? {})]).toEqual([
        path,
        from,
        422,
        ['from'],
      ]);
    }
    expect((await api.get(`${path}?from=2024-02-29&to=2024-03-01`, admin)).status).toBe(200);
  });

  it('a value PostgreSQL cannot take answers 422, never 500', async () => {
    const res = await api.get('/api/test/bad-value');
    expect([res.status, res.body.code]).toEqual([422, 'invalid']);
    expect(JSON.stringify(res.body)).not.toMatch(/SELECT|integer|syntax/);
  });
});

describe('amounts that would overflow', () => {
  it('a till line of 1,000,000 × 10,000 is refused; so is an order worth more than 100,000,000 BDT', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '10000', qty: '1' });
    const [dear] = await makeProduct(t.app, admin, brand, { price: '100000', qty: '1' });
    const orders = Number((await row('SELECT count(*) AS n FROM orders')).n);
    const huge = await api.post(
      '/api/order/add',
      { terminal: 1, carts: [{ product_id: p?.id, quantity: 1e6 }] },
      admin,
    );
    expect([huge.status, Object.keys(huge.body.errors as object)]).toEqual([422, ['carts.0.quantity']]);
    const worth = await api.post(
      '/api/order/add',
      { terminal: 1, carts: [{ product_id: dear?.id, quantity: 1001 }] },
      admin,
    );
    expect([worth.status, worth.body.errors]).toEqual([
      422,
      { carts: ['The order total may not be greater than 100000000 BDT.'] },
    ]);
    expect(Number((await row('SELECT count(*) AS n FROM orders')).n)).toBe(orders);
    expect((await row('SELECT qty FROM products WHERE id = $1', [dear?.id])).qty).toBe('1.00');
  });
});

describe('prototype keys', () => {
  it('a multipart field named __proto__[terminal] is refused and pollutes nothing', async () => {
    const res = await postForm(
      t.app,
      '/api/product/add',
      {
        '__proto__[terminal]': '1',
        title: 'Polluter',
        price: '10',
        tags: 'x',
        brand_id: String(brand),
        image: await pngImage(),
      },
      admin,
    );
    expect([res.status, res.body.errors]).toEqual([
      422,
      { '__proto__[terminal]': ['This field name is not allowed.'] },
    ]);
    for (const name of [
      'constructor[prototype][x]',
      'category[prototype]',
      'a[b][c][d]',
      'variations[500][price]',
    ]) {
      const again = await postForm(t.app, '/api/product/add', { [name]: '1', title: 'P' }, admin);
      expect([name, again.status]).toEqual([name, 422]);
    }
    expect(({} as Record<string, unknown>).terminal).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('terminal');
    // The shop works on: a storefront order and the API description.
    const [p] = await makeProduct(t.app, admin, brand, { qty: '3' });
    expect(
      (await api.post('/api/order/add', shopOrder([{ product_id: p?.id, quantity: 1 }]), buyer.token)).status,
    ).toBe(201);
    expect((await api.get('/api/docs', admin)).status).toBe(200);
  });

  it('a JSON body with __proto__ or constructor.prototype is refused before any route sees it', async () => {
    for (const payload of ['{"__proto__":{"terminal":1}}', '{"a":{"constructor":{"prototype":{"x":1}}}}']) {
      const res = await api.post('/api/settings', payload, admin);
      expect([res.status, res.body.code]).toEqual([400, 'bad_request']);
    }
  });

  it('a text field longer than 100 KB is refused by name', async () => {
    const res = await postForm(
      t.app,
      '/api/product/add',
      { title: 'x'.repeat(101 * 1024), price: '10', tags: 'x', brand_id: String(brand) },
      admin,
    );
    expect([res.status, res.body.errors]).toEqual([422, { title: ['This field is too long.'] }]);
  });
});

describe('countable goods', () => {
  it('online, a pcs product takes whole numbers and a kg product 0.01 steps; the till takes 0.01 of anything', async () => {
    const [eggs] = await makeProduct(t.app, admin, brand, { title: 'Eggs', price: '12', qty: '30' });
    const [rice] = await makeProduct(t.app, admin, brand, {
      title: 'Loose Rice',
      price: '80',
      qty: '30',
      unit: 'kg',
    });
    expect((eggs as { unit?: string }).unit).toBe('pcs');
    expect((rice as { unit?: string }).unit).toBe('kg');
    const half = await api.post(
      '/api/order/add',
      shopOrder([{ product_id: eggs?.id, quantity: 0.5 }]),
      buyer.token,
    );
    expect([half.status, half.body.errors]).toEqual([
      422,
      { 'carts.0.quantity': ['Eggs is sold by the piece: order a whole number.'] },
    ]);
    const kg = await api.post(
      '/api/order/add',
      shopOrder([{ product_id: rice?.id, quantity: 1.25 }]),
      buyer.token,
    );
    expect([kg.status, (kg.body.data as { subtotal: number }).subtotal]).toEqual([201, 100]);
    const till = await api.post(
      '/api/order/add',
      { terminal: 1, carts: [{ product_id: eggs?.id, quantity: 0.5 }] },
      admin,
    );
    expect([till.status, (till.body.data as { subtotal: number }).subtotal]).toEqual([201, 6]);
    // The unit is read back everywhere a product is, and kept by an edit that does not send it.
    const edited = await postForm(
      t.app,
      `/api/product/edit/${rice?.id}`,
      { title: 'Loose Rice', price: '80', qty: '30', tags: 'x', brand_id: String(brand) },
      admin,
    );
    expect((edited.body.data as { unit: string }).unit).toBe('kg');
    const found = await api.get('/api/product/find/Loose%20Rice');
    expect((found.body.data as Array<{ unit: string }>)[0]?.unit).toBe('kg');
    const bad = await postForm(
      t.app,
      `/api/product/edit/${rice?.id}`,
      { title: 'Loose Rice', price: '80', qty: '30', tags: 'x', brand_id: String(brand), unit: 'dozen' },
      admin,
    );
    expect([bad.status, bad.body.errors]).toEqual([422, { unit: ['The unit must be pcs, kg or litre.'] }]);
  });
});
