/**
 * `npm run bench` (second part): the catalogue's public reads and its search, on a generated
 * catalogue, against a real server process on 127.0.0.1.
 *
 * Starts bench/server.ts on a scratch DATA_DIR (.data-test/bench-catalog-<pid>, removed at the end), then
 *
 * 1. writes 20,000 products (bench/catalog-data.ts, plain SQL) and sends NOTIFY catalog_changed;
 * 2. runs each cached catalogue read (productoffer, productpopular, categories, showcategory of the
 *    biggest top category, and a search whose answer is cached) side by side with its twin, the
 *    same-bytes limit: a bare Fastify in the bench server's process (bench/server.ts, no plugins,
 *    hooks or logger) answering the very bytes and headers the app answered to that path, kept
 *    compressed, with the same encoding negotiation. Both get a browser's Accept-Encoding (so both
 *    send the same brotli bytes), 50 keep-alive connections, in the order A B B A A B B A
 *    (catalogue A, twin B; eight legs of BENCH_SECONDS / 4); each must reach RATIO_GOAL of its twin's
 *    req/s in the same run (a sixth pair, `productpopular` with a signed-in shopper's token, is
 *    reported, not judged). Then it times a few cache misses;
 * 3. adds 30,000 products (50,000 in all), VACUUM ANALYZE, NOTIFY, and measures search uncached:
 *    `searchProducts` called directly for a few hundred distinct texts, EXPLAIN (ANALYZE) of the same
 *    SQL for others, and GET /api/product/search/<text> with a new text on every request (1 and 10
 *    connections), with the server's own time per request.
 *
 * 4. gives 2,000 of the 50,000 products a scale item code (PLU) and measures the till's scan,
 *    GET /api/product/barcode/<code> (admin), 1 connection, a random product barcode on every request,
 *    then a random scale label (21 weight / 23 price), with the server's own time per request, and
 *    EXPLAIN (ANALYZE) of both lookups' SQL.
 *
 * Every search text (words, prefixes, phrases and one-typo variants drawn from the titles) is used
 * once, so neither the app's cache nor a repeated plan hides the query. Prints tables, a markdown
 * version for docs/performance.md, and writes bench/results/catalog-latest.json. BENCH_SECONDS
 * (default 10) sets each run's length. Exits non-zero when the server does not start, a run sees
 * errors or non-2xx answers, a twin does not send as many bytes per answer as its catalogue read, or
 * the server logs an error. The ratio goals are reported (met / MISSED), not an exit code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { connect, type Database } from '../apps/server/src/db/client';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded';
import * as schema from '../apps/server/src/db/schema';
import { ROLE } from '@bazar/contracts/common';
import {
  findScanByBarcode,
  findScanByPlu,
  searchProducts,
  loadSearchIndex,
} from '../apps/server/src/modules/catalog/products.repository';
import { makeScaleLabel } from '@bazar/contracts/scale-labels';
import {
  assignPlus,
  ensureShape,
  insertProducts,
  rng,
  searchTexts,
  type PluProduct,
  type SearchKind,
  type SearchText,
} from './catalog-data';
import {
  call,
  cpuSampler,
  cpuWindow,
  fmtInt,
  Harness,
  HOST,
  isErrorLine,
  launch,
  markdownTable,
  percentile,
  positiveInt,
  ROOT,
  round,
  serverMemory,
  sleep,
  summarise,
  textTable,
  writeJson,
  benchStart,
  type Bench,
  type CpuSample,
  type CpuWindow,
  type Spec,
} from './lib';

const SECONDS = positiveInt('BENCH_SECONDS', process.env.BENCH_SECONDS, 10, 120);
/**
 * Each catalogue read and its twin run in the order A B B A A B B A, a quarter of BENCH_SECONDS each,
 * so drift in other work on the machine (other people's builds and tests come and go within
 * seconds) falls on both alike.
 */
const PAIR_ORDER = 'ABBAABBA';
const LEG_SECONDS = Math.max(0.5, SECONDS / 4);
const DATA_DIR = path.join(ROOT, '.data-test', `bench-catalog-${process.pid}`);
const RESULTS = path.join(ROOT, 'bench', 'results', 'catalog-latest.json');
const FIRST_PRODUCTS = 20_000;
const ALL_PRODUCTS = 50_000;
const CONNECTIONS = 50;
const RATIO_GOAL = 0.9;
/** What a browser sends (Chromium 150): the app and its twin both answer brotli to it. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** A text whose search answer is cached during its runs (found in every generated catalogue). */
const CACHED_SEARCH = 'rice';
const SEARCH_P95_GOAL_MS = 10;
const BARCODE_P95_GOAL_MS = 3;
/** Products with a scale item code (loose goods sold by the kg). */
const PLU_PRODUCTS = 2000;
const LOOKUP_EXPLAINS = 50;
const SQL_TEXTS = 400;
const EXPLAIN_TEXTS = 100;
const MISS_ROUNDS = 5;
const SEED = 20261122;
// Generous: first start (initdb), data generation, 4 pairs of 2 × SECONDS, 2 search runs, 2 barcode
// runs, warm-ups.
const BUDGET_MS = 300_000 + SECONDS * 1000 * 16;

const h = new Harness(DATA_DIR);
const notes = h.notes;

type TimeStats = {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  max: number;
};

function stats(values: number[]): TimeStats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => round(percentile(sorted, p), 2);
  return {
    count: sorted.length,
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length), 2),
    p50: at(50),
    p95: at(95),
    p97_5: at(97.5),
    p99: at(99),
    max: at(100),
  };
}

async function get(port: number, route: string): Promise<{ status: number; bytes: number; text: string }> {
  const res = await fetch(`http://${HOST}:${port}${route}`, { signal: AbortSignal.timeout(30_000) });
  const buf = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes: buf.byteLength, text: buf.toString('utf8') };
}

/** The server's own request times by path since the previous call (bench/server.ts), then starts afresh. */
async function serverTimes(port: number): Promise<Record<string, TimeStats>> {
  const res = await get(port, '/api/bench/server-times');
  if (res.status !== 200) throw new Error(`server-times answered ${res.status}`);
  return JSON.parse(res.text) as Record<string, TimeStats>;
}

