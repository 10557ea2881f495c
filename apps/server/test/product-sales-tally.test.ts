/**
 * The all-time product sale (and the dashboard's Top selling) reads a tally the database keeps with
 * triggers (migration 0016). After every kind of write that changes what sold, the tally must give
 * exactly what adding up every line gives.
 */
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
});

type Row = {
  product_id: number | null;
  name: string;
  attri: string;
  name_bn: string;
  attri_bn: string;
  price: number;
  buyprice: number;
  qty: number;
};
const key = (r: Row) => JSON.stringify([r.product_id, r.name, r.attri, r.price, r.buyprice]);
const sorted = (rows: Row[]) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

/**
 * Every line of every order not cancelled, less what came back: the sum the tally stands for, with
 * the product's Bangla names as they are now ('' when it has none or is gone).
 */
async function addedUp(): Promise<Row[]> {
  const res = await t.database.pool.query<Row & { qty: string }>(`
    SELECT s.*, coalesce(p.title_bn, '') AS name_bn, coalesce(p.attri_bn, '') AS attri_bn FROM (
      SELECT product_id, title AS name, attri, price, buyprice, sum(qty)::text AS qty FROM (
        SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, l.quantity AS qty
        FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 4
        UNION ALL
        SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, -l.quantity
        FROM return_lines l JOIN returns r ON r.id = l.return_id JOIN orders o ON o.id = r.order_id
        WHERE o.status <> 4) AS m
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(qty) <> 0) s
    LEFT JOIN products p ON p.id = s.product_id`);
  return res.rows.map((r) => ({ ...r, qty: Number(r.qty) }));
}

async function expectTallyRight() {
  const res = await api.get('/api/product-sale?from=&to=', admin);
  expect(res.status).toBe(200);
  const rows = res.body as unknown as Row[];
  expect(sorted(rows)).toEqual(sorted(await addedUp()));
  // Most sold first.
  const qtys = rows.map((r) => r.qty);
  expect(qtys).toEqual([...qtys].sort((a, b) => b - a));
  return rows;
}

const order = async (carts: Array<{ product_id: number; quantity: number }>) => {
  const res = await api.post(
    '/api/order/add',
    { name: 'Rahima', phone: buyer.phone, address: 'House 4', area: 'Mirpur', carts },
    buyer.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { id: number }).id;
};
const status = async (id: number, to: number) =>
  expect((await api.post(`/api/order/pay/${id}`, { status: to, paid: 0 }, admin)).status).toBe(200);

describe('the all-time product sale from the tally', () => {
  it('equals adding up every line through orders, cancels, returns, deletions and price changes', async () => {
    const [a] = await makeProduct(t.app, admin, brand, {
      title: 'Tally Rice',
      title_bn: 'চাল',
      price: '90',
      buyprice: '70',
      qty: '100',
    });
    const [b] = await makeProduct(t.app, admin, brand, { title: 'Tally Oil', price: '180', qty: '100' });
    const A = a?.id ?? 0;
    const B = b?.id ?? 0;
    const o1 = await order([
      { product_id: A, quantity: 2 },
      { product_id: B, quantity: 1 },
    ]);
    const o2 = await order([{ product_id: A, quantity: 3 }]);
    const o3 = await order([{ product_id: B, quantity: 2 }]);
    const first = await expectTallyRight();
    expect(first.find((r) => r.product_id === A)?.qty).toBe(5);

    // The order under row locks (an Idempotency-Key takes that way) and a till sale count too.
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/api/order/add',
      headers: {
        authorization: `Bearer ${buyer.token}`,
        'content-type': 'application/json',
        'idempotency-key': 'tally-1',
      },
      payload: JSON.stringify({
        name: 'Rahima',
        phone: buyer.phone,
        address: 'House 4',
        area: 'Mirpur',
        carts: [{ product_id: A, quantity: 1 }],
      }),
    });
    expect(keyed.statusCode, keyed.body).toBe(201);
    const till = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        name: '',
        phone: '',
        address: '',
        area: '',
        ship: 0,
        discount: 0,
        paid: 360,
        method: 'cash',
        carts: [{ product_id: B, quantity: 2 }],
      },
      admin,
    );
    expect(till.status, JSON.stringify(till.body)).toBe(201);
    const withTill = await expectTallyRight();
    expect(withTill.find((r) => r.product_id === A)?.qty).toBe(6);
    expect(withTill.find((r) => r.product_id === B)?.qty).toBe(5);

    await status(o2, 4); // cancelled: its 3 no longer count
    await expectTallyRight();
    await status(o2, 1); // taken back from cancelled
    await expectTallyRight();

    const back = await api.post(
      `/api/order/return/${o1}`,
      { lines: [{ product_id: A, quantity: 1 }] },
      admin,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect((await expectTallyRight()).find((r) => r.product_id === A)?.qty).toBe(5);
    await status(o1, 4); // an order with a return, cancelled and taken back
    await expectTallyRight();
    await status(o1, 0);
    await expectTallyRight();

    expect((await api.del(`/api/order/delete/${o3}`, admin)).status).toBe(200);
    await expectTallyRight();
    await status(o2, 4);
    expect((await api.del(`/api/order/delete/${o2}`, admin)).status).toBe(200); // a cancelled one
    await expectTallyRight();

    // A new price sells as its own row.
    await t.database.pool.query('UPDATE products SET price = 95 WHERE id = $1', [A]);
    await order([{ product_id: A, quantity: 1 }]);
    const repriced = await expectTallyRight();
    expect(
      repriced
        .filter((r) => r.product_id === A)
        .map((r) => r.price)
        .sort(),
    ).toEqual([90, 95]);

    // A deleted product's lines stay sold, without a product.
    expect((await api.del(`/api/product/delete/${B}`, admin)).status).toBe(200);
    const gone = await expectTallyRight();
    expect(gone.find((r) => r.name === 'Tally Oil')?.product_id).toBeNull();

    // The dashboard's five: the first rows of the same list.
    const top = await api.get('/api/product-sale?from=&to=&limit=1', admin);
    expect(top.body).toEqual(gone.slice(0, 1));
    expect((await api.get('/api/product-sale?from=&to=&limit=0', admin)).status).toBe(422);
    expect((await api.get('/api/product-sale?from=&to=&limit=1.5', admin)).status).toBe(422);
  });
});
