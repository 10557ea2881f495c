import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

/** Issue 10: sales synced from the till's outbox exactly once, dated when made; the catalogue by delta. */
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

type Line = { product_id: number | null; title: string; price: number; quantity: number };
type Difference = {
  product_id: number;
  title: string;
  till_price: number;
  server_price: number | null;
};
type OrderAnswer = {
  id: number;
  created: string;
  subtotal: number;
  paid: number;
  due: number;
  client_id: string | null;
  provisional: string | null;
  differences: Difference[] | null;
  carts: Line[];
  payments: Array<{ method: string; amount: number; created: string }>;
  shift_id: number | null;
};
type CatalogProduct = {
  id: number;
  price: number;
  offprice: number | null;
  stock: number;
  plu: string | null;
};
type Catalog = {
  version: number;
  products: CatalogProduct[];
  deleted: number[];
  next: number | null;
  bounds: number[];
};

const query = async (text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows;
const qtyOf = async (id: number) =>
  Number((await query('SELECT qty FROM products WHERE id = $1', [id]))[0].qty);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A sale as the till's outbox sends it: every id made by the till. */
function outboxSale(
  productId: number,
  extra: Record<string, unknown> = {},
  line: Record<string, unknown> = {},
) {
  return {
    terminal: 1,
    ship: 0,
    client_id: randomUUID(),
    sold_at: minutesAgo(30),
    provisional: 'T-K3F9-1',
    carts: [
      { product_id: productId, quantity: 2, price: 100, title: 'Rice', client_id: randomUUID(), ...line },
    ],
    payments: [{ method: 'cash', amount: 500, client_id: randomUUID() }],
    ...extra,
  };
}

describe('a sale synced from the till is made exactly once', () => {
  it('20 identical requests at once make one order, one stock move and one payment; every answer is that order', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const body = outboxSale(p!.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/api/order/add', body, admin)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(answers.map((a) => (a.body.data as OrderAnswer).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await query('SELECT id FROM orders WHERE client_id = $1', [body.client_id])).toHaveLength(1);
    expect(await query('SELECT id FROM payments WHERE order_id = $1', [id])).toHaveLength(1);
    expect(
      await query("SELECT id FROM stock_ledger WHERE order_id = $1 AND reason = 'order'", [id]),
    ).toHaveLength(1);
    expect(await qtyOf(p!.id)).toBe(48);
  });

  it('a sale sent again after its answer was lost answers 200 with the stored order, unchanged', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const body = outboxSale(p!.id);
    const first = await api.post('/api/order/add', body, admin);
    expect(first.status).toBe(201);
    // The same id with another body (a till that changed it meanwhile) still answers the stored sale.
    const again = await api.post(
      '/api/order/add',
      { ...body, carts: [{ ...body.carts[0], quantity: 5 }], sold_at: minutesAgo(1) },
      admin,
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await qtyOf(p!.id)).toBe(48);
  });

  it('keeps the ids, the provisional number and the time of the sale on the order and its payments', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const soldAt = minutesAgo(2 * 24 * 60);
    const body = outboxSale(p!.id, { sold_at: soldAt, provisional: 'T-K3F9-7' });
    const res = await api.post('/api/order/add', body, admin);
    expect(res.status).toBe(201);
    const order = res.body.data as OrderAnswer;
    expect(order).toMatchObject({
      client_id: body.client_id,
      provisional: 'T-K3F9-7',
      subtotal: 200,
      paid: 200,
    });
    expect(order.created).toBe(soldAt);
    expect(order.payments.map((x) => x.created)).toEqual([soldAt]);
    const [line] = await query('SELECT client_id FROM order_lines WHERE order_id = $1', [order.id]);
    expect(line.client_id).toBe(body.carts[0]!.client_id);
    const [payment] = await query('SELECT client_id FROM payments WHERE order_id = $1', [order.id]);
    expect(payment.client_id).toBe(body.payments[0]!.client_id);
    const [row] = await query('SELECT synced_at FROM orders WHERE id = $1', [order.id]);
    expect(Date.now() - new Date(row.synced_at).getTime()).toBeLessThan(60_000);
  });

  it('a line or payment id already used by another sale is a 409, and nothing is stored', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const first = outboxSale(p!.id);
    expect((await api.post('/api/order/add', first, admin)).status).toBe(201);
    const clash = outboxSale(p!.id, {}, { client_id: first.carts[0]!.client_id });
    const res = await api.post('/api/order/add', clash, admin);
    expect([res.status, res.body.code]).toEqual([409, 'conflict']);
    expect(await query('SELECT id FROM orders WHERE client_id = $1', [clash.client_id])).toHaveLength(0);
    expect(await qtyOf(p!.id)).toBe(48);
  });
});