/** One autocannon run, with every response time (autocannon's own histogram has 1 ms steps). */
async function leg(
  port: number,
  serverPid: number,
  spec: Spec,
  times: number[],
  onStart?: (i: autocannon.Instance) => void,
) {
  const stop = cpuSampler(serverPid);
  const instance = launch(port, spec);
  onStart?.(instance);
  let responseBytes = 0;
  instance.on('response', (_client: unknown, _status: number, bytes: number, ms: number) => {
    times.push(ms);
    responseBytes += bytes;
  });
  const result = await instance;
  const cpu = stop();
  return {
    result,
    cpu,
    responseBytes,
    bench: summarise(spec, result, cpuWindow([cpu], result.requests.total)),
  };
}

type Measured = {
  name: string;
  what: string;
  path: string;
  bodyBytes: number;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  /** From every response's time in the load generator (ms, not rounded to 1 ms). */
  latencyMs: TimeStats;
  /** The server's own time per request (bench/server.ts), ms. */
  serverMs: TimeStats | null;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  cpu: CpuWindow;
  legs: Bench[];
};

function combine(
  name: string,
  what: string,
  route: string,
  bodyBytes: number,
  parts: Array<{ result: autocannon.Result; cpu: CpuSample | undefined; bench: Bench }>,
  times: number[],
  server: TimeStats | undefined,
): Measured {
  const requests = parts.reduce((a, p) => a + p.result.requests.total, 0);
  const seconds = parts.reduce((a, p) => a + p.result.duration, 0);
  const codes: Record<string, number> = {};
  for (const p of parts)
    for (const [k, v] of Object.entries(p.bench.statusCodes)) codes[k] = (codes[k] ?? 0) + v;
  return {
    name,
    what,
    path: route,
    bodyBytes,
    connections: parts[0]?.bench.connections ?? 0,
    seconds: round(seconds, 2),
    requests,
    reqPerSec: round(requests / Math.max(seconds, 0.001), 1),
    latencyMs: stats(times),
    serverMs: server ?? null,
    errors: parts.reduce((a, p) => a + p.result.errors, 0),
    timeouts: parts.reduce((a, p) => a + p.result.timeouts, 0),
    non2xx: parts.reduce((a, p) => a + p.result.non2xx, 0),
    statusCodes: codes,
    cpu: cpuWindow(
      parts.map((p) => p.cpu),
      requests,
    ),
    legs: parts.map((p) => p.bench),
  };
}

type Endpoint = {
  name: string;
  route: string;
  what: string;
  goal: boolean;
  /** The route's key in the server's own request times, when not its path (bench/server.ts). */
  timesKey?: string;
  /** Request headers beyond Accept-Encoding, sent to the app and its twin alike. */
  headers?: Record<string, string>;
};
/** The twin of one endpoint (bench/server.ts): its key and the bytes of the answer it keeps, by encoding. */
type Twin = {
  key: string;
  bytes: { br: number; gzip: number; identity: number };
  headers: Record<string, string>;
};

const usPerReq = (m: Measured) =>
  m.cpu.serverMsPerReq === null ? '-' : String(round(m.cpu.serverMsPerReq * 1000, 1));

/** Bytes of one whole response (status line, headers, body) as the load generator counted them. */
function bytesPerAnswer(parts: Array<{ result: autocannon.Result; responseBytes: number }>): number {
  const answers = parts.reduce((a, p) => a + p.result.requests.total, 0);
  return round(parts.reduce((a, p) => a + p.responseBytes, 0) / Math.max(1, answers), 1);
}

/** The catalogue answer (A) and its twin (B) in PAIR_ORDER, LEG_SECONDS each; server times over all legs. */
async function pair(ready: { port: number; twinPort: number; pid: number }, ep: Endpoint, twinOf: Twin) {
  const twinRoute = `/twin/${twinOf.key}`;
  const bytes = twinOf.bytes.br;
  const spec = (route: string, name: string): Spec => ({
    name,
    what: '',
    method: 'GET',
    path: route,
    connections: CONNECTIONS,
    seconds: LEG_SECONDS,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...ep.headers },
  });
  const catTimes: number[] = [];
  const twinTimes: number[] = [];
  const cat: Awaited<ReturnType<typeof leg>>[] = [];
  const twin: Awaited<ReturnType<typeof leg>>[] = [];
  process.stdout.write(
    `  ${ep.name.padEnd(14)} ${bytes} B br, ${CONNECTIONS} conn., ${PAIR_ORDER.length} × ${LEG_SECONDS} s (${PAIR_ORDER}) ... `,
  );
  const { port, twinPort, pid } = ready;
  await serverTimes(port);
  for (const which of PAIR_ORDER) {
    if (which === 'A') cat.push(await leg(port, pid, spec(ep.route, ep.name), catTimes));
    else twin.push(await leg(twinPort, pid, spec(twinRoute, `${ep.name} twin`), twinTimes));
  }
  const server = await serverTimes(port);
  const catalogue = combine(
    ep.name,
    ep.what,
    ep.route,
    bytes,
    cat,
    catTimes,
    server[ep.timesKey ?? ep.route],
  );
  const memory = combine(
    `${ep.name} twin`,
    `bare Fastify answering the same ${bytes} bytes (brotli) and headers from memory`,
    twinRoute,
    bytes,
    twin,
    twinTimes,
    server[twinRoute],
  );
  const ratio = memory.reqPerSec ? round(catalogue.reqPerSec / memory.reqPerSec, 2) : 0;
  const wire = { catalogue: bytesPerAnswer(cat), twin: bytesPerAnswer(twin) };
  console.log(
    `${fmtInt(catalogue.reqPerSec)} vs ${fmtInt(memory.reqPerSec)} req/s (ratio ${ratio}), ` +
      `${wire.catalogue} / ${wire.twin} B per response, ` +
      `server CPU ${usPerReq(catalogue)} / ${usPerReq(memory)} µs per request, ` +
      `other load ${catalogue.cpu.otherCores ?? '-'} / ${memory.cpu.otherCores ?? '-'} cores`,
  );
  return { endpoint: ep, catalogue, memory, ratio, wire, goal: ep.goal ? RATIO_GOAL : null };
}

// ---------------------------------------------------------------------------------------------------
// Search

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Exact Heap Blocks'?: number;
  'Lossy Heap Blocks'?: number;
  Plans?: PlanNode[];
};
type ExplainJson = Array<{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }>;

