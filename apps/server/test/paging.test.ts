import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp, shopDayAgo } from './helpers';

/**
 * Lists that grow with the shop's trading answer one page at a time in the spec's resource format
 * (`data`, `meta`, `links`; `page` and `per_page`, 50 by default, at most 200), and the totals a
 * screen shows are the server's, over every page of the filter.
 */

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let products: Array<{ id: number }>;
let buyer: { phone: string; token: string };

type Meta = {
  current_page: number;
  from: number | null;
  last_page: number;
  per_page: number;
  to: number | null;
  total: number;
  totals?: Record<string, number>;
};
type Links = { first: string; last: string; prev: string | null; next: string | null };
type Page<T> = { data: T[]; meta: Meta; links: Links };
type OrderRow = {
  id: number;
  status: number;
  subtotal: number;
  ship: number;
  discount: number;
  paid: number;
  due: number;
  phone: string;
};

/** Every page of a list, by following `links.next` from `url`; checks each page's shape on the way. */
async function allPages<T>(url: string, token: string) {
  const pages: Page<T>[] = [];
  let next: string | null = url;
  while (next) {
    const res = await api.get(next, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as unknown as Page<T>;
    const n = pages.length + 1;
    expect(page.meta.current_page).toBe(n);
    expect(page.data.length).toBeLessThanOrEqual(page.meta.per_page);
    if (page.data.length) {
      expect(page.meta.from).toBe((n - 1) * page.meta.per_page + 1);
      expect(page.meta.to).toBe((page.meta.from ?? 0) + page.data.length - 1);
    }
    expect(page.links.prev === null).toBe(n === 1);
    expect(page.links.next === null).toBe(n === page.meta.last_page);
    pages.push(page);
    next = page.links.next;
    expect(pages.length).toBeLessThan(100);
  }
  const rows = pages.flatMap((p) => p.data);
  const first = pages[0];
  if (!first) throw new Error('no page');
  expect(rows.length).toBe(first.meta.total);
  expect(pages.length).toBe(first.meta.last_page);
  for (const p of pages) expect(p.meta.totals).toEqual(first.meta.totals);
  return { pages, rows, meta: first.meta };
}

const till = (carts: Array<{ product_id: number; quantity: number }>, extra: Record<string, unknown> = {}) =>
  api.post('/api/order/add', { terminal: 1, ship: 0, carts, ...extra }, admin);

/** Σ what the cards show, counted from the rows themselves (cancelled orders left out). */
function cardsOf(rows: OrderRow[]) {
  const live = rows.filter((o) => o.status !== 4);
  return {
    orders: live.length,
    total: live.reduce((s, o) => s + o.subtotal + o.ship - o.discount, 0),
    paid: live.reduce((s, o) => s + o.paid, 0),
    due: live.reduce((s, o) => s + o.due, 0),
  };
}

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  const brand = await makeBrand(t.app, admin);
  products = [];
  for (const price of ['100', '37', '250']) {
    const [p] = await makeProduct(t.app, admin, brand, { price, buyprice: '20', qty: '500' });
    if (!p) throw new Error('no product');
    products.push(p);
  }
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  const [a, b, c] = products as [{ id: number }, { id: number }, { id: number }];
  // 11 till sales: paid, part paid, unpaid, with discounts; two of them cancelled afterwards.
  for (let i = 0; i < 11; i++) {
    const res = await till(
      [
        { product_id: a.id, quantity: 1 + (i % 3) },
        { product_id: b.id, quantity: 0.5 * (i + 1) },
      ],
      {
        paid: i % 3 === 0 ? 0 : 20 * i,
        discount: i % 4,
        ...(i % 5 === 0 ? { phone: buyer.phone, name: 'Rahima' } : {}),
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (i === 4) {
      // Some of it comes back: the cards count what the order charges after the return.
      const id = (res.body.data as { id: number }).id;
      const back = await api.post(
        `/api/order/return/${id}`,
        { lines: [{ product_id: a.id, quantity: 1 }], reason: '' },
        admin,
      );
      expect(back.status, JSON.stringify(back.body)).toBe(201);
    }
    if (i === 2 || i === 7) {
      const id = (res.body.data as { id: number }).id;
      expect((await api.post(`/api/order/pay/${id}`, { status: 4, paid: 0 }, admin)).status).toBe(200);
    }
  }
  // 4 online orders of the buyer, unpaid, with shipping.
  for (let i = 0; i < 4; i++) {
    const res = await api.post(
      '/api/order/add',
      {
        name: 'Rahima',
        phone: buyer.phone,
        address: 'House 4, Road 2',
        area: 'Mirpur',
        carts: [{ product_id: c.id, quantity: i + 1 }],
      },
      buyer.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});

describe('orders', () => {
  it('GET /api/orders pages newest first, and its totals are those of every page', async () => {
    const { rows, meta, pages } = await allPages<OrderRow>('/api/orders?type=2&per_page=4', admin);
    expect(meta.total).toBe(15);
    expect(meta.per_page).toBe(4);
    expect(meta.last_page).toBe(4);
    expect(pages[0]?.links.first).toBe('/api/orders?type=2&page=1&per_page=4');
    expect(pages[0]?.links.last).toBe('/api/orders?type=2&page=4&per_page=4');
    const ids = rows.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(meta.totals).toEqual(cardsOf(rows));
    expect(meta.totals?.orders).toBe(13);

    // A type is its own list with its own totals; the type stays in the links.
    const online = await allPages<OrderRow>('/api/orders?type=1&per_page=3', admin);
    expect(online.meta.total).toBe(4);
    expect(online.pages[0]?.links.next).toBe('/api/orders?type=1&page=2&per_page=3');
    expect(online.meta.totals).toEqual(cardsOf(online.rows));
    const offline = await allPages<OrderRow>('/api/orders?type=0&per_page=5', admin);
    expect(offline.meta.total).toBe(11);
    expect((online.meta.totals?.due ?? 0) + (offline.meta.totals?.due ?? 0)).toBe(meta.totals?.due);
  });

  it('GET /api/order-filter pages the matches; its totals count every matching order', async () => {
    const q = `field=Phone&value=${buyer.phone.slice(-6)}&from=&to=&type=2&status=0`;
    const { rows, meta, pages } = await allPages<OrderRow>(`/api/order-filter?${q}&per_page=2`, admin);
    expect(rows.every((o) => o.phone === buyer.phone)).toBe(true);
    expect(meta.total).toBe(7); // 3 till sales named for the buyer + 4 online
    expect(meta.totals).toEqual(cardsOf(rows));
    // The filter's fields ride along in every link (empty ones left out).
    expect(pages[1]?.links.prev).toBe(
      `/api/order-filter?field=Phone&value=${buyer.phone.slice(-6)}&type=2&status=0&page=1&per_page=2`,
    );
    // Due only: the cards still come from the whole filter, not the page.
    const due = await allPages<OrderRow>(`/api/order-filter?type=2&status=1&per_page=3`, admin);
    expect(due.rows.every((o) => o.due > 0)).toBe(true);
    expect(due.meta.totals).toEqual(cardsOf(due.rows));
  });

  it('takes 50 a page by default, at most 200, and answers past the end with an empty page', async () => {
    const all = await api.get('/api/orders', admin);
    expect((all.body as unknown as Page<OrderRow>).meta).toMatchObject({
      per_page: 50,
      total: 15,
      last_page: 1,
    });
    expect((await api.get('/api/orders?per_page=200', admin)).status).toBe(200);
    for (const bad of ['per_page=201', 'per_page=0', 'page=0', 'page=1.5', 'per_page=abc', 'page=-1']) {
      const res = await api.get(`/api/orders?${bad}`, admin);
      expect(res.status, bad).toBe(422);
    }
    const past = (await api.get('/api/orders?page=9&per_page=10', admin)).body as unknown as Page<OrderRow>;
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ current_page: 9, from: null, to: null, total: 15, last_page: 2 });
    expect(past.meta.totals?.orders).toBe(13);
  });

  it('a customer pages through their own orders, and only theirs', async () => {
    const { rows, meta } = await allPages<OrderRow>(`/api/orders/${buyer.phone}?per_page=3`, buyer.token);
    // Their 4 online orders and the 3 till sales the counter made under their phone (linked to them).
    expect(meta.total).toBe(7);
    expect(rows.every((o) => o.phone === buyer.phone)).toBe(true);
    expect(meta.totals).toBeUndefined();
    const other = await registerCustomer(t.app);
    expect((await api.get(`/api/orders/${buyer.phone}?per_page=3`, other.token)).status).toBe(403);
    // An admin reading a customer's orders sees every order under that phone.
    const byAdmin = await allPages<OrderRow>(`/api/orders/${buyer.phone}?per_page=5`, admin);
    expect(byAdmin.meta.total).toBe(7);
  });
});

describe('expenses', () => {
  it('GET /api/expances pages them; meta.totals.amount sums the whole range', async () => {
    const amounts = [120, 45, 300, 999, 5, 60, 75];
    for (const [i, amount] of amounts.entries()) {
      expect((await api.post('/api/expance/add', { detail: `Cost ${i}`, amount }, admin)).status).toBe(201);
    }
    const old = { detail: 'Old rent', amount: 5000, date: shopDayAgo(40) };
    expect((await api.post('/api/expance/add', old, admin)).status).toBe(201);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    type Expense = { amount: number; details: string };
    const inRange = await allPages<Expense>(`/api/expances?from=${today}&to=${today}&per_page=3`, admin);
    expect(inRange.meta.total).toBe(7);
    expect(inRange.meta.totals).toEqual({ amount: amounts.reduce((s, a) => s + a, 0) });
    expect(inRange.meta.totals?.amount).toBe(inRange.rows.reduce((s, e) => s + e.amount, 0));
    expect(inRange.pages[0]?.links.next).toBe(`/api/expances?from=${today}&to=${today}&page=2&per_page=3`);
    const all = await allPages<Expense>('/api/expances?from=&to=&per_page=4', admin);
    expect(all.meta.total).toBe(8);
    expect(all.meta.totals?.amount).toBe(all.rows.reduce((s, e) => s + e.amount, 0));
  });
});

describe('stock', () => {
  it('GET /api/stocks pages the entries; meta.totals.invested is what every entry cost', async () => {
    const [a, b] = products as [{ id: number }, { id: number }];
    for (const [i, qty] of [3, 12.5, 7, 0.25, 40].entries()) {
      const res = await api.post(
        '/api/stock/add',
        { price: 17 + i * 3, qty, items: [{ id: (i % 2 ? a : b).id, title: 'x' }] },
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    type Entry = { id: number; price: number; qty: number };
    const { rows, meta } = await allPages<Entry>('/api/stocks?per_page=2', admin);
    expect(meta.total).toBe(5);
    const exact = Math.floor(rows.reduce((s, e) => s + e.price * Math.round(e.qty * 100), 0) / 100);
    expect(meta.totals).toEqual({ invested: exact });
  });

  it('GET /api/live-stock pages the products by title; its invested total is the dashboard figure', async () => {
    type Row = { id: number; title: string; buyprice: number; qty: number };
    const { rows, meta } = await allPages<Row>('/api/live-stock?per_page=2', admin);
    expect(meta.total).toBe(3);
    const titles = rows.map((r) => r.title);
    expect(titles).toEqual([...titles].sort((x, y) => x.localeCompare(y)));
    const invested = Math.floor(
      rows.filter((r) => r.qty >= 0).reduce((s, r) => s + r.buyprice * Math.round(r.qty * 100), 0) / 100,
    );
    expect(meta.totals).toEqual({ invested });
    const dashboard = (await api.get('/api/profit-loss', admin)).body as { invested: number };
    expect(dashboard.invested).toBe(invested);
  });
});

describe('product requests and SMS lists', () => {
  it('GET /api/requests pages the requests, newest first', async () => {
    const users = await Promise.all(
      Array.from({ length: 5 }, () => registerCustomer(t.app, { verified: true, database: t.database })),
    );
    const [p] = products as [{ id: number }];
    await t.database.pool.query('UPDATE products SET qty = 0 WHERE id = $1', [p.id]);
    for (const u of users) {
      const res = await api.get(`/api/request/add/${p.id}`, u.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    type Request = { id: number; phone: string };
    const { rows, meta } = await allPages<Request>('/api/requests?per_page=2', admin);
    expect(meta.total).toBe(5);
    expect(new Set(rows.map((r) => r.phone))).toEqual(new Set(users.map((u) => u.phone)));
    expect((await api.get('/api/requests?per_page=500', admin)).status).toBe(422);
    expect((await api.get('/api/requests', buyer.token)).status).toBe(403);
  });

  it('GET /api/sms-list/{id} answers the list with one page of its numbers', async () => {
    const list = (await api.post('/api/sms-list/add', { title: 'Regulars' }, admin)).body.data as {
      id: number;
    };
    const names = ['Karim', 'Abdul', 'Fatema', 'Nasrin', 'Jamal'];
    for (const [i, name] of names.entries()) {
      const res = await api.post(
        '/api/sms-item/add',
        { name, phone: `0171100000${i}`, list_id: list.id },
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    type Detail = {
      data: { id: number; title: string; items: Array<{ name: string }> };
      meta: Meta;
      links: Links;
    };
    const first = (await api.get(`/api/sms-list/${list.id}?per_page=2`, admin)).body as unknown as Detail;
    expect(first.data).toMatchObject({ id: list.id, title: 'Regulars' });
    expect(first.data.items.map((i) => i.name)).toEqual(['Abdul', 'Fatema']);
    expect(first.meta).toMatchObject({ total: 5, last_page: 3, per_page: 2 });
    expect(first.links.next).toBe(`/api/sms-list/${list.id}?page=2&per_page=2`);
    const last = (await api.get(`/api/sms-list/${list.id}?page=3&per_page=2`, admin))
      .body as unknown as Detail;
    expect(last.data.items.map((i) => i.name)).toEqual(['Nasrin']);
    expect(last.links.next).toBeNull();
  });
});