describe('sold_at', () => {
  it('is refused more than 7 days back or more than 5 minutes ahead, naming the field', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    for (const soldAt of [
      minutesAgo(7 * 24 * 60 + 1),
      minutesAgo(-6),
      '2026-13-01T00:00:00Z',
      '24/11/2026',
      5,
    ]) {
      const res = await api.post('/api/order/add', outboxSale(p!.id, { sold_at: soldAt }), admin);
      expect([res.status, Object.keys(res.body.errors as object)], String(soldAt)).toEqual([
        422,
        ['sold_at'],
      ]);
    }
    for (const soldAt of [minutesAgo(7 * 24 * 60 - 5), minutesAgo(-4)]) {
      const res = await api.post('/api/order/add', outboxSale(p!.id, { sold_at: soldAt }), admin);
      expect(res.status, soldAt).toBe(201);
    }
    expect(await qtyOf(p!.id)).toBe(46);
  });

  it("counts in the day's report of the day it was made", async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '333', qty: '50' });
    const soldAt = new Date(Date.now() - 3 * 24 * 3600_000);
    const res = await api.post(
      '/api/order/add',
      outboxSale(
        p!.id,
        { sold_at: soldAt.toISOString(), payments: [{ method: 'bkash', amount: 666, reference: 'BK1' }] },
        { price: 333 },
      ),
      admin,
    );
    expect(res.status).toBe(201);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(soldAt);
    const report = await api.get(`/api/profit-loss?from=${day}&to=${day}`, admin);
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body)).toContain('"bkash":666');
  });
});

describe('a sale made offline', () => {
  it("keeps the till's price and lists the difference; online the server prices it", async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '120', qty: '50' });
    const offline = await api.post(
      '/api/order/add',
      outboxSale(p!.id, { offline: true }, { price: 100 }),
      admin,
    );
    expect(offline.status).toBe(201);
    const order = offline.body.data as OrderAnswer;
    expect(order).toMatchObject({ subtotal: 200, paid: 200, due: 0 });
    expect(order.carts[0]).toMatchObject({ product_id: p!.id, price: 100 });
    expect(order.differences).toEqual([
      { product_id: p!.id, title: expect.any(String), attri: '', till_price: 100, server_price: 120 },
    ]);
    const online = await api.post('/api/order/add', outboxSale(p!.id, {}, { price: 100 }), admin);
    expect(online.body.data).toMatchObject({ subtotal: 240, differences: null });
    const same = await api.post(
      '/api/order/add',
      outboxSale(p!.id, { offline: true }, { price: 120 }),
      admin,
    );
    expect(same.body.data).toMatchObject({ subtotal: 240, differences: null });

    const list = await api.get('/api/orders/differences', admin);
    expect(list.status).toBe(200);
    const listed = (list.body.data as OrderAnswer[]).map((o) => o.id);
    expect(listed).toContain(order.id);
    expect(listed).not.toContain((same.body.data as OrderAnswer).id);
  });

  it('sells a product deleted on the server meanwhile at the till price, flagged; online that is a 409', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '80', qty: '5' });
    expect((await api.del(`/api/product/delete/${p!.id}`, admin)).status).toBe(200);
    const online = await api.post('/api/order/add', outboxSale(p!.id), admin);
    expect(online.status).toBe(409);
    const res = await api.post(
      '/api/order/add',
      outboxSale(p!.id, { offline: true }, { price: 75, title: 'Mustard oil', attri: '1 L' }),
      admin,
    );
    expect(res.status).toBe(201);
    const order = res.body.data as OrderAnswer;
    expect(order.carts[0]).toMatchObject({ product_id: null, title: 'Mustard oil', price: 75, quantity: 2 });
    expect(order.subtotal).toBe(150);
    expect(order.differences).toEqual([
      { product_id: p!.id, title: 'Mustard oil', attri: '1 L', till_price: 75, server_price: null },
    ]);
  });

  it('takes only the advance that is left at sync; the shortfall stays due', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const phone = newPhone();
    const added = await api.post(
      '/api/customer/add',
      { phone, name: 'Rahim', area: 'Mirpur', address: 'Road 1' },
      admin,
    );
    const customerId = (added.body.data as { id: number }).id;
    expect(
      (await api.post(`/api/customer/edit/${customerId}`, { name: 'Rahim', balance: 50 }, admin)).status,
    ).toBe(200);
    const body = outboxSale(
      p!.id,
      {
        offline: true,
        phone,
        payments: [
          { method: 'balance', amount: 80, client_id: randomUUID() },
          { method: 'cash', amount: 120, client_id: randomUUID() },
        ],
      },
      { price: 100 },
    );
    const res = await api.post('/api/order/add', body, admin);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ subtotal: 200, paid: 170, due: 30 });
    expect((await query('SELECT balance FROM users WHERE id = $1', [customerId]))[0].balance).toBe(0);
    // Online the same shortfall is refused, as before.
    expect(
      (await api.post(`/api/customer/edit/${customerId}`, { name: 'Rahim', balance: 50 }, admin)).status,
    ).toBe(200);
    const online = await api.post(
      '/api/order/add',
      {
        ...body,
        client_id: randomUUID(),
        offline: false,
        carts: [{ ...body.carts[0], client_id: randomUUID() }],
        payments: [{ method: 'balance', amount: 80 }],
      },
      admin,
    );
    expect([online.status, Object.keys(online.body.errors as object)]).toEqual([422, ['payments']]);
  });

  it('needs its client id and whole-taka prices', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const noId = await api.post(
      '/api/order/add',
      { ...outboxSale(p!.id, { offline: true }), client_id: undefined },
      admin,
    );
    expect([noId.status, Object.keys(noId.body.errors as object)]).toEqual([422, ['client_id']]);
    for (const price of [undefined, '100', 99.5, -1, [100]]) {
      const res = await api.post('/api/order/add', outboxSale(p!.id, { offline: true }, { price }), admin);
      expect([res.status, Object.keys(res.body.errors as object)], String(price)).toEqual([
        422,
        ['carts.0.price'],
      ]);
    }
    const badIds = await api.post(
      '/api/order/add',
      outboxSale(p!.id, { client_id: 'abc', provisional: 'X-1' }),
      admin,
    );
    expect(Object.keys(badIds.body.errors as object).sort()).toEqual(['client_id', 'provisional']);
    expect(await qtyOf(p!.id)).toBe(50);
  });

  it('belongs to the shift that was open when it was made', async () => {
    const cashier = await adminToken(t);
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const opened = await api.post('/api/shift/open', { float: 500 }, cashier);
    const shiftId = (opened.body.data as { id: number }).id;
    await new Promise((r) => setTimeout(r, 20));
    const soldAt = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await api.post('/api/shift/close', { counted: 500 }, cashier);
    await api.post('/api/shift/open', { float: 100 }, cashier);
    const res = await api.post('/api/order/add', outboxSale(p!.id, { sold_at: soldAt }), cashier);
    expect((res.body.data as OrderAnswer).shift_id).toBe(shiftId);
  });
});