/** "Limit > Sort > … > Bitmap Index Scan (products_title_trgm_idx)": the plan's nodes, depth first. */
function planShape(node: PlanNode): string {
  const label = `${node['Node Type']}${node['Index Name'] ? ` (${node['Index Name']})` : node['Relation Name'] ? ` (${node['Relation Name']})` : ''}`;
  const kids = (node.Plans ?? []).map(planShape);
  return kids.length === 0 ? label : `${label} > [${kids.join(', ')}]`;
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

type Captured = { query: string; params: unknown[] };

/** The last SELECT that `run` sends through the app's own repository code, captured through a drizzle logger. */
async function capturedSql(
  database: Database,
  run: (db: typeof database.db) => Promise<unknown>,
): Promise<Captured> {
  let captured: Captured | undefined;
  const logged = drizzle(database.pool, {
    schema,
    logger: {
      logQuery(query, params) {
        if (/^\s*select/i.test(query)) captured = { query, params };
      },
    },
  });
  await run(logged);
  if (!captured) throw new Error('could not capture the SQL');
  return captured;
}

/** The SELECT that searchProducts sends, for EXPLAIN. */
async function capturedSearchSql(database: Database, text: string): Promise<Captured> {
  const index = await loadSearchIndex(database.db); // before capturing: only the search's own SELECTs count
  return capturedSql(database, (db) => searchProducts(db, text, async () => index));
}

async function explain(database: Database, text: string, format: 'json' | 'text') {
  return explainQuery(database, await capturedSearchSql(database, text), format);
}

async function explainQuery(database: Database, { query, params }: Captured, format: 'json' | 'text') {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const res = await client.query<Record<string, unknown>>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT ${format === 'json' ? 'JSON' : 'TEXT'}) ${query}`,
      params,
    );
    await client.query('COMMIT');
    return format === 'json'
      ? { json: res.rows[0]?.['QUERY PLAN'] as ExplainJson, text: '' }
      : { json: undefined, text: res.rows.map((r) => String(r['QUERY PLAN'])).join('\n') };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------------
// The till's scan

/** Registers a cashier and makes it an admin (bench/server.ts seeds none): the scan is for staff only. */
async function cashierToken(port: number, client: pg.ClientBase): Promise<string | undefined> {
  const phone = '01700000098';
  const res = await call(port, 'POST', '/api/register', {
    name: 'Bench Cashier',
    phone,
    password: 'bench-cashier-1',
  });
  if (res.status !== 201 || typeof res.json.token !== 'string') return undefined;
  await client.query('UPDATE users SET role = $1, status = 1 WHERE phone = $2', [ROLE.admin, phone]);
  return res.json.token;
}

/**
 * Scale labels of the products with an item code, as the default rules read them: half weight
 * labels (21, 50 g to 5 kg), half price labels (23, from 0.01 of the unit price up to 999.99 taka).
 */
function labelCodes(products: PluProduct[], count: number, seed: number): string[] {
  const r = rng(seed);
  const out: string[] = [];
  while (out.length < count) {
    const p = products[Math.floor(r() * products.length)];
    if (!p) break;
    const unit = p.offprice ?? p.price;
    if (r() < 0.5 || unit <= 0 || unit >= 99_999) {
      out.push(makeScaleLabel('21', p.plu, 50 + Math.floor(r() * 4950)));
    } else {
      out.push(makeScaleLabel('23', p.plu, unit + Math.floor(r() * (99_999 - unit))));
    }
  }
  return out;
}

type LookupExplain = {
  lookup: 'barcode' | 'plu';
  runs: number;
  executionMs: TimeStats;
  planningMs: TimeStats;
  shapes: Record<string, number>;
  example: string;
};

/** EXPLAIN (ANALYZE) of the SQL a lookup sends (the app's own repository function), for `codes`. */
async function explainLookups(
  database: Database,
  lookup: LookupExplain['lookup'],
  codes: string[],
): Promise<LookupExplain> {
  const find = lookup === 'barcode' ? findScanByBarcode : findScanByPlu;
  const exec: number[] = [];
  const planning: number[] = [];
  const shapes: Record<string, number> = {};
  for (const code of codes) {
    const { json } = await explainQuery(
      database,
      await capturedSql(database, (db) => find(db, code)),
      'json',
    );
    const plan = json?.[0];
    if (!plan) continue;
    exec.push(plan['Execution Time']);
    planning.push(plan['Planning Time']);
    const shape = planShape(plan.Plan);
    shapes[shape] = (shapes[shape] ?? 0) + 1;
  }
  const first = codes[0] ?? '';
  const example = (await explainQuery(database, await capturedSql(database, (db) => find(db, first)), 'text'))
    .text;
  return {
    lookup,
    runs: exec.length,
    executionMs: stats(exec),
    planningMs: stats(planning),
    shapes,
    example,
  };
}

/**
 * GET /api/product/barcode/<code> with 1 connection (the till scans one code at a time): a random
 * product barcode on every request, then a random scale label; the server's own time per request.
 */
type Lookups = { pluProducts: number; runs: Measured[]; explain: LookupExplain[] };

async function measureLookups(
  port: number,
  serverPid: number,
  database: Database,
  client: pg.ClientBase,
  pluProducts: PluProduct[],
): Promise<Lookups | { error: string }> {
  const token = await cashierToken(port, client);
  if (!token) return { error: 'could not register the bench cashier' };
  const r = rng(SEED + 2);
  const all = (await client.query<{ barcode: string }>('SELECT barcode FROM products ORDER BY id')).rows;
  const barcodes = Array.from({ length: all.length }, () => all[Math.floor(r() * all.length)]?.barcode ?? '');
  const labels = labelCodes(pluProducts, 50_000, SEED + 3);
  const byPlu = new Map(pluProducts.map((p) => [p.plu, p.id]));

  // The answers are right before they are timed.
  const scan = (code: string) => call(port, 'GET', `/api/product/barcode/${code}`, undefined, token);
  for (const code of [...barcodes.slice(0, 5), ...labels.slice(0, 20)]) {
    const res = await scan(code);
    const data = res.json.data as { product: { id: number; barcode: string }; quantity: number } | undefined;
    const label = !code.startsWith('20');
    const wanted = label ? byPlu.get(code.slice(2, 7)) : undefined;
    if (
      res.status !== 200 ||
      !data ||
      (label ? data.product.id !== wanted || !(data.quantity > 0) : data.product.barcode !== code) ||
      (!label && data.quantity !== 1)
    ) {
      return {
        error: `GET /api/product/barcode/${code} answered ${res.status}: ${JSON.stringify(res.json)}`,
      };
    }
  }

  const explained = [
    await explainLookups(database, 'barcode', barcodes.slice(-LOOKUP_EXPLAINS)),
    await explainLookups(
      database,
      'plu',
      labels.slice(-LOOKUP_EXPLAINS).map((l) => l.slice(2, 7)),
    ),
  ];
  for (const e of explained) {
    console.log(
      `  EXPLAIN ANALYZE ${e.lookup} lookup, ${e.runs} codes: execution p50 ${e.executionMs.p50} ms, ` +
        `p95 ${e.executionMs.p95} ms; ${Object.entries(e.shapes)
          .map(([shape, n]) => `${n}× ${shape}`)
          .join(', ')}`,
    );
  }

  const runs: Measured[] = [];
  const kinds = [
    { name: 'barcode 1c', codes: barcodes, what: 'a random product barcode' },
    { name: 'label 1c', codes: labels, what: 'a random scale label (21 weight, 23 price)' },
  ];
  for (const kind of kinds) {
    let next = 0;
    const spec = (seconds: number): Spec => ({
      name: kind.name,
      what: `GET /api/product/barcode/<code>, ${kind.what} on each request, 1 connection`,
      method: 'GET',
      path: `/api/product/barcode/${kind.codes[0]}`,
      connections: 1,
      seconds,
      headers: { authorization: `Bearer ${token}` },
      nextPath: () => `/api/product/barcode/${kind.codes[next++ % kind.codes.length] ?? ''}`,
    });
    process.stdout.write(`  ${kind.name.padEnd(14)} 1 conn., 1 s warm-up + ${SECONDS} s ... `);
    await launch(port, spec(1));
    await serverTimes(port);
    const times: number[] = [];
    const run = await leg(port, serverPid, spec(SECONDS), times);
    const server = (await serverTimes(port))['/api/product/barcode/:code'];
    const m = combine(kind.name, spec(SECONDS).what, '/api/product/barcode/:code', 0, [run], times, server);
    runs.push(m);
    console.log(
      `${fmtInt(m.reqPerSec)} req/s; server p50/p95/p99 ${m.serverMs?.p50}/${m.serverMs?.p95}/${m.serverMs?.p99} ms, ` +
        `client ${m.latencyMs.p50}/${m.latencyMs.p95}/${m.latencyMs.p99} ms; other load ${m.cpu.otherCores ?? '-'} cores`,
    );
  }
  return { pluProducts: pluProducts.length, runs, explain: explained };
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  benchStart();
  const startedAt = new Date();
  const watchdog = h.guard(BUDGET_MS);
  const load = () => os.loadavg().map((n) => round(n, 2));
  const machine = {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadavgAtStart: load(),
  };
  console.log(
    `bench: ${machine.nproc} CPUs (${machine.cpu}), node ${machine.node}, load ${machine.loadavgAtStart.join(' ')}`,
  );
  console.log(
    `bench: catalogue, ${SECONDS} s per endpoint and per twin, data in ${path.relative(ROOT, DATA_DIR)}`,
  );

  fs.mkdirSync(DATA_DIR, { recursive: true });
  const t0 = performance.now();
  const server = h.startNode('bench/server.ts', 'bench/server.ts', h.childEnv({ PORT: '0' }));
  const ready = await h.waitReady(server, 180_000);
  const firstStartMs = round(performance.now() - t0, 0);
  const port = ready.port;
  console.log(`bench: server pid ${ready.pid} on ${HOST}:${port} in ${firstStartMs} ms`);

  const url = runningEmbeddedUrl(DATA_DIR);
  if (!url) return h.fail('could not find the bench server’s embedded PostgreSQL', server);
  const database = connect(url, 4);
  const client = await database.pool.connect();
  const notify = () => client.query('NOTIFY catalog_changed');
  const seen = new Set<string>();
  let dbClosed = false;
  const closeDb = async () => {
    if (dbClosed) return;
    dbClosed = true;
    client.release();
    await database.close().catch(() => undefined);
  };

  // 1. 20,000 products -----------------------------------------------------------------------------
  const shape = await ensureShape(client);
  const gen1 = await insertProducts(client, shape, FIRST_PRODUCTS, SEED, seen);
  const v1 = performance.now();
  await client.query('VACUUM ANALYZE products, product_categories, categories, brands');
  const vacuum1Ms = Math.round(performance.now() - v1);
  await notify();
  const top = await client.query<{ id: number; title: string; products: number }>(`
    WITH RECURSIVE tree AS (
      SELECT id AS top, id FROM categories WHERE parent_id IS NULL
      UNION ALL SELECT tree.top, c.id FROM categories c JOIN tree ON c.parent_id = tree.id)
    SELECT t.top AS id, c.title, count(DISTINCT pc.product_id)::int AS products
    FROM tree t JOIN categories c ON c.id = t.top LEFT JOIN product_categories pc ON pc.category_id = t.id
    GROUP BY t.top, c.title ORDER BY products DESC`);
  const biggest = top.rows[0];
  if (!biggest) return h.fail('no top category', server);
  console.log(
    `bench: ${fmtInt(gen1.inserted)} products in ${gen1.ms} ms (+ VACUUM ANALYZE ${vacuum1Ms} ms), ` +
      `${shape.categories} categories in 3 levels, ${shape.brands.size} brands, ${gen1.offers} offers, ` +
      `${gen1.popular} popular; biggest top category "${biggest.title}" (${fmtInt(biggest.products)} products)`,
  );
  await sleep(300); // the server's listener drops its (empty) cache on the NOTIFY

  // A signed-in shopper's browser sends its token with every read (apps/web/src/lib/api.ts).
  const shopper = await call(port, 'POST', '/api/register', {
    name: 'Bench Shopper',
    phone: '01700000097',
    password: 'bench-shopper-1',
  });
  if (shopper.status !== 201 || typeof shopper.json.token !== 'string')
    return h.fail(`could not register the bench shopper: ${shopper.status}`, server);
  const endpoints: Endpoint[] = [
    { name: 'productoffer', route: '/api/productoffer', what: 'offers (at most 60)', goal: true },
    { name: 'categories', route: '/api/categories', what: 'the category tree', goal: true },
    {
      name: 'showcategory',
      route: `/api/showcategory/${biggest.id}`,
      what: `"${biggest.title}" and below (at most 200 products)`,
      goal: true,
    },
    { name: 'productpopular', route: '/api/productpopular', what: 'popular (at most 60)', goal: true },
    {
      name: 'search',
      route: `/api/product/search/${CACHED_SEARCH}`,
      what: `search "${CACHED_SEARCH}", answer cached (at most 48 products)`,
      goal: true,
      timesKey: '/api/product/search/:text',
    },
    {
      name: 'popular, signed in',
      route: '/api/productpopular',
      what: 'popular, asked with a signed-in shopper’s token (not a goal of issue 11)',
      goal: false,
      headers: { authorization: `Bearer ${shopper.json.token}` },
    },
  ];
  const items = new Map<string, number>();
  for (const ep of endpoints) {
    const res = await get(port, ep.route);
    if (res.status !== 200)
      return h.fail(`${ep.route} answered ${res.status}: ${res.text.slice(0, 200)}`, server);
    const body = JSON.parse(res.text) as { data: unknown[] | { products: unknown[] } };
    const n = Array.isArray(body.data) ? body.data.length : body.data.products.length;
    if (n === 0) return h.fail(`${ep.route} answered no items`, server);
    items.set(ep.name, n);
  }

  // Cache misses: what the first request after a catalogue write costs.
  await serverTimes(port);
  for (let i = 0; i < MISS_ROUNDS; i++) {
    await notify();
    await sleep(300);
    // Each path once a round: the second ask of the same path would be a hit.
    for (const route of new Set(endpoints.map((ep) => ep.route))) {
      const res = await get(port, route);
      if (res.status !== 200) return h.fail(`${route} answered ${res.status} after NOTIFY`, server);
    }
  }
  const missTimes = await serverTimes(port);
  const misses = Object.fromEntries(
    endpoints.map((ep) => [ep.name, missTimes[ep.timesKey ?? ep.route] ?? null]),
  );

  // The twins: what the app answers now, kept by the bare Fastify beside it (bench/server.ts).
  const twins = new Map<string, Twin>();
  for (const ep of endpoints) {
    const res = await get(ready.twinPort, `/twin/prepare?path=${encodeURIComponent(ep.route)}`);
    if (res.status !== 200) return h.fail(`the twin of ${ep.route}: ${res.status} ${res.text}`, server);
    const twin = JSON.parse(res.text) as Twin;
    if (twin.headers['content-encoding'] !== 'br')
      return h.fail(`${ep.route} does not answer brotli: ${JSON.stringify(twin.headers)}`, server);
    twins.set(ep.name, twin);
  }
  const twinOf = (ep: Endpoint): Twin => {
    const twin = twins.get(ep.name);
    if (!twin) throw new Error(`no twin for ${ep.name}`);
    return twin;
  };
  console.log(
    `bench: answers (JSON → brotli) ${endpoints.map((ep) => `${ep.name} ${fmtInt(twinOf(ep).bytes.identity)} → ${fmtInt(twinOf(ep).bytes.br)} B (${items.get(ep.name)} items)`).join(', ')}`,
  );
  console.log(
    `bench: headers of each answer (the twin sends the same): ${Object.keys(twinOf(endpoints[0] as Endpoint).headers).join(', ')}`,
  );

  // Warm-up (not recorded): every route, JIT and connections.
  process.stdout.write(`  warm-up        ${endpoints.length * 2} routes × 1 s ... `);
  for (const ep of endpoints) {
    for (const [p, route] of [
      [port, ep.route],
      [ready.twinPort, `/twin/${twinOf(ep).key}`],
    ] as const) {
      await launch(p, {
        name: 'warm-up',
        what: '',
        method: 'GET',
        path: route,
        connections: CONNECTIONS,
        seconds: 1,
        headers: { 'accept-encoding': ACCEPT_ENCODING, ...ep.headers },
      });
    }
  }
  await serverTimes(port);
  console.log('done');

  const loadBeforePairs = load();
  const pairs = [];
  for (const ep of endpoints) pairs.push(await pair(ready, ep, twinOf(ep)));
  const loadAfterPairs = load();

  // 2. 50,000 products and search ------------------------------------------------------------------
  const gen2 = await insertProducts(client, shape, ALL_PRODUCTS - FIRST_PRODUCTS, SEED + 1, seen);
  const pluProducts = await assignPlus(client, PLU_PRODUCTS);
  const v2 = performance.now();
  await client.query('VACUUM ANALYZE products, product_categories');
  const vacuum2Ms = Math.round(performance.now() - v2);
  await notify();
  const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  const productCount = count.rows[0]?.n ?? 0;
  if (productCount !== ALL_PRODUCTS) return h.fail(`${productCount} products, not ${ALL_PRODUCTS}`, server);
  const indexSize = await client.query<{ size: string }>(
    "SELECT pg_size_pretty(pg_relation_size('products_title_trgm_idx')) AS size",
  );
  console.log(
    `\nbench: +${fmtInt(gen2.inserted)} products in ${gen2.ms} ms (+ VACUUM ANALYZE ${vacuum2Ms} ms): ` +
      `${fmtInt(productCount)} in all; trigram index ${indexSize.rows[0]?.size}; ` +
      `${fmtInt(pluProducts.length)} with a scale item code`,
  );

  const titles = (await client.query<{ title: string }>('SELECT title FROM products')).rows.map(
    (r) => r.title,
  );
  const texts = searchTexts(titles, SEED);
  let nextText = 0;
  const take = (): SearchText | undefined => texts[nextText++];
  const kinds = (list: SearchText[]) => {
    const out: Partial<Record<SearchKind, number>> = {};
    for (const t of list) out[t.kind] = (out[t.kind] ?? 0) + 1;
    return out;
  };
  console.log(`bench: ${fmtInt(texts.length)} distinct search texts (${JSON.stringify(kinds(texts))})`);

  // searchProducts directly, one text after another (the server is idle meanwhile).
  const { db } = database;
  // The server keeps the search index until the catalogue changes; so does this loop.
  let vocabularyLoad: ReturnType<typeof loadSearchIndex> | undefined;
  const vocabulary = () => (vocabularyLoad ??= loadSearchIndex(db));
  for (let i = 0; i < 20; i++) await searchProducts(db, take()?.text ?? 'rice', vocabulary); // warm-up
  const sqlRuns: Array<SearchText & { ms: number; rows: number }> = [];
  const loadBeforeSql = load();
  for (let i = 0; i < SQL_TEXTS; i++) {
    const t = take();
    if (!t) break;
    const s = performance.now();
    const rows = await searchProducts(db, t.text, vocabulary);
    sqlRuns.push({ ...t, ms: performance.now() - s, rows: rows.length });
  }
  const sqlStats = stats(sqlRuns.map((r) => r.ms));
  const byKind = Object.fromEntries(
    (['word', 'prefix', 'phrase', 'typo', 'phrase-typo'] as SearchKind[]).map((kind) => {
      const runs = sqlRuns.filter((r) => r.kind === kind);
      return [
        kind,
        {
          ...stats(runs.map((r) => r.ms)),
          withResults: runs.filter((r) => r.rows > 0).length,
          full: runs.filter((r) => r.rows === 48).length,
        },
      ];
    }),
  );
  const slowest = [...sqlRuns]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8)
    .map((r) => ({ text: r.text, kind: r.kind, ms: round(r.ms, 2), rows: r.rows }));
  console.log(
    `  searchProducts ${sqlRuns.length} texts: p50 ${sqlStats.p50} ms, p95 ${sqlStats.p95} ms, p99 ${sqlStats.p99} ms`,
  );

  // What the transaction around the query costs: BEGIN, SET LOCAL, a trivial SELECT, COMMIT vs the SELECT alone.
  const txMs: number[] = [];
  const bareMs: number[] = [];
  for (let i = 0; i < 200; i++) {
    let s = performance.now();
    await db.execute(sql`SELECT 1`);
    bareMs.push(performance.now() - s);
    s = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL pg_trgm.strict_word_similarity_threshold = 0.4`);
      await tx.execute(sql`SELECT 1`);
    });
    txMs.push(performance.now() - s);
  }
  const roundTrips = { selectAlone: stats(bareMs), inTransaction: stats(txMs) };
  console.log(
    `  round trips: SELECT 1 alone p50 ${roundTrips.selectAlone.p50} ms, in BEGIN/SET LOCAL/COMMIT p50 ` +
      `${roundTrips.inTransaction.p50} ms (p95 ${roundTrips.selectAlone.p95} / ${roundTrips.inTransaction.p95})`,
  );

  // EXPLAIN (ANALYZE) of the same SQL for other texts.
  const explained: Array<{
    text: string;
    kind: SearchKind;
    executionMs: number;
    planningMs: number;
    usesIndex: boolean;
    shape: string;
    rows: number;
    /** Rows the ILIKE and the <<% index scans proposed (before the recheck). */
    ilikeCandidates: number | null;
    fuzzyCandidates: number | null;
    /** Rows that passed the recheck and were sorted. */
    matched: number;
    recheckRemoved: number;
  }> = [];
  for (let i = 0; i < EXPLAIN_TEXTS; i++) {
    const t = take();
    if (!t) break;
    const { json } = await explain(database, t.text, 'json');
    const plan = json?.[0];
    if (!plan) continue;
    const nodes = planNodes(plan.Plan);
    const indexScans = nodes.filter((n) => n['Node Type'] === 'Bitmap Index Scan');
    const heap = nodes.find((n) => n['Node Type'] === 'Bitmap Heap Scan');
    explained.push({
      ...t,
      executionMs: plan['Execution Time'],
      planningMs: plan['Planning Time'],
      usesIndex: nodes.some((n) => n['Index Name'] === 'products_title_trgm_idx'),
      shape: planShape(plan.Plan),
      rows: plan.Plan['Actual Rows'] ?? 0,
      ilikeCandidates: indexScans[0]?.['Actual Rows'] ?? null,
      fuzzyCandidates: indexScans[1]?.['Actual Rows'] ?? null,
      matched: heap?.['Actual Rows'] ?? 0,
      recheckRemoved: nodes.reduce((a, n) => a + (n['Rows Removed by Index Recheck'] ?? 0), 0),
    });
  }
  const shapes: Record<string, number> = {};
  for (const e of explained) shapes[e.shape] = (shapes[e.shape] ?? 0) + 1;
  const execStats = stats(explained.map((e) => e.executionMs));
  const planStats = stats(explained.map((e) => e.planningMs));
  // Plans in full for the doc: a short common word, a longer one, a typo, a phrase.
  const examples = ['oil', 'rice', 'chiken', 'mango juice'];
  const examplePlans: Array<{ text: string; plan: string }> = [];
  for (const text of examples)
    examplePlans.push({ text, plan: (await explain(database, text, 'text')).text });
  console.log(
    `  EXPLAIN ANALYZE ${explained.length} texts: execution p50 ${execStats.p50} ms, p95 ${execStats.p95} ms; ` +
      `trigram index used in ${explained.filter((e) => e.usesIndex).length}/${explained.length}`,
  );

  {
    const c = (f: (e: (typeof explained)[number]) => number) => stats(explained.map(f));
    const [il, fz, mt, rr] = [
      c((e) => e.ilikeCandidates ?? 0),
      c((e) => e.fuzzyCandidates ?? 0),
      c((e) => e.matched),
      c((e) => e.recheckRemoved),
    ];
    console.log(
      `  rows per search, p50/p95: ILIKE index ${il.p50}/${il.p95}, <<% index ${fz.p50}/${fz.p95}, ` +
        `matched and sorted ${mt.p50}/${mt.p95}, removed by recheck ${rr.p50}/${rr.p95}`,
    );
  }

  // HTTP, a new text on every request.
  const httpRuns: Measured[] = [];
  const httpKinds: Array<Partial<Record<SearchKind, number>>> = [];
  for (const connections of [1, 10]) {
    const used: SearchText[] = [];
    let instance: autocannon.Instance | undefined;
    let exhausted = false;
    let last = 'rice';
    const nextPath = () => {
      const t = take();
      if (t) {
        used.push(t);
        last = t.text;
      } else if (!exhausted) {
        exhausted = true;
        notes.push(`search ${connections}c ran out of distinct texts after ${used.length}: stopped early.`);
        instance?.stop();
      }
      return `/api/product/search/${encodeURIComponent(last)}`;
    };
    const spec: Spec = {
      name: `search ${connections}c`,
      what: `GET /api/product/search/<text>, a new text on each request, ${connections} connection(s)`,
      method: 'GET',
      path: '/api/product/search/rice',
      connections,
      seconds: SECONDS,
      nextPath,
    };
    process.stdout.write(`  ${spec.name.padEnd(14)} ${connections} conn., ${SECONDS} s ... `);
    await serverTimes(port);
    const times: number[] = [];
    const run = await leg(port, ready.pid, spec, times, (i) => (instance = i));
    const server = (await serverTimes(port))['/api/product/search/:text'];
    const m = combine(spec.name, spec.what, spec.path, 0, [run], times, server);
    httpRuns.push(m);
    httpKinds.push(kinds(used));
    console.log(
      `${fmtInt(m.reqPerSec)} req/s; client p50/p95/p99 ${m.latencyMs.p50}/${m.latencyMs.p95}/${m.latencyMs.p99} ms, ` +
        `server ${m.serverMs?.p50}/${m.serverMs?.p95}/${m.serverMs?.p99} ms; other load ${m.cpu.otherCores ?? '-'} cores`,
    );
  }

  // 3. The till's scan: GET /api/product/barcode/<code> ----------------------------------------------
  const lookups = await measureLookups(port, ready.pid, database, client, pluProducts);
  if ('error' in lookups) return h.fail(lookups.error, server);

  const memory = serverMemory(ready.pid);
  await closeDb();

  console.log('\nbench: stopping the bench server');
  const linesBeforeStop = server.output.length;
  await h.stopProc(server);
  const runErrors = server.output.slice(0, linesBeforeStop).filter(isErrorLine).length;
  const stopErrors = server.output.slice(linesBeforeStop).filter(isErrorLine).length;
  if (runErrors)
    notes.push(`The bench server logged ${runErrors} error(s) during the runs: see serverOutput.`);
  if (stopErrors)
    notes.push(`The bench server logged ${stopErrors} error(s) while stopping: see serverOutput.`);

  // Verdicts ------------------------------------------------------------------------------------------
  const http1 = httpRuns[0];
  const goals = {
    ratio: pairs
      .filter((p) => p.goal !== null)
      .map((p) => ({
        endpoint: p.endpoint.name,
        ratio: p.ratio,
        goal: RATIO_GOAL,
        met: p.ratio >= RATIO_GOAL,
      })),
    searchP95: [
      { view: 'searchProducts (SQL from Node)', p95: sqlStats.p95 },
      { view: 'HTTP, server time, 1 connection', p95: http1?.serverMs?.p95 ?? null },
    ].map((g) => ({ ...g, goalMs: SEARCH_P95_GOAL_MS, met: g.p95 !== null && g.p95 <= SEARCH_P95_GOAL_MS })),
    barcodeP95: lookups.runs.map((m) => {
      const p95 = m.serverMs?.p95 ?? null;
      return {
        view: `${m.name}, server time`,
        p95,
        goalMs: BARCODE_P95_GOAL_MS,
        met: p95 !== null && p95 <= BARCODE_P95_GOAL_MS,
      };
    }),
  };

  const failures = [...pairs.flatMap((p) => [p.catalogue, p.memory]), ...httpRuns, ...lookups.runs]
    .filter((b) => b.errors + b.timeouts + b.non2xx > 0)
    .map((b) => b.name);
  if (runErrors) failures.push('server log');
  for (const p of pairs) {
    // Same bytes: only the Date header's value may differ between an answer and its twin's.
    if (Math.abs(p.wire.catalogue - p.wire.twin) > 0.5) {
      failures.push(
        `${p.endpoint.name} (twin sent ${p.wire.twin} B per response, the app ${p.wire.catalogue} B)`,
      );
    }
  }

  const results = {
    date: startedAt.toISOString(),
    finished: new Date().toISOString(),
    machine: {
      ...machine,
      loadavgBeforePairs: loadBeforePairs,
      loadavgAfterPairs: loadAfterPairs,
      loadavgBeforeSql: loadBeforeSql,
      loadavgAtEnd: load(),
    },
    settings: { seconds: SECONDS, legSeconds: LEG_SECONDS, connections: CONNECTIONS, host: HOST, seed: SEED },
    data: {
      first: { ...gen1, vacuumAnalyzeMs: vacuum1Ms },
      second: { ...gen2, vacuumAnalyzeMs: vacuum2Ms },
      products: productCount,
      categories: shape.categories,
      brands: shape.brands.size,
      topCategories: top.rows,
      trigramIndexSize: indexSize.rows[0]?.size,
    },
    server: { firstStartMs, memoryAfterRuns: memory },
    catalogue: pairs.map((p) => ({
      endpoint: p.endpoint,
      bodyBytes: twinOf(p.endpoint).bytes,
      headers: twinOf(p.endpoint).headers,
      bytesPerResponse: p.wire,
      items: items.get(p.endpoint.name),
      ratio: p.ratio,
      goal: p.goal,
      cacheMissServerMs: misses[p.endpoint.name],
      catalogue: p.catalogue,
      memory: p.memory,
    })),
    search: {
      texts: { distinct: texts.length, used: nextText, kinds: kinds(texts) },
      sql: { runs: sqlRuns.length, ms: sqlStats, byKind, slowest, roundTrips },
      explain: {
        runs: explained.length,
        usesTrigramIndex: explained.filter((e) => e.usesIndex).length,
        executionMs: execStats,
        planningMs: planStats,
        shapes,
        rowsRemovedByRecheck: stats(explained.map((e) => e.recheckRemoved)),
        ilikeCandidates: stats(explained.map((e) => e.ilikeCandidates ?? 0)),
        fuzzyCandidates: stats(explained.map((e) => e.fuzzyCandidates ?? 0)),
        matchedRows: stats(explained.map((e) => e.matched)),
        slowest: [...explained].sort((a, b) => b.executionMs - a.executionMs).slice(0, 5),
        examples: examplePlans,
      },
      http: httpRuns.map((m, i) => ({ ...m, kinds: httpKinds[i] })),
    },
    barcodeLookup: lookups,
    goals,
    ok: failures.length === 0,
    notes,
    serverOutput: server.output
      .filter((l) => !l.startsWith('BENCH_READY '))
      .slice(0, 50)
      .map((l) => (l.length > 600 ? `${l.slice(0, 600)}…` : l)),
  };
  await writeJson(RESULTS, results);

  // Report ----------------------------------------------------------------------------------------------
  const HEADER = [
    'Run',
    'Body (br)',
    'Req/s',
    'p50 ms',
    'p97.5 ms',
    'p99 ms',
    'Server p50 / p99 ms',
    'Server CPU ms/req',
    'Other load (cores)',
    'Ratio',
  ];
  const row = (m: Measured, ratio: string): string[] => [
    m.name,
    `${fmtInt(m.bodyBytes)} B`,
    fmtInt(m.reqPerSec),
    String(round(m.latencyMs.p50, 1)),
    String(round(m.latencyMs.p97_5, 1)),
    String(round(m.latencyMs.p99, 1)),
    m.serverMs ? `${round(m.serverMs.p50, 2)} / ${round(m.serverMs.p99, 2)}` : '-',
    m.cpu.serverMsPerReq === null ? '-' : String(m.cpu.serverMsPerReq),
    m.cpu.otherCores === null ? '-' : String(m.cpu.otherCores),
    ratio,
  ];
  const rows = pairs.flatMap((p) => [
    row(p.catalogue, `**${p.ratio}**${p.goal === null ? '' : p.ratio >= RATIO_GOAL ? ' ✓' : ' ✗'}`),
    row(p.memory, ''),
  ]);
  const S_HEADER = [
    'Search, uncached',
    'Texts',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'Max ms',
    'Req/s',
    'Other load (cores)',
  ];
  const sRow = (name: string, s: TimeStats, reqs: string, other: string): string[] => [
    name,
    fmtInt(s.count),
    String(round(s.p50, 2)),
    String(round(s.p95, 2)),
    String(round(s.p99, 2)),
    String(round(s.max, 2)),
    reqs,
    other,
  ];
  const sRows = [
    sRow('searchProducts from Node (BEGIN, SET LOCAL, SELECT, COMMIT)', sqlStats, '-', '-'),
    sRow('PostgreSQL execution (EXPLAIN ANALYZE)', execStats, '-', '-'),
    ...httpRuns.flatMap((m) => [
      sRow(
        `HTTP ${m.connections}c, server time`,
        m.serverMs ?? stats([]),
        fmtInt(m.reqPerSec),
        String(m.cpu.otherCores ?? '-'),
      ),
      sRow(`HTTP ${m.connections}c, client latency`, m.latencyMs, '', ''),
    ]),
  ];
  const K_HEADER = [
    'Kind',
    'Texts',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'Max ms',
    'With results',
    '48 results (full)',
  ];
  const kRows = Object.entries(byKind).map(([kind, s]) => [
    kind,
    String(s.count),
    String(s.p50),
    String(s.p95),
    String(s.p99),
    String(s.max),
    String(s.withResults),
    String(s.full),
  ]);
  const M_HEADER = [
    'Cache miss (after NOTIFY)',
    'Runs',
    'Server p50 ms',
    'Server max ms',
    'Hit p50 ms (50 conn.)',
  ];
  const mRows = pairs.map((p) => {
    const m = misses[p.endpoint.name];
    return [
      p.endpoint.name,
      String(m?.count ?? 0),
      m ? String(round(m.p50, 1)) : '-',
      m ? String(round(m.max, 1)) : '-',
      String(p.catalogue.serverMs?.p50 ?? '-'),
    ];
  });

  const B_HEADER = [
    'Barcode lookup, 1 connection',
    'Requests',
    'Req/s',
    'Server p50 ms',
    'Server p95 ms',
    'Server p99 ms',
    'Client p50 ms',
    'Client p99 ms',
    'Other load (cores)',
  ];
  const bRows = lookups.runs.map((m) => [
    m.name,
    fmtInt(m.requests),
    fmtInt(m.reqPerSec),
    String(m.serverMs?.p50 ?? '-'),
    String(m.serverMs?.p95 ?? '-'),
    String(m.serverMs?.p99 ?? '-'),
    String(m.latencyMs.p50),
    String(m.latencyMs.p99),
    String(m.cpu.otherCores ?? '-'),
  ]);
  console.log(
    `\n${textTable(HEADER, rows)}\n\n${textTable(S_HEADER, sRows)}\n\n${textTable(K_HEADER, kRows)}\n\n${textTable(M_HEADER, mRows)}\n\n${textTable(B_HEADER, bRows)}\n`,
  );
  console.log(
    `plans: ${Object.entries(shapes)
      .map(([s, n]) => `${n}× ${s}`)
      .join('\n       ')}`,
  );
  for (const g of goals.ratio)
    console.log(`goal ${g.endpoint} ≥ ${RATIO_GOAL}× twin: ${g.ratio} ${g.met ? 'met' : 'MISSED'}`);
  for (const g of goals.searchP95)
    console.log(
      `goal search p95 ≤ ${SEARCH_P95_GOAL_MS} ms (${g.view}): ${g.p95} ms ${g.met ? 'met' : 'MISSED'}`,
    );
  for (const g of goals.barcodeP95)
    console.log(
      `goal barcode lookup p95 ≤ ${BARCODE_P95_GOAL_MS} ms (${g.view}): ${g.p95} ms ${g.met ? 'met' : 'MISSED'}`,
    );
  console.log(
    `load average: start ${machine.loadavgAtStart.join(' ')}, end ${results.machine.loadavgAtEnd.join(' ')}`,
  );
  for (const note of notes) console.log(`note: ${note}`);
  console.log(
    `\nMarkdown (${startedAt.toISOString().slice(0, 10)}, ${machine.nproc} CPUs, node ${machine.node}):\n`,
  );
  console.log(
    `${markdownTable(HEADER, rows)}\n\n${markdownTable(S_HEADER, sRows)}\n\n${markdownTable(K_HEADER, kRows)}\n\n${markdownTable(M_HEADER, mRows)}\n\n${markdownTable(B_HEADER, bRows)}`,
  );
  console.log(`\nbench: results in ${path.relative(ROOT, RESULTS)}`);

  await h.cleanup();
  clearTimeout(watchdog);
  if (failures.length) {
    console.error(`bench: errors, non-2xx answers or different bytes in: ${failures.join(', ')}`);
    process.exit(1);
  }
}

main().catch(async (err: unknown) => {
  await h.fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
});
