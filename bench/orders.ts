/**
 * Order placement under load: 32 verified customers place storefront orders at once against the
 * real server on its embedded PostgreSQL (or DATABASE_URL), for BENCH_SECONDS (default 10), each
 * request exactly what the checkout page sends (with its Idempotency-Key and language).
 * Reports orders/s and latency, then proves there was no oversell: for every product, opening stock
 * minus what the orders took equals its quantity, no quantity is negative, and the stock ledger
 * agrees (GET /api/stock/check is empty). Run: node --import tsx bench/orders.ts
 * (BENCH_DATABASE_URL: an external PostgreSQL; BENCH_NODE_ARGS: flags for the server's node).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchStart, cpuMeter, freePort, writeJson } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Math.min(120, Math.max(1, Number(process.env.BENCH_SECONDS ?? 10)));
const BUYERS = 32;
const PRODUCTS = 60;
const DATA_DIR = path.join(ROOT, '.data-test', `bench-orders-${process.pid}`);
const GOAL = 1000;
/** The delivery charge the checkout shows (the server charges its own). */
const SHIP = 60;
const ADMIN = { phone: '01700000099', password: 'bench-admin-1' };

async function json(port: number, method: string, route: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function main() {
  benchStart();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const port = await freePort();
  const external = process.env.BENCH_DATABASE_URL;
  // BENCH_NODE_ARGS passes flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR,
        RATE_LIMIT: 'off',
        SEED_DEMO: '0',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMS_DRIVER: 'log', // on purpose: the benchmark sends no SMS anywhere
        LOG_LEVEL: 'warn',
        SMS_POLL_MS: '60000',
        ADMIN_PHONE: ADMIN.phone,
        ADMIN_PASSWORD: ADMIN.password,
        ...(external ? { DATABASE_URL: external } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error('server exited during start');
      if (i > 600) throw new Error('server did not start in 60 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const dbUrl =
      external ??
      `postgres://postgres:${encodeURIComponent(fs.readFileSync(path.join(DATA_DIR, 'pg-password'), 'utf8').trim())}@127.0.0.1:${
        fs.readFileSync(path.join(DATA_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]
      }/shop`;
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();

    // Catalogue: PRODUCTS products with plenty of stock, made through the real API.
    const admin = (await json(port, 'POST', '/api/login', ADMIN)).body.token as string;
    const brandRes = await json(port, 'POST', '/api/brand/add', { title: 'Bench Brand' }, admin);
    const brandId = (brandRes.body.data as { id: number }).id;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const opening = new Map<number, number>();
    const prices = new Map<number, number>();
    for (let i = 0; i < PRODUCTS; i++) {
      const form = new FormData();
      const qty = 5000;
      for (const [k, v] of Object.entries({
        title: `Bench item ${i}`,
        price: String(50 + i),
        qty: String(qty),
        tags: 'bench',
        brand_id: String(brandId),
      })) {
        form.append(k, v);
      }
      form.append('image', new Blob([png]), 'p.png');
      const res = await fetch(`http://127.0.0.1:${port}/api/product/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      if (res.status !== 201) throw new Error(`product add: ${res.status} ${await res.text()}`);
      const [p] = ((await res.json()) as { data: Array<{ id: number }> }).data;
      if (p) {
        opening.set(p.id, qty);
        prices.set(p.id, 50 + i);
      }
    }
    const ids = [...opening.keys()];

    // Buyers: registered, then marked verified in the database (codes are redacted in the outbox
    // once the sender has sent them, and verification is not what this benchmark measures).
    const tokens: string[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const phone = `0181${String(1000000 + i).slice(-7)}`;
      const reg = await json(port, 'POST', '/api/register', {
        name: `Buyer ${i}`,
        phone,
        password: 'buyer-pass',
      });
      if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
      await db.query('UPDATE users SET status = 1 WHERE phone = $1', [phone]);
      tokens.push(reg.body.token as string);
    }

    let n = 0;
    const meter = cpuMeter(server.pid ?? 0);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: BUYERS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/order/add',
          setupRequest: (req) => {
            const i = n++;
            const lines = 1 + (i % 3);
            const carts = Array.from({ length: lines }, (_, k) => {
              const id = ids[(i * 7 + k * 13) % ids.length] ?? 0;
              return { product_id: id, attri: '', quantity: 1 + ((i + k) % 2), price: prices.get(id) ?? 0 };
            });
            const subtotal = carts.reduce((sum, l) => sum + l.price * l.quantity, 0);
            // Exactly what the checkout page sends (apps/web/src/features/orders/orders-api.ts
            // orderBody and placeOrder): the form, the cart with the prices it showed, the totals
            // it showed (the server prices the order itself), the language, and a fresh
            // Idempotency-Key for each attempt.
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${tokens[i % BUYERS]}`,
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify({
                name: 'Bench Buyer',
                phone: '01811000000',
                address: 'Road 1',
                area: 'Mirpur',
                note: '',
                carts,
                subtotal,
                ship: SHIP,
                discount: 0,
                paid: 0,
                due: subtotal + SHIP,
                type: 1,
                lang: 'en',
                payment: 'cod',
              }),
            };
          },
        },
      ],
    });

    const created = result.statusCodeStats['201']?.count ?? 0;
    const cpu = meter(created);
    // Requests still in flight when the run ended finish first.
    await new Promise((r) => setTimeout(r, 1500));
    const placed = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const sold = await db.query<{ product_id: number; qty: string }>(
      'SELECT product_id, sum(quantity)::text AS qty FROM order_lines GROUP BY product_id',
    );
    const now = await db.query<{ id: number; qty: string }>('SELECT id, qty::text AS qty FROM products');
    const soldBy = new Map(sold.rows.map((r) => [r.product_id, Number(r.qty)]));
    const oversold = now.rows.filter(
      (r) => Number(r.qty) < 0 || Number(r.qty) !== (opening.get(r.id) ?? 0) - (soldBy.get(r.id) ?? 0),
    );
    const ledger = (await json(port, 'GET', '/api/stock/check', undefined, admin)).body.data as unknown[];
    await db.end();

    const rate = created / SECONDS;
    const rows = [
      ['Orders placed (201)', String(created)],
      ['Orders in the database', String(placed.rows[0]?.n)],
      ['Orders/s', rate.toFixed(0)],
      [
        'Latency p50 / p97.5 / p99 (ms)',
        `${result.latency.p50} / ${result.latency.p97_5} / ${result.latency.p99}`,
      ],
      ['Errors / non-2xx', `${result.errors} / ${result.non2xx}`],
      [
        'CPU per order: server / PostgreSQL (ms)',
        `${cpu.serverMsPerReq ?? 'n/a'} / ${external ? 'n/a (external)' : (cpu.postgresMsPerReq ?? 'n/a')}`,
      ],
      ['Busy cores: machine / other work', `${cpu.machineBusyCores ?? 'n/a'} / ${cpu.otherCores ?? 'n/a'}`],
      ['Products oversold or off their ledger', `${oversold.length} / ${ledger.length}`],
      ['Database', external ? 'external (BENCH_DATABASE_URL)' : 'embedded PostgreSQL 18'],
    ];
    console.log(`\n| Order placement, ${BUYERS} buyers, ${SECONDS} s | |\n| --- | ---: |`);
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
    await writeJson(path.join(ROOT, 'bench/results/orders-latest.json'), {
      date: new Date().toISOString(),
      seconds: SECONDS,
      buyers: BUYERS,
      created,
      rate,
      goal: GOAL,
      latency: result.latency,
      cpu,
      errors: result.errors,
      non2xx: result.non2xx,
      oversold: oversold.length,
      ledgerMismatches: ledger.length,
    });

    // autocannon stops with up to one request per connection still in flight; the server may finish those.
    const inDb = placed.rows[0]?.n ?? 0;
    if (oversold.length || ledger.length || result.errors || inDb < created || inDb > created + BUYERS)
      process.exitCode = 1;
    if (rate < GOAL) console.log(`Below the goal of ${GOAL} orders/s.`);
  } finally {
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