describe('GET /api/till/catalog', () => {
  it('gives everything at 0, then only what changed: an edit, a sale, a deletion; never what did not', async () => {
    const [kept] = await makeProduct(t.app, admin, brand, { price: '10', qty: '5' });
    const [edited] = await makeProduct(t.app, admin, brand, { price: '20', qty: '5', plu: '54321' });
    const [sold] = await makeProduct(t.app, admin, brand, { price: '30', qty: '5' });
    const [gone] = await makeProduct(t.app, admin, brand, { price: '40', qty: '5' });
    // The version is the oldest transaction still running in the whole PostgreSQL cluster: while
    // another test file's transaction that began before these products is open, a delta since it
    // rightly holds them too. Wait until none is (the shop's own cluster has such moments all day).
    const written = await rawQuery<{ x: string }>(
      t.database.db,
      'SELECT max(changed_xid)::text AS x FROM products WHERE id = ANY($1::int[])',
      [[kept!.id, edited!.id, sold!.id, gone!.id]],
    );
    const newest = Number(written.rows[0]?.x);
    let all = (await api.get('/api/till/catalog?since=0', admin)).body.data as Catalog;
    for (let tries = 0; all.version <= newest && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      all = (await api.get('/api/till/catalog?since=0', admin)).body.data as Catalog;
    }
    expect(all.version).toBeGreaterThan(newest);
    expect(all.deleted).toEqual([]);
    expect(all.next).toBeNull();
    const ids = all.products.map((x) => x.id);
    for (const p of [kept, edited, sold, gone]) expect(ids).toContain(p!.id);
    expect(all.products.find((x) => x.id === edited!.id)).toMatchObject({
      price: 20,
      stock: 5,
      plu: '54321',
    });
    expect(all.version).toBeGreaterThan(0);

    const none = (await api.get(`/api/till/catalog?since=${all.version}`, admin)).body.data as Catalog;
    expect(none.products.map((x) => x.id)).not.toContain(kept!.id);

    expect(
      (await api.post(`/api/product/edit-quick/${edited!.id}`, { price: 25, qty: 5 }, admin)).status,
    ).toBe(200);
    expect((await api.post('/api/order/add', outboxSale(sold!.id), admin)).status).toBe(201);
    expect((await api.del(`/api/product/delete/${gone!.id}`, admin)).status).toBe(200);

    const delta = (await api.get(`/api/till/catalog?since=${all.version}`, admin)).body.data as Catalog;
    const changed = delta.products.map((x) => x.id);
    expect(changed).toContain(edited!.id);
    expect(changed).toContain(sold!.id);
    expect(changed).not.toContain(kept!.id);
    expect(changed).not.toContain(gone!.id);
    expect(delta.deleted).toEqual([gone!.id]);
    expect(delta.products.find((x) => x.id === edited!.id)?.price).toBe(25);
    expect(delta.products.find((x) => x.id === sold!.id)?.stock).toBe(3);
    expect(delta.version).toBeGreaterThanOrEqual(all.version);
  });

  /** The full load page by page from `after`, `limit` at a time; `between` runs after each page. */
  async function pagedLoad(limit: number, between: (page: number) => Promise<void> = async () => {}) {
    const pages: Catalog[] = [];
    let after: number | null = 0;
    while (after !== null) {
      const res = await api.get(`/api/till/catalog?since=0&after=${after}&limit=${limit}`, admin);
      expect(res.status).toBe(200);
      const page = res.body.data as Catalog;
      pages.push(page);
      after = page.next;
      await between(pages.length);
    }
    return pages;
  }

  /** What a till holds after these answers, applied in order (a put of each product, then the deletions). */
  function applied(answers: Catalog[]) {
    const held = new Map<number, CatalogProduct>();
    for (const answer of answers) {
      for (const p of answer.products) held.set(p.id, p);
      for (const id of answer.deleted) held.delete(id);
    }
    return held;
  }

  it('pages the full load by id: every product once, in id order, the next page’s after, null after the last', async () => {
    for (let i = 0; i < 5; i++) await makeProduct(t.app, admin, brand, { price: String(50 + i) });
    const whole = (await api.get('/api/till/catalog?since=0', admin)).body.data as Catalog;
    const ids = whole.products.map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(5);

    const pages = await pagedLoad(2);
    expect(pages.flatMap((p) => p.products.map((x) => x.id))).toEqual(ids);
    expect(pages).toHaveLength(Math.ceil(ids.length / 2));
    for (const [i, page] of pages.entries()) {
      expect(page.products.length).toBeLessThanOrEqual(2);
      expect(page.deleted).toEqual([]);
      expect(page.version).toBeGreaterThan(0);
      // Each page but the last names its own last id as the next page's `after`.
      expect(page.next).toBe(i < pages.length - 1 ? page.products.at(-1)?.id : null);
    }
    expect(pages.flatMap((p) => p.products)).toEqual(whole.products);
    // The first page names where every later page starts (what `next` led to), so a till asks for
    // them at once; no other page does.
    expect(pages[0]!.bounds).toEqual(pages.slice(0, -1).map((p) => p.next));
    for (const page of pages.slice(1)) expect(page.bounds).toEqual([]);
    const atOnce = await Promise.all(
      pages[0]!.bounds.map(
        async (after) =>
          (await api.get(`/api/till/catalog?since=0&after=${after}&limit=2`, admin)).body.data as Catalog,
      ),
    );
    expect([pages[0]!, ...atOnce].flatMap((p) => p.products)).toEqual(whole.products);

    // A last page exactly full says so (no empty page after it); one product short, two pages.
    const exact = await pagedLoad(ids.length);
    expect(exact.map((p) => [p.products.length, p.next])).toEqual([[ids.length, null]]);
    const short = await pagedLoad(ids.length - 1);
    expect(short.map((p) => [p.products.length, p.next])).toEqual([
      [ids.length - 1, ids.at(-2)],
      [1, null],
    ]);
    // Resumed after any id: the products after it.
    const rest = (await api.get(`/api/till/catalog?after=${ids[2]}&limit=10000`, admin)).body.data as Catalog;
    expect(rest.products.map((p) => p.id)).toEqual(ids.slice(3));
  });

  it('brings, with the delta since the first page’s version, what changed or went while the till paged', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push((await makeProduct(t.app, admin, brand, { price: '70' }))[0]!);
    const [early, gone, , late, lateGone] = made;
    const whole = (await api.get('/api/till/catalog?since=0', admin)).body.data as Catalog;
    // Pages small enough that `early` and `gone` come on the first, `late` and `lateGone` later.
    const limit = whole.products.findIndex((p) => p.id === gone!.id) + 1;
    expect(whole.products.findIndex((p) => p.id === late!.id)).toBeGreaterThanOrEqual(limit);
    let added = 0;
    const pages = await pagedLoad(limit, async (page) => {
      if (page !== 1) return;
      // Between the first page and the second: edits and deletions on both sides of the page line.
      expect(
        (await api.post(`/api/product/edit-quick/${early!.id}`, { price: 71, qty: 3 }, admin)).status,
      ).toBe(200);
      expect(
        (await api.post(`/api/product/edit-quick/${late!.id}`, { price: 72, qty: 4 }, admin)).status,
      ).toBe(200);
      expect((await api.del(`/api/product/delete/${gone!.id}`, admin)).status).toBe(200);
      expect((await api.del(`/api/product/delete/${lateGone!.id}`, admin)).status).toBe(200);
      added = (await makeProduct(t.app, admin, brand, { price: '73' }))[0]!.id;
    });
    const first = pages[0]!;
    const paged = applied(pages);
    // The pages alone still hold what the first page saw of the products behind the line.
    expect(paged.get(early!.id)?.price).toBe(70);
    expect(paged.has(gone!.id)).toBe(true);

    // The catch-up: a delta since the FIRST page's version, whole whatever `limit` says.
    const delta = (await api.get(`/api/till/catalog?since=${first.version}&limit=1`, admin)).body
      .data as Catalog;
    expect(delta.next).toBeNull();
    expect(delta.deleted).toEqual(expect.arrayContaining([gone!.id, lateGone!.id]));
    const held = applied([...pages, delta]);
    expect(held.get(early!.id)).toMatchObject({ price: 71, stock: 3 });
    expect(held.get(late!.id)).toMatchObject({ price: 72, stock: 4 });
    expect(held.has(gone!.id)).toBe(false);
    expect(held.has(lateGone!.id)).toBe(false);
    expect(held.has(added)).toBe(true);
    // Exactly what a full load now answers, product for product.
    const now = (await api.get('/api/till/catalog?since=0', admin)).body.data as Catalog;
    expect([...held.values()].sort((a, b) => a.id - b.id)).toEqual(now.products);
    expect(delta.version).toBeGreaterThanOrEqual(first.version);
  });

  it('answers a page compressed: brotli where the browser takes it, else gzip', async () => {
    const url = '/api/till/catalog?since=0&after=0&limit=10000';
    const plain = (await api.get(url, admin)).body.data as Catalog;
    const ask = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${admin}`, 'accept-encoding': encoding },
      });
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(br.rawPayload).toString();
    expect(br.rawPayload.length).toBeLessThan(json.length / 3);
    expect((JSON.parse(json) as { data: Catalog }).data.products).toEqual(plain.products);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(gzip.rawPayload).toString()) as { data: Catalog }).data.products).toEqual(
      plain.products,
    );
  });

  it('refuses a page size out of bounds and an after that is not an id', async () => {
    for (const limit of ['0', '10001', '-1', '1.5', 'x', '1e3']) {
      const res = await api.get(`/api/till/catalog?since=0&limit=${limit}`, admin);
      expect([res.status, Object.keys(res.body.errors as object)], limit).toEqual([422, ['limit']]);
    }
    for (const after of ['-1', '01', '1.5', 'x', '2147483648']) {
      const res = await api.get(`/api/till/catalog?since=0&after=${after}&limit=10`, admin);
      expect([res.status, Object.keys(res.body.errors as object)], after).toEqual([422, ['after']]);
    }
    expect((await api.get('/api/till/catalog?since=0&limit=10000', admin)).status).toBe(200);
  });

  it('is for admins only, and since must be a whole number', async () => {
    const customer = await registerCustomer(t.app);
    expect((await api.get('/api/till/catalog?since=0', customer.token)).status).toBe(403);
    expect((await api.get('/api/till/catalog?since=0')).status).toBe(401);
    expect((await api.get('/api/orders/differences', customer.token)).status).toBe(403);
    for (const since of ['-1', '1.5', 'x', '1e3']) {
      const res = await api.get(`/api/till/catalog?since=${since}`, admin);
      expect([res.status, Object.keys(res.body.errors as object)], since).toEqual([422, ['since']]);
    }
  });
});
