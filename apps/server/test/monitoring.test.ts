import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { backupDir, loadConfig, uploadsDir } from '../src/config';
import { connect, type Database } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { makeBrand, makeProduct } from './catalog-factories';
import { atFileEnd } from './cleanup';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** GET /metrics with these headers. */
const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

/** The value of one sample (`name{labels}`) in a scrape, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (line === undefined) return undefined;
  const value = line.slice(series.length + 1);
  return value === '+Inf' ? Infinity : Number(value);
}

describe('METRICS_TOKEN, LOG_REQUESTS and LOG_FORMAT', () => {
  it('are read and checked at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({}).logRequests).toBe(true);
    expect(loadConfig({ LOG_REQUESTS: 'off' }).logRequests).toBe(false);
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  it('is not there: 404 as for any unknown path, whatever the caller sends', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const res = await scrape(t, authorization);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let admin: string;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await testApp({ config: { metricsToken: TOKEN } });
    api = client(t.app);
    admin = await adminToken(t);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await scrape(t, authorization);
      expect([authorization, res.statusCode]).toEqual([authorization, 401]);
      expect(res.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('bazar_');
    }
    // A staff session is not the metrics token either.
    expect((await scrape(t, `Bearer ${admin}`)).statusCode).toBe(401);
  });

  it('counts storefront orders and till sales (offline ones apart) after they commit, not their replays', async () => {
    const brand = await makeBrand(t.app, admin);
    const [rice] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    const online = {
      name: 'Rahima',
      phone: buyer.phone,
      address: 'House 4',
      area: 'Mirpur',
      carts: [{ product_id: rice?.id, quantity: 1 }],
    };
    expect((await api.post('/api/order/add', online, buyer.token)).status).toBe(201);
    // A storefront order under an Idempotency-Key, sent twice: one order.
    const keyed = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/add',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': 'k-1',
          'content-type': 'application/json',
        },
        payload: JSON.stringify(online),
      });
    expect((await keyed(buyer.token)).statusCode).toBe(201);
    expect((await keyed(buyer.token)).statusCode).toBe(200);
    // Refused (nothing committed): not counted.
    const short = await api.post(
      '/api/order/add',
      { ...online, carts: [{ product_id: rice?.id, quantity: 999 }] },
      buyer.token,
    );
    expect(short.status).toBe(409);

    const sale = {
      terminal: 1,
      ship: 0,
      discount: 0,
      paid: 100,
      method: 'cash',
      carts: [{ product_id: rice?.id, quantity: 1 }],
    };
    expect((await api.post('/api/order/add', sale, admin)).status).toBe(201);
    const synced = {
      ...sale,
      paid: 0,
      client_id: randomUUID(),
      offline: true,
      sold_at: new Date(Date.now() - 10 * 60_000).toISOString(),
      carts: [{ product_id: rice?.id, quantity: 1, price: 100, title: 'Rice', client_id: randomUUID() }],
      payments: [{ method: 'cash', amount: 100, client_id: randomUUID() }],
    };
    expect((await api.post('/api/order/add', synced, admin)).status).toBe(201);
    expect((await api.post('/api/order/add', synced, admin)).status).toBe(200); // the till sent it again

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(sample(text, 'bazar_orders_placed_total{channel="storefront"}')).toBe(2);
    expect(sample(text, 'bazar_orders_placed_total{channel="till"}')).toBe(1);
    expect(sample(text, 'bazar_orders_placed_total{channel="till_offline"}')).toBe(1);
  });

  it('counts requests by method, route pattern and status; unknown paths as one route; probes not at all', async () => {
    const id = 2147483000;
    for (let i = 0; i < 3; i++) await api.get(`/api/order/${id + i}`, admin);
    await api.get('/api/no-such-route/1');
    await api.get('/api/no-such-route/2');
    await api.get('/api/health');
    await api.get('/api/ready');
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'bazar_http_requests_total{method="GET",route="/api/order/:id",status="404"}')).toBe(
      3,
    );
    expect(
      sample(
        text,
        'bazar_http_request_duration_seconds_count{method="GET",route="/api/order/:id",status="404"}',
      ),
    ).toBe(3);
    expect(sample(text, 'bazar_http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe(2);
    const placed = (status: number) =>
      sample(text, `bazar_http_requests_total{method="POST",route="/api/order/add",status="${status}"}`);
    expect([placed(201), placed(200), placed(409)]).toEqual([4, 2, 1]);
    expect(text).not.toContain(String(id)); // the raw URL never becomes a label
    expect(text).not.toContain('no-such-route');
    expect(text).not.toMatch(/route="\/api\/(health|ready)"|route="\/metrics"/);
  });

  it('shows the SMS outbox by status (shop-wide), the pool, query times, the cache, the backup age and the process', async () => {
    await t.database.pool.query(
      `INSERT INTO sms_outbox (to_phone, message, kind, status, created_at)
       VALUES ('01711000001', 'a', 'notice', 'sent', now()), ('01711000002', 'b', 'notice', 'failed', now()),
              ('01711000003', 'c', 'notice', 'failed', now()), ('01711000004', 'd', 'notice', 'pending', now() - interval '90 seconds')`,
    );
    const counts = await t.database.pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM sms_outbox GROUP BY status',
    );
    const expected = Object.fromEntries(counts.rows.map((r) => [r.status, r.n]));
    expect(expected.pending).toBeGreaterThan(1); // the codes and confirmations queued above, and ours

    await api.get('/api/categories');
    await api.get('/api/categories');
    const sixHoursAgo = new Date(Date.now() - 6 * 3600_000).toISOString().replace(/[-:]|\.\d+/g, '');
    fs.mkdirSync(backupDir(t.ctx.config), { recursive: true });

    let text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'bazar_backup_age_seconds')).toBe(Infinity);
    expect(sample(text, 'bazar_backup_failing')).toBe(0);
    fs.writeFileSync(path.join(backupDir(t.ctx.config), `bazar-${sixHoursAgo}.tar.gz`), '');
    text = (await scrape(t, `Bearer ${TOKEN}`)).body;

    for (const status of ['pending', 'sent', 'failed'])
      expect([status, sample(text, `bazar_sms_messages{status="${status}"}`)]).toEqual([
        status,
        expected[status],
      ]);
    expect(sample(text, 'bazar_sms_oldest_pending_seconds')).toBeGreaterThanOrEqual(89);
    expect(text).toMatch(/# HELP bazar_sms_messages .*shop-wide/);
    expect(text).toMatch(/# HELP bazar_orders_placed_total .*per server/);

    expect(sample(text, 'bazar_db_pool_max_connections')).toBe(t.database.pool.options.max);
    expect(sample(text, 'bazar_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bazar_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'bazar_db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'bazar_db_query_duration_seconds_count')).toBeGreaterThan(10);
    expect(sample(text, 'bazar_catalog_cache_misses_total{bucket="catalog"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bazar_catalog_cache_hits_total{bucket="catalog"}')).toBeGreaterThanOrEqual(1);
    const age = sample(text, 'bazar_backup_age_seconds') ?? 0;
    expect(age).toBeGreaterThan(6 * 3600 - 60);
    expect(age).toBeLessThan(6 * 3600 + 60);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // Every line is a comment or `name{labels} value`, as Prometheus reads them.
    for (const line of text.split('\n').filter(Boolean))
      expect(line).toMatch(
        /^(# (HELP|TYPE) [a-z_:][a-z0-9_:]* .+|[a-z_:][a-zA-Z0-9_:]*(\{.*\})? (-?[0-9.e+-]+|[+-]Inf|NaN|Nan))$/,
      );
  });

  it('shows the free and total bytes of the disk DATA_DIR is on, as statfs says', async () => {
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    const s = fs.statfsSync(t.ctx.config.dataDir);
    expect(sample(text, 'bazar_data_dir_total_bytes')).toBe(s.blocks * s.bsize);
    const free = sample(text, 'bazar_data_dir_free_bytes') ?? -1;
    // Other programs write meanwhile: the free space of a moment ago.
    expect(Math.abs(free - s.bavail * s.bsize)).toBeLessThan(256 * 1024 * 1024);
    expect(text).toMatch(/# HELP bazar_data_dir_free_bytes .*503 storage_full/);
  });

  it('counts the online payments that need a look: here one refund whose gateway answer was lost', async () => {
    const before = sample((await scrape(t, `Bearer ${TOKEN}`)).body, 'bazar_online_payments_attention');
    expect(before).toBe(0);
    // An online payment with a refund pending (written as the refund path writes it).
    const db = t.database.pool;
    const order = await db.query<{ id: number }>(
      `INSERT INTO orders (name, phone, address, area, subtotal, ship, discount, paid, due, status, online, terminal)
       VALUES ('Rahima', '01711111111', '', '', 100, 0, 0, 100, 0, 1, true, 0) RETURNING id`,
    );
    const orderId = order.rows[0]!.id;
    // Its payment as the money core writes one: the row and its ledger row.
    const paid = await db.query<{ id: number }>(
      `INSERT INTO payments (order_id, amount, method, reference) VALUES ($1, 100, 'bkash', 'TRX-M1') RETURNING id`,
      [orderId],
    );
    await db.query(
      `INSERT INTO money_ledger (kind, method, amount, reference, order_id, payment_id)
       VALUES ('payment', 'bkash', 100, 'TRX-M1', $1, $2)`,
      [orderId, paid.rows[0]!.id],
    );
    const attempt = await db.query<{ id: number }>(
      `INSERT INTO payment_attempts (order_id, gateway, payment_id, amount, status, trx_id, refunded)
       VALUES ($1, 'bkash', 'TR-M1', 100, 'completed', 'TRX-M1', 40) RETURNING id`,
      [orderId],
    );
    await db.query(`INSERT INTO payment_refunds (attempt_id, order_id, amount) VALUES ($1, $2, 40)`, [
      attempt.rows[0]!.id,
      orderId,
    ]);
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'bazar_online_payments_attention')).toBe(1);
    expect(text).toMatch(/# HELP bazar_online_payments_attention .*refunds whose gateway answer was lost/);
  });
});

describe('request metrics with the web app built', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-metrics-web-'));
    atFileEnd(() => fs.rmSync(web, { recursive: true, force: true }));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Bazar</title>');
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'index-abc.js'), 'console.log(1)');
    t = await testApp({ config: { metricsToken: TOKEN, webDist: web } });
  });

  it('counts the pages as one route, the files under the static route, unknown paths as unmatched', async () => {
    for (const url of ['/', '/login', '/admin/orders', '/category/12', '/assets/index-abc.js', '/nope.js'])
      await t.app.inject({ url });
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'bazar_http_requests_total{method="GET",route="(page)",status="200"}')).toBe(2);
    // A category's page is written by its own route (its content in the HTML): counted by pattern,
    // here a category the shop does not have (404).
    expect(sample(text, 'bazar_http_requests_total{method="GET",route="/category/:id",status="404"}')).toBe(
      1,
    );
    // The built files, index.html for / among them.
    expect(sample(text, 'bazar_http_requests_total{method="GET",route="/*",status="200"}')).toBe(2);
    expect(sample(text, 'bazar_http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe(1);
    expect(text).not.toMatch(/login|admin\/orders|category\/12|index-abc/);
  });
});

describe('GET /api/health and GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  it('health: 200 ok, never cached', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready: 200 with every check ok, never cached, also with a token of no one', async () => {
    for (const headers of [{}, { authorization: 'Bearer nobody' }]) {
      const res = await t.app.inject({ url: '/api/ready', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /api/ready when uploads cannot be written', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  it('answers 503 naming the storage, and 200 once it can be written again', async () => {
    // The uploads folder replaced by a file: nothing can be written there, even by root (whom a
    // read-only mode would not stop).
    const uploads = uploadsDir(t.ctx.config);
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.writeFileSync(uploads, '');
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'failed' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    fs.rmSync(uploads);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('trusts a successful write for 30 s: a bucket is not paid a PUT and a DELETE at every probe', async () => {
    const writes = vi.spyOn(t.ctx.storage, 'checkWritable');
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    expect(writes.mock.calls.length).toBeLessThanOrEqual(1);
    writes.mockRestore();
  });
});

describe('GET /api/ready while the database is down', () => {
  // A PostgreSQL of this file's own (the embedded one), stopped and started again on the same
  // folder and port, as a restart of the shop's database would (ops/db-fault.test.ts kills one).
  const quiet = { info: () => undefined, warn: () => undefined };
  let dataDir: string | undefined;
  let embedded: EmbeddedPostgres | undefined;
  let database: Database | undefined;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ready-db-'));
    // Registered first, so it runs after the app is closed: the PostgreSQL (the one started again
    // last) and its folder go whatever happened; no run leaves a server or a folder behind.
    atFileEnd(async () => {
      await database?.close();
      await embedded?.stop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });
    embedded = await startEmbeddedPostgres({ dataDir }, quiet);
    port = Number(new URL(embedded.url).port);
    database = connect(embedded.url, 5);
    await runMigrations(database);
    t = await testApp({ database, config: { metricsToken: TOKEN } });
  }, 120_000);

  it('answers 503 while it is stopped and 200 again once it is back', async () => {
    const ready = () => t.app.inject({ url: '/api/ready' });
    expect((await ready()).statusCode).toBe(200);

    await embedded?.stop();
    const down = await ready();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'failed', migrations: 'skipped', storage: 'ok' },
    });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The metrics still answer, without the numbers read from the database.
    const scraped = await scrape(t, `Bearer ${TOKEN}`);
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).not.toMatch(/^bazar_sms_messages\{/m);
    expect(sample(scraped.body, 'bazar_sms_oldest_pending_seconds')).toBeNaN();
    expect(sample(scraped.body, 'bazar_orders_placed_total{channel="till"}')).toBe(0);

    embedded = await startEmbeddedPostgres({ dataDir: dataDir ?? '', port }, quiet);
    await expect.poll(async () => (await ready()).statusCode, { timeout: 20_000, interval: 250 }).toBe(200);
    expect((await ready()).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
    expect(sample((await scrape(t, `Bearer ${TOKEN}`)).body, 'bazar_sms_messages{status="pending"}')).toBe(0);
  }, 120_000);
});
