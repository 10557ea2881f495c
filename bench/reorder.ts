/**
 * `npm run bench:reorder`: the reorder suggestion at 50,000 products (issue 28's goal: ≤ 1 s), from
 * Node: the function `GET /api/reorder-suggestions` calls (one statement and the grouping), without
 * HTTP, as bench/search.ts does.
 *
 * Starts bench/server.ts on a scratch DATA_DIR (.data-test/bench-reorder-<pid>, removed at the end)
 * for its migrated embedded PostgreSQL, fills it with the generated catalogue of bench/catalog-data.ts
 * (50,000 products), 20 suppliers with lead times, a purchase line for 40,000 products (two for a
 * quarter of them: the last one's supplier counts), 250,000 sale rows in the stock ledger over the
 * last 35 days (28 of them count) and minimum/target levels on 10,000 products; then times 12 runs
 * (the first one cold). Prints the times and a markdown row for docs/performance.md, writes
 * bench/results/reorder-latest.json. Exits non-zero when p95 is over the goal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '../apps/server/src/db/client';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded';
import { reorderSuggestions } from '../apps/server/src/modules/purchases/reorder.service';
import { ensureShape, insertProducts } from './catalog-data';
import { benchStart, Harness, markdownTable, percentile, ROOT, round, writeJson } from './lib';

const PRODUCTS = 50_000;
const SALE_ROWS = 250_000;
const RUNS = 12;
const GOAL_MS = 1000;
const SEED = 20261129;
const DATA_DIR = path.join(ROOT, '.data-test', `bench-reorder-${process.pid}`);
const RESULTS = path.join(ROOT, 'bench', 'results', 'reorder-latest.json');

const h = new Harness(DATA_DIR);

async function main() {
  benchStart();
  h.guard(900_000);
  console.log(`bench: reorder, ${os.cpus().length} CPUs, node ${process.version}`);
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const server = h.startNode('bench/server.ts', 'bench/server.ts', h.childEnv({ PORT: '0' }));
  await h.waitReady(server, 180_000);
  const url = runningEmbeddedUrl(DATA_DIR);
  if (!url) return h.fail('could not find the bench server’s embedded PostgreSQL', server);
  const database = connect(url, 2);
  try {
    const client = await database.pool.connect();
    try {
      const shape = await ensureShape(client);
      const gen = await insertProducts(client, shape, PRODUCTS, SEED, new Set());
      console.log(`bench: ${gen.inserted} products in ${gen.ms} ms`);
      const seeded = performance.now();
      await client.query('BEGIN');
      await client.query(`
        INSERT INTO suppliers (name, phone, lead_days)
        SELECT 'Supplier ' || g, '0171' || lpad(g::text, 7, '0'), CASE WHEN g % 4 = 0 THEN NULL ELSE g % 7 + 1 END
        FROM generate_series(1, 20) g`);
      await client.query(`
        INSERT INTO purchases (supplier_id, day, total, paid, created_at)
        SELECT s.id, current_date - (40 - s.id), 0, 0, now() - make_interval(days => 40 - s.id) FROM suppliers s`);
      // A line for 40,000 products from one supplier, and a later one for every fourth from another.
      await client.query(`
        INSERT INTO purchase_lines (purchase_id, product_id, title, quantity, buyprice, total)
        SELECT pu.id, p.id, p.title, 10, p.buyprice, 10 * p.buyprice
        FROM (SELECT id, title, buyprice, row_number() OVER (ORDER BY id) AS n FROM products) p
        JOIN purchases pu ON pu.supplier_id = (SELECT min(id) FROM suppliers) + (p.n % 10)
        WHERE p.n <= 40000`);
      await client.query(`
        INSERT INTO purchase_lines (purchase_id, product_id, title, quantity, buyprice, total)
        SELECT pu.id, p.id, p.title, 5, p.buyprice + 1, 5 * (p.buyprice + 1)
        FROM (SELECT id, title, buyprice, row_number() OVER (ORDER BY id) AS n FROM products) p
        JOIN purchases pu ON pu.supplier_id = (SELECT min(id) FROM suppliers) + 10 + (p.n % 10)
        WHERE p.n <= 40000 AND p.n % 4 = 0`);
      // Sales: rows of the stock ledger as orders write them, over the last 35 days.
      await client.query(
        `INSERT INTO stock_ledger (product_id, delta, qty_after, reason, created_at)
         SELECT (SELECT min(id) FROM products) + (abs(hashint4(g)) % $1), -(1 + g % 3), 0, 'order',
                now() - make_interval(secs => (abs(hashint4(g + 7)) % (35 * 86400)))
         FROM generate_series(1, $2) g`,
        [PRODUCTS, SALE_ROWS],
      );
      await client.query(`
        UPDATE products SET reorder_min = 5 + id % 20, reorder_target = CASE WHEN id % 2 = 0 THEN 60 END
        WHERE id % 5 = 0`);
      await client.query('COMMIT');
      await client.query('VACUUM ANALYZE');
      console.log(
        `bench: suppliers, purchases, ${SALE_ROWS} sale rows and levels in ${round(performance.now() - seeded, 0)} ms`,
      );
    } finally {
      client.release();
    }

    const times: number[] = [];
    let answer = await reorderSuggestions({ db: database.db });
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      answer = await reorderSuggestions({ db: database.db });
      times.push(performance.now() - s);
    }
    const products = answer.groups.reduce((n, g) => n + g.products.length, 0);
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = round(percentile(sorted, 50), 0);
    const p95 = round(percentile(sorted, 95), 0);
    const header = ['products', 'suggested', 'suppliers', 'p50 ms', 'p95 ms', `goal`];
    const row = [
      String(PRODUCTS),
      String(products),
      String(answer.groups.length),
      String(p50),
      String(p95),
      `≤ ${GOAL_MS} ms`,
    ];
    console.log(markdownTable(header, [row]));
    const failures = p95 > GOAL_MS ? [`p95 ${p95} ms > ${GOAL_MS} ms`] : [];
    await writeJson(RESULTS, {
      at: new Date().toISOString(),
      products: PRODUCTS,
      saleRows: SALE_ROWS,
      suggested: products,
      suppliers: answer.groups.length,
      runsMs: times.map((t) => round(t, 1)),
      p50,
      p95,
      goalMs: GOAL_MS,
      failures,
    });
    for (const f of failures) console.log(`goal MISSED: ${f}`);
    if (!failures.length) console.log('goal met');
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await database.close().catch(() => undefined);
    await h.cleanup();
  }
}

main().catch(async (err: unknown) => {
  await h.fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
});
