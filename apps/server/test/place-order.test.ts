import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * The one way an order is made (apps/server/src/modules/orders/place.service.ts), as the
 * storefront's checkout and the till use it at the same moment on the same products.
 */
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

const checkout = (phone: string, carts: Array<{ product_id: number; quantity: number }>) => ({
  name: 'Rahima',
  phone,
  address: 'House 4, Road 2',
  area: 'Mirpur',
  note: '',
  carts: carts.map((l) => ({ ...l, attri: '', price: 1 })),
  subtotal: 1,
  ship: 0,
  discount: 0,
  paid: 0,
  due: 1,
  type: 1,
  lang: 'en',
  payment: 'cod',
});

const tillSale = (carts: Array<{ product_id: number; quantity: number }>) => ({
  terminal: 1,
  name: '',
  phone: '',
  address: '',
  area: '',
  ship: 0,
  discount: 0,
  paid: 0,
  method: 'cash',
  carts,
  payments: [{ method: 'cash', amount: 500 }],
  client_id: randomUUID(),
});

describe('checkout and the till on the same shelf at once', () => {
  it('never oversells online, lets the till sell what is there, and every quantity equals its ledger', async () => {
    const [fish] = await makeProduct(t.app, admin, brand, { title: 'Shared Hilsa', qty: '12', price: '50' });
    const [small, large] = await makeProduct(t.app, admin, brand, {
      title: 'Shared Oil',
      attri: '1 litre',
      price: '40',
      qty: '15',
      link_qty: '1',
      'variations[0][title]': '2 litre',
      'variations[0][price]': '75',
      'variations[0][qty]': '15',
    });
    const ids = { fish: fish!.id, small: small!.id, large: large!.id };
    const buyers = await Promise.all(
      Array.from({ length: 8 }, () => registerCustomer(t.app, { verified: true, database: t.database })),
    );
    // 24 checkouts and 12 till sales, lines in different orders (products are locked in id order).
    const online = Array.from({ length: 24 }, (_, i) => {
      const lines =
        i % 2
          ? [
              { product_id: ids.large, quantity: 1 },
              { product_id: ids.fish, quantity: 1 },
            ]
          : [
              { product_id: ids.fish, quantity: 1 },
              { product_id: ids.small, quantity: 1 },
            ];
      const buyer = buyers[i % buyers.length]!;
      return () =>
        api.post('/api/order/add', checkout(buyer.phone, lines), buyer.token, {
          'idempotency-key': randomUUID(),
        });
    });
    const till = Array.from(
      { length: 12 },
      (_, i) => () =>
        api.post(
          '/api/order/add',
          tillSale([
            { product_id: i % 2 ? ids.small : ids.large, quantity: 1 },
            { product_id: ids.fish, quantity: 1 },
          ]),
          admin,
        ),
    );
    // Interleaved: a till sale after every second checkout.
    const calls = online.flatMap((call, i) => (i % 2 ? [call, till[(i - 1) / 2]!] : [call]));
    const results = await Promise.all(calls.map((call) => call()));
    expect(results.map((r) => r.status).filter((s) => s !== 201 && s !== 409)).toEqual([]);

    const made = await t.database.pool.query<{ online: boolean; product_id: number; n: string }>(
      `SELECT o.online, l.product_id, sum(l.quantity)::text AS n FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE l.product_id = ANY($1) GROUP BY 1, 2`,
      [Object.values(ids)],
    );
    const sold = (online: boolean, id: number) =>
      Number(made.rows.find((r) => r.online === online && r.product_id === id)?.n ?? 0);
    // Every till sale went through: the goods were in the customer's hands.
    expect(
      results.filter((r) => r.status === 201 && (r.body.data as { terminal: number }).terminal === 1),
    ).toHaveLength(12);
    // The fish: 12 on the shelf, 12 sold at the till; checkouts got only what was left when they came.
    expect(sold(false, ids.fish)).toBe(12);
    expect(await qtyOf(ids.fish)).toBe(12 - sold(false, ids.fish) - sold(true, ids.fish));
    // The two sizes of oil share one count: both show what is left of it.
    const oilSold =
      sold(true, ids.small) + sold(true, ids.large) + sold(false, ids.small) + sold(false, ids.large);
    expect(await qtyOf(ids.small)).toBe(15 - oilSold);
    expect(await qtyOf(ids.large)).toBe(15 - oilSold);
    // Online never took what was not there when it was judged: a refused checkout names the lines.
    for (const refused of results.filter((r) => r.status === 409)) {
      expect((refused.body as { lines: Array<{ product_id: number }> }).lines.length).toBeGreaterThan(0);
    }
    expect((await api.get('/api/stock/check', admin)).body.data).toEqual([]);
  });

  it('answers a checkout sent again with the order made the first time, even when it took the last one', async () => {
    const [last] = await makeProduct(t.app, admin, brand, { title: 'Last Jar of Honey', qty: '1' });
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    const key = randomUUID();
    const body = checkout(buyer.phone, [{ product_id: last!.id, quantity: 1 }]);
    // The same attempt twice at once (a double tap, a retry after a lost answer): one order.
    const [a, b] = await Promise.all([
      api.post('/api/order/add', body, buyer.token, { 'idempotency-key': key }),
      api.post('/api/order/add', body, buyer.token, { 'idempotency-key': key }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect((a.body.data as { id: number }).id).toBe((b.body.data as { id: number }).id);
    expect(await qtyOf(last!.id)).toBe(0);
    // And again later, when nothing is left: still the same order, not "out of stock".
    const again = await api.post('/api/order/add', body, buyer.token, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect((again.body.data as { id: number }).id).toBe((a.body.data as { id: number }).id);
  });
});
