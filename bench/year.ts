/**
 * `npm run bench:year`: the back office after a year of trading (issue 11). Starts bench/server.ts
 * on a scratch DATA_DIR (.data-test/bench-year-<pid>, removed at the end) and its embedded
 * PostgreSQL, then
 *
 * 1. registers an admin, writes the year with set-based SQL through a pool on the server's database
 *    (bench/year-data.ts: 50,000 products, 5,000 customers, 200,000 orders with 600,000 lines over
 *    365 days, payments, a few returns, 5,000 stock entries, 3,000 expenses, the stock ledger),
 *    VACUUM ANALYZE, and checks the data the way the app would (invariant queries, and
 *    GET /api/stock/check must be empty);
 * 2. streams the orders export (GET /api/orders/export, CSV) for a month and then for every order,
 *    and the accountant's downloads of every order (GET /api/export/orders.csv and .xlsx, the
 *    workbook's rows counted by sheet), sampling the server process's RSS every 100 ms before,
 *    during and after (BENCH_YEAR_EXPORTS=only: only the exports of every order, then stop);
 * 3. measures the back office's reads with an admin token, one request at a time (a screen's
 *    calls, each alone): a warm-up, then BENCH_YEAR_REQUESTS requests (default 200, at most
 *    BENCH_YEAR_CAP_SECONDS per endpoint) in each of BENCH_YEAR_ROUNDS rounds (default 3); each
 *    request's server time comes from bench/server.ts (request event → last byte). The dashboard's
 *    and the analytics screen's calls are also timed together, in parallel, as the browser sends them;
 * 4. for every endpoint whose p95 misses the goal, restarts the server with auto_explain on and
 *    records the plans (EXPLAIN ANALYZE, BUFFERS) of its slow statements as the server sent them.
 *
 * Prints tables (and a markdown version), writes bench/results/year-latest.json. BENCH_YEAR_SCALE
 * (1–100, default 100) makes a smaller year for a quick check. Exits non-zero when the server does
 * not start, the generated data breaks an invariant, an endpoint answers anything but 200, or the
 * server logs an error. Goals missed are reported, not an exit code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Unzip, UnzipInflate } from 'fflate';
import type pg from 'pg';
import { ROLE } from '@bazar/contracts/common';
import { connect, type Database } from '../apps/server/src/db/client';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded';
import {
  call,
  cpuSampler,
  cpuWindow,
  fmtInt,
  Harness,
  HOST,
  isErrorLine,
  markdownTable,
  percentile,
  positiveInt,
  ROOT,
  round,
  serverMemory,
  sleep,
  textTable,
  writeJson,
  benchStart,
  type CpuWindow,
  type Proc,
  type Ready,
} from './lib';
import { checkYear, FULL_YEAR, generateYear, scaledYear, type Step } from './year-data';

const REQUESTS = positiveInt('BENCH_YEAR_REQUESTS', process.env.BENCH_YEAR_REQUESTS, 200, 10_000);
const ROUNDS = positiveInt('BENCH_YEAR_ROUNDS', process.env.BENCH_YEAR_ROUNDS, 3, 10);
const CAP_SECONDS = positiveInt('BENCH_YEAR_CAP_SECONDS', process.env.BENCH_YEAR_CAP_SECONDS, 20, 600);
const SCALE = positiveInt('BENCH_YEAR_SCALE', process.env.BENCH_YEAR_SCALE, 100, 100);
const SIZE = SCALE === 100 ? FULL_YEAR : scaledYear(SCALE);
const WARMUP = 10;
/** Requests of an endpoint in a round when its cap cuts it short. */
const MIN_REQUESTS = 10;
const SCREEN_ITERATIONS = Math.max(10, Math.round(REQUESTS / 4));
const GOAL_MS = 200;
const SEED = 20261124;
const TZ = process.env.SHOP_TZ || 'Asia/Dhaka';
const DATA_DIR = path.join(ROOT, '.data-test', `bench-year-${process.pid}`);
const RESULTS = path.join(ROOT, 'bench', 'results', 'year-latest.json');
/**
 * BENCH_YEAR_EXPORTS=only: the year, then only the exports of every order (the orders export and
 * the accountant's CSV and XLSX), written to year-exports-latest.json; no reads.
 */
const EXPORTS_ONLY = process.env.BENCH_YEAR_EXPORTS === 'only';
const EXPORTS_RESULTS = path.join(ROOT, 'bench', 'results', 'year-exports-latest.json');
/** What a browser sends (Chromium 150): the server compresses its answers for it, as for a real screen. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const ADMIN = { name: 'Bench Owner', phone: '01900000097', password: 'bench-owner-1' };
/** Statements slower than this are explained (auto_explain) in the last step. */
const EXPLAIN_MIN_MS = 10;
const BUDGET_MS = 15 * 60_000 + ROUNDS * 16 * (CAP_SECONDS + 5) * 1000;

const h = new Harness(DATA_DIR);
/** A warning Node printed on stderr, e.g. "(node:123) MaxListenersExceededWarning: …". */
const isNodeWarning = (l: string) => /^\(node:\d+\) \w*Warning:/.test(l);
const notes = h.notes;

type Stats = { count: number; mean: number; p50: number; p95: number; p99: number; max: number };

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => round(percentile(sorted, p), 2);
  return {
    count: sorted.length,
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length), 2),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: at(100),
  };
}

const median = (values: number[]) =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    ),
    2,
  );

/** The shop's calendar day at `at` (YYYY-MM-DD), as the server counts days (SHOP_TZ). */
const shopDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------------
// HTTP

type Answer = { status: number; contentType: string; text: string; clientMs: number };

async function get(port: number, route: string, token?: string): Promise<Answer> {
  const t0 = performance.now();
  const res = await fetch(`http://${HOST}:${port}${route}`, {
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...(token && { authorization: `Bearer ${token}` }) },
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    text,
    clientMs: performance.now() - t0,
  };
}

type ServerTimes = Record<string, { count: number; mean: number; max: number }>;

/** The server's own request times since the previous call (bench/server.ts), then it starts afresh. */
async function serverTimes(port: number): Promise<ServerTimes> {
  const res = await get(port, '/api/bench/server-times');
  if (res.status !== 200) throw new Error(`server-times answered ${res.status}`);
  return JSON.parse(res.text) as ServerTimes;
}

/** The server time of the one request made since the last call (the sum, should there be more). */
async function lastServerMs(port: number): Promise<number> {
  return Object.values(await serverTimes(port)).reduce((a, t) => a + t.mean * t.count, 0);
}

// ---------------------------------------------------------------------------------------------------
// Endpoints

type Endpoint = {
  /** The screen whose call it is. */
  screen: string;
  name: string;
  /** The route of the next request (some change on every request). */
  next: () => string;
  /** What the first answer holds, for the report; a string starting with "!" fails the run. */
  describe: (body: unknown) => string;
};

type Round = {
  requests: number;
  server: Stats;
  client: Stats;
  cpu: CpuWindow;
  cappedAtSeconds: number | null;
};

type EndpointResult = {
  screen: string;
  name: string;
  example: string;
  answer: string;
  bytes: number;
  rounds: Round[];
  /** Medians over the rounds of each round's figure. */
  server: { p50: number; p95: number; p99: number; p95Min: number; p95Max: number; max: number };
  client: { p50: number; p95: number };
  requests: number;
  goalMet: boolean;
};

const list = (body: unknown): unknown[] => {
  const b = body as { data?: unknown };
  return Array.isArray(body) ? body : Array.isArray(b.data) ? b.data : [];
};

function pageOf(body: unknown): string {
  const b = body as { data?: unknown[]; meta?: { total?: number; totals?: Record<string, number> } };
  if (!Array.isArray(b.data) || !b.meta) return '! not a page (data, meta, links)';
  const totals = b.meta.totals ? `; totals ${JSON.stringify(b.meta.totals)}` : '';
  return `${b.data.length} of ${fmtInt(b.meta.total ?? 0)}${totals}`;
}

function cycle<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length] as T;
}

async function measureEndpoint(
  port: number,
  pid: number,
  token: string,
  ep: Endpoint,
  warmup: number,
): Promise<{ round: Round; failures: string[] }> {
  const failures: string[] = [];
  for (let i = 0; i < warmup; i++) {
    const res = await get(port, ep.next(), token);
    if (res.status !== 200) failures.push(`${ep.name}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  await serverTimes(port);
  const server: number[] = [];
  const client: number[] = [];
  const stop = cpuSampler(pid);
  const t0 = performance.now();
  let capped: number | null = null;
  for (let i = 0; i < REQUESTS; i++) {
    if (i >= MIN_REQUESTS && performance.now() - t0 > CAP_SECONDS * 1000) {
      capped = CAP_SECONDS;
      break;
    }
    const route = ep.next();
    const res = await get(port, route, token);
    const ms = await lastServerMs(port);
    if (res.status !== 200) failures.push(`${route}: ${res.status} ${res.text.slice(0, 200)}`);
    server.push(ms);
    client.push(res.clientMs);
  }
  const cpu = cpuWindow([stop()], server.length);
  return {
    round: {
      requests: server.length,
      server: stats(server),
      client: stats(client),
      cpu,
      cappedAtSeconds: capped,
    },
    failures,
  };
}

/** A screen's calls in parallel, as the browser sends them: the time until the last answer. */
async function measureScreen(port: number, token: string, routes: Array<() => string>) {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) await Promise.all(routes.map((r) => get(port, r(), token)));
  for (let i = 0; i < SCREEN_ITERATIONS; i++) {
    const t0 = performance.now();
    const answers = await Promise.all(routes.map((r) => get(port, r(), token)));
    times.push(performance.now() - t0);
    const bad = answers.find((a) => a.status !== 200);
    if (bad) throw new Error(`a screen call answered ${bad.status}: ${bad.text.slice(0, 200)}`);
  }
  await serverTimes(port);
  return stats(times);
}

// ---------------------------------------------------------------------------------------------------
// The orders export: streamed, with the server's RSS sampled

type ExportRun = {
  what: string;
  route: string;
  /** The Accept-Encoding sent: a browser's (the server answers brotli) or identity. */
  acceptEncoding: string;
  available: boolean;
  status: number;
  contentType: string;
  note?: string;
  rows?: number;
  bytes?: number;
  firstByteMs?: number;
  totalMs?: number;
  rowsPerSecond?: number;
  serverMs?: number | null;
  rssMb?: { before: number; peak: number; after: number; growth: number };
  /** VmHWM (the process's highest RSS ever) before and after: a new high during the export shows here. */
  hwmMb?: { before: number; after: number };
  samples?: number;
  /** A workbook's rows of data by sheet (sheet1, sheet2, …). */
  sheets?: Record<string, number>;
};

async function measureExport(
  port: number,
  pid: number,
  token: string,
  what: string,
  route: string,
  acceptEncoding = ACCEPT_ENCODING,
) {
  const rss = () => serverMemory(pid);
  const before: number[] = [];
  for (let i = 0; i < 10; i++) {
    before.push(rss()?.rssMb ?? 0);
    await sleep(100);
  }
  const hwmBefore = rss()?.peakRssMb ?? 0;
  await serverTimes(port);
  const during: number[] = [];
  const timer = setInterval(() => during.push(rss()?.rssMb ?? 0), 100);
  const t0 = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let rows = 0;
  const res = await fetch(`http://${HOST}:${port}${route}`, {
    headers: { 'accept-encoding': acceptEncoding, authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(600_000),
  }).catch((err: unknown) => {
    clearInterval(timer);
    throw err;
  });
  const status = res.status;
  const contentType = res.headers.get('content-type') ?? '';
  const xlsx = contentType.startsWith(XLSX_TYPE);
  if (status !== 200 || !(contentType.startsWith('text/csv') || xlsx)) {
    const text = await res.text();
    clearInterval(timer);
    return {
      what,
      route,
      acceptEncoding,
      available: false,
      status,
      contentType,
      note: `answered ${status} ${contentType}: ${text.slice(0, 160)}`,
    } satisfies ExportRun;
  }
  // A workbook is kept (in this process, not the server's) and its rows counted after the clock stops.
  const kept: Uint8Array[] = [];
  try {
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += value.byteLength;
      if (xlsx) kept.push(value);
      else for (let i = 0; i < value.length; i++) if (value[i] === 10) rows++;
    }
  } finally {
    clearInterval(timer);
  }
  const totalMs = performance.now() - t0;
  const sheets = xlsx ? sheetRows(kept) : undefined;
  // Each sheet's header row and the CSV's header line are not rows of data.
  if (sheets) rows = Object.values(sheets).reduce((n, r) => n + r, 0) + 1;
  const after: number[] = [];
  for (let i = 0; i < 10; i++) {
    await sleep(100);
    after.push(rss()?.rssMb ?? 0);
  }
  const server = await serverTimes(port);
  const key = route.split('?')[0] ?? route;
  const base = median(before);
  const peak = Math.max(base, ...during, ...after.slice(0, 1));
  return {
    what,
    route,
    acceptEncoding,
    available: true,
    status,
    contentType,
    rows: Math.max(0, rows - 1), // the header line
    bytes,
    firstByteMs: round(firstByteMs, 1),
    totalMs: round(totalMs, 0),
    rowsPerSecond: round(Math.max(0, rows - 1) / (totalMs / 1000), 0),
    serverMs: server[key]?.max ?? null,
    rssMb: { before: base, peak, after: after[after.length - 1] ?? 0, growth: round(peak - base, 1) },
    hwmMb: { before: hwmBefore, after: rss()?.peakRssMb ?? 0 },
    samples: during.length,
    ...(sheets && { sheets }),
  } satisfies ExportRun;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The rows of data of each sheet of a workbook (its `<row>` elements less the header), counted by
 * inflating its sheets as a stream (fflate): the whole workbook's XML is never held.
 */
function sheetRows(zip: Uint8Array[]): Record<string, number> {
  const rows: Record<string, number> = {};
  const mark = Buffer.from('<row ');
  const unzip = new Unzip((file) => {
    const sheet = /^\/?xl\/worksheets\/(sheet\d+)\.xml$/.exec(file.name)?.[1];
    if (!sheet) return;
    let count = 0;
    let tail = Buffer.alloc(0);
    file.ondata = (err, data, final) => {
      if (err) throw err;
      const text = Buffer.concat([tail, data]);
      for (let i = text.indexOf(mark); i !== -1; i = text.indexOf(mark, i + mark.length)) count++;
      // Shorter than the mark: a mark is never counted twice, one split across chunks still found.
      tail = text.subarray(Math.max(0, text.length - (mark.length - 1)));
      if (final) rows[sheet] = count - 1;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (const chunk of zip) unzip.push(chunk);
  unzip.push(new Uint8Array(0), true);
  return rows;
}

/** The exports as a table: rows (a workbook's over all its sheets), size, time, the server's RSS. */
function exportTable(runs: ExportRun[]) {
  const header = [
    'Export',
    'Rows',
    'MB',
    'Total ms',
    'First byte ms',
    'Rows/s',
    'RSS before → peak → after MB',
    'Peak − before',
  ];
  const rows = runs.map((e) =>
    e.available
      ? [
          e.what,
          fmtInt(e.rows ?? 0),
          String(round((e.bytes ?? 0) / 1024 ** 2, 1)),
          fmtInt(e.totalMs ?? 0),
          String(e.firstByteMs),
          fmtInt(e.rowsPerSecond ?? 0),
          `${e.rssMb?.before} → ${e.rssMb?.peak} → ${e.rssMb?.after}`,
          `+${e.rssMb?.growth} MB`,
        ]
      : [e.what, '-', '-', '-', '-', '-', `not available (${e.status})`, '-'],
  );
  return { header, rows };
}

// ---------------------------------------------------------------------------------------------------
// Plans of the slow statements, as the server sent them (auto_explain in PostgreSQL's log)

type Plan = { durationMs: number; plan: string };

/** auto_explain's entries in a piece of PostgreSQL's log: "duration: … ms  plan:" and its tab-indented lines. */
function plansIn(log: string): Plan[] {
  const out: Plan[] = [];
  const lines = log.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(lines[i] ?? '');
    if (!m) continue;
    const body: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1] ?? '').startsWith('\t'))
      body.push((lines[++i] ?? '').slice(1));
    out.push({ durationMs: Number(m[1]), plan: body.join('\n') });
  }
  return out;
}

const fileSize = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
function readFrom(file: string, offset: number): string {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.alloc(Math.max(0, size - offset));
    fs.readSync(fd, buf, 0, buf.length, offset);
    return buf.toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------------

type Session = { server: Proc; ready: Ready; database: Database; client: pg.PoolClient };

async function startServer(): Promise<Session> {
  const server = h.startNode('bench/server.ts', 'bench/server.ts', h.childEnv({ PORT: '0' }));
  const ready = await h.waitReady(server, 180_000);
  const url = runningEmbeddedUrl(DATA_DIR);
  if (!url) return h.fail('could not find the bench server’s embedded PostgreSQL', server);
  const database = connect(url, 2);
  const client = await database.pool.connect();
  return { server, ready, database, client };
}

async function stopServer(s: Session): Promise<void> {
  s.client.release();
  await s.database.close().catch(() => undefined);
  await h.stopProc(s.server);
}

async function adminToken(port: number, client: pg.ClientBase): Promise<{ token: string; id: number }> {
  const res = await call(port, 'POST', '/api/register', ADMIN);
  if (res.status !== 201 || typeof res.json.token !== 'string')
    throw new Error(`register answered ${res.status}: ${JSON.stringify(res.json)}`);
  const row = await client.query<{ id: number }>(
    'UPDATE users SET role = $1, status = 1 WHERE phone = $2 RETURNING id',
    [ROLE.admin, ADMIN.phone],
  );
  return { token: res.json.token, id: row.rows[0]?.id ?? 0 };
}

const TABLES = [
  'products',
  'users',
  'orders',
  'order_lines',
  'payments',
  'returns',
  'return_lines',
  'stock_entries',
  'stock_entry_items',
  'expenses',
  'stock_ledger',
  'product_categories',
];

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
    `bench: a year of trading (${SCALE} %), ${ROUNDS} rounds of ${REQUESTS} requests per endpoint ` +
      `(at most ${CAP_SECONDS} s each), data in ${path.relative(ROOT, DATA_DIR)}`,
  );
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const t0 = performance.now();
  let s = await startServer();
  const firstStartMs = round(performance.now() - t0, 0);
  console.log(`bench: server pid ${s.ready.pid} on ${HOST}:${s.ready.port} in ${firstStartMs} ms`);

  // 1. The year ---------------------------------------------------------------------------------------
  const admin = await adminToken(s.ready.port, s.client);
  const g0 = performance.now();
  let steps: Step[];
  try {
    steps = await generateYear(s.client, SIZE, SEED, admin.id);
  } catch (err) {
    await s.client.query('ROLLBACK').catch(() => undefined);
    return h.fail(
      `generating the year failed: ${err instanceof Error ? err.message : String(err)}`,
      s.server,
    );
  }
  const generateMs = Math.round(performance.now() - g0);
  for (const st of steps)
    console.log(
      `  ${st.step.padEnd(32)} ${fmtInt(st.rows).padStart(9)} rows ${fmtInt(st.ms).padStart(7)} ms`,
    );
  const a0 = performance.now();
  await s.client.query('VACUUM ANALYZE');
  const analyzeMs = Math.round(performance.now() - a0);
  await s.client.query('NOTIFY catalog_changed');
  const loadMs = generateMs + analyzeMs;
  console.log(`bench: the year written in ${fmtInt(generateMs)} ms, VACUUM ANALYZE ${fmtInt(analyzeMs)} ms`);

  const tables: Array<{ table: string; rows: number; bytes: number }> = [];
  for (const table of TABLES) {
    const r = await s.client.query<{ n: string; bytes: string }>(
      `SELECT (SELECT count(*) FROM ${table})::text AS n, pg_total_relation_size('${table}')::text AS bytes`,
    );
    tables.push({ table, rows: Number(r.rows[0]?.n ?? 0), bytes: Number(r.rows[0]?.bytes ?? 0) });
  }
  const dbSize = Number(
    (await s.client.query<{ n: string }>('SELECT pg_database_size(current_database())::text AS n')).rows[0]
      ?.n ?? 0,
  );
  const mix = (
    await s.client.query<Record<string, string>>(`
      SELECT count(*) FILTER (WHERE online) AS online, count(*) FILTER (WHERE NOT online) AS till,
             count(*) FILTER (WHERE status = 4) AS cancelled, count(*) FILTER (WHERE status IN (0, 1, 2)) AS open,
             count(*) FILTER (WHERE due > 0 AND status <> 4) AS with_due,
             count(*) FILTER (WHERE user_id IS NULL) AS walk_in,
             count(DISTINCT (created_at AT TIME ZONE '${TZ}')::date) AS days
      FROM orders`)
  ).rows[0];
  console.log(
    `bench: ${tables.map((t) => `${t.table} ${fmtInt(t.rows)}`).join(', ')}; database ${round(dbSize / 1024 ** 2, 0)} MB`,
  );
  console.log(`bench: orders ${JSON.stringify(mix)}`);

  const invariants = await checkYear(s.client);
  const c0 = performance.now();
  const check = await get(s.ready.port, '/api/stock/check', admin.token);
  const stockCheckMs = round(performance.now() - c0, 0);
  const offLedger = check.status === 200 ? list(JSON.parse(check.text)).length : -1;
  invariants['products whose quantity is not their ledger’s sum (GET /api/stock/check)'] = offLedger;
  const broken = Object.entries(invariants).filter(([, n]) => n !== 0);
  console.log(
    `bench: invariants ${broken.length === 0 ? 'hold' : `BROKEN: ${JSON.stringify(Object.fromEntries(broken))}`} ` +
      `(GET /api/stock/check ${stockCheckMs} ms)`,
  );
  if (broken.length) return h.fail('the generated year breaks the app’s invariants', s.server);

  // Inputs of the requests.
  const today = shopDay(new Date());
  const monthFrom = daysBefore(today, 29);
  const yearFrom = daysBefore(today, 364);
  const phones = (
    await s.client.query<{ phone: string }>(
      `SELECT phone FROM users u WHERE role = ${ROLE.customer}
         AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
       ORDER BY md5(phone) LIMIT 2000`,
    )
  ).rows.map((r) => r.phone);
  const people = (
    await s.client.query<{ name: string; phone: string }>(
      `SELECT name, phone FROM users WHERE role = ${ROLE.customer} ORDER BY md5(phone || 'x') LIMIT 2000`,
    )
  ).rows;
  // What a cashier types: a first name, the start of a surname, the last digits of a phone, a whole phone.
  const searchTexts = people.map((p, i) => {
    const [first = '', last = ''] = p.name.split(' ');
    return [first.toLowerCase(), last.slice(0, 3).toLowerCase(), p.phone.slice(-5), p.phone][i % 4] ?? first;
  });

  const endpoints: Endpoint[] = [
    {
      screen: 'dashboard',
      name: 'profit-loss (today)',
      next: () => '/api/profit-loss',
      describe: (b) => {
        const p = b as { order_count?: number; invested?: number };
        return p.order_count === undefined
          ? '! no figures'
          : `${p.order_count} orders today, invested ${fmtInt(p.invested ?? 0)}`;
      },
    },
    {
      screen: 'dashboard',
      name: 'low-stock-products',
      next: () => '/api/low-stock-products',
      describe: (b) => `${list(b).length} products`,
    },
    {
      screen: 'dashboard',
      name: 'product-sale, all time, top 5 (top selling)',
      next: () => '/api/product-sale?from=&to=&limit=5',
      describe: (b) => `${fmtInt(list(b).length)} rows`,
    },
    {
      screen: 'dashboard',
      name: 'expances (today)',
      next: () => `/api/expances?from=${today}&to=${today}`,
      describe: pageOf,
    },
    {
      screen: 'analytics, 30 days',
      name: 'daily-report (30 days)',
      next: () => `/api/daily-report?from=${monthFrom}&to=${today}`,
      describe: (b) => `${list(b).length} days`,
    },
    {
      screen: 'analytics, 30 days',
      name: 'shifts (30 days)',
      next: () => `/api/shifts?from=${monthFrom}&to=${today}`,
      describe: (b) => `${list(b).length} shifts`,
    },
    {
      screen: 'analytics, 30 days',
      name: 'daily-report (today)',
      next: () => `/api/daily-report?from=${today}&to=${today}`,
      describe: (b) => `${list(b).length} day`,
    },
    {
      screen: 'daily report, a year',
      name: 'daily-report (365 days)',
      next: () => `/api/daily-report?from=${yearFrom}&to=${today}`,
      describe: (b) => `${list(b).length} days`,
    },
    {
      screen: 'product sale, all time',
      name: 'product-sale (all time, every product)',
      next: () => '/api/product-sale?from=&to=',
      describe: (b) => `${fmtInt(list(b).length)} rows`,
    },
    {
      screen: 'product sale, a month',
      name: 'product-sale (30 days, every row)',
      next: () => `/api/product-sale?from=${monthFrom}&to=${today}`,
      describe: (b) => `${fmtInt(list(b).length)} rows`,
    },
    {
      screen: 'product sale, a month',
      name: 'product-sale/page (30 days, first page + totals)',
      next: () => `/api/product-sale/page?from=${monthFrom}&to=${today}`,
      describe: pageOf,
    },
    {
      screen: 'product sale, all time',
      name: 'product-sale/page (all time, first page + totals)',
      next: () => '/api/product-sale/page?from=&to=',
      describe: pageOf,
    },
    {
      screen: 'orders',
      name: 'orders, first page with totals',
      next: () => '/api/orders?type=2',
      describe: pageOf,
    },
    {
      screen: 'orders',
      name: 'order-filter by phone',
      next: (() => {
        const phone = cycle(phones);
        return () => `/api/order-filter?field=Phone&value=${phone()}&from=&to=&type=2&status=0`;
      })(),
      describe: pageOf,
    },
    {
      screen: 'customers',
      name: 'customer search',
      next: (() => {
        const text = cycle(searchTexts);
        return () => `/api/customer/search/${encodeURIComponent(text())}`;
      })(),
      describe: (b) => `${list(b).length} customers`,
    },
    {
      screen: 'stock',
      name: 'live-stock, first page with totals',
      next: () => '/api/live-stock',
      describe: pageOf,
    },
  ];

  // First answers: right shape, and what they hold.
  const first = new Map<string, { example: string; answer: string; bytes: number }>();
  for (const ep of endpoints) {
    const route = ep.next();
    const res = await get(s.ready.port, route, admin.token);
    if (res.status !== 200)
      return h.fail(`${route} answered ${res.status}: ${res.text.slice(0, 300)}`, s.server);
    const answer = ep.describe(JSON.parse(res.text));
    if (answer.startsWith('!')) return h.fail(`${route}: ${answer.slice(1)}`, s.server);
    first.set(ep.name, { example: route, answer, bytes: Buffer.byteLength(res.text) });
    console.log(`  ${ep.name.padEnd(38)} ${answer} (${fmtInt(Buffer.byteLength(res.text))} B of JSON)`);
  }
  await serverTimes(s.ready.port);

  // 2. The orders export, on a server that has not answered anything big yet --------------------------
  const exportRoute = (range: string) => `/api/orders/export?${range}type=2&status=0`;
  const exportsBefore: ExportRun[] = [];
  // Growing sizes, then the whole list twice more: RSS that grows with the rows shows as a growth
  // that follows the row count; then once uncompressed (what brotli adds).
  const range = (days: number) => exportRoute(`from=${daysBefore(today, days - 1)}&to=${today}&`);
  for (const [what, route, encoding] of [
    ['30 days', range(30), ACCEPT_ENCODING],
    ['91 days', range(91), ACCEPT_ENCODING],
    ['182 days', range(182), ACCEPT_ENCODING],
    ['365 days (a year by date)', range(365), ACCEPT_ENCODING],
    ['every order', exportRoute(''), ACCEPT_ENCODING],
    ['every order, 2nd time', exportRoute(''), ACCEPT_ENCODING],
    ['every order, 3rd time', exportRoute(''), ACCEPT_ENCODING],
    ['every order, uncompressed', exportRoute(''), 'identity'],
    // The accountant's downloads (GET /api/export): the CSV adds the ways of paying, the lines and
    // the payments as text; the workbook has the sheets Orders, Lines and Payments.
    ['every order, orders.csv', '/api/export/orders.csv', ACCEPT_ENCODING],
    ['every order, orders.csv, 2nd time', '/api/export/orders.csv', ACCEPT_ENCODING],
    ['every order, orders.xlsx', '/api/export/orders.xlsx', ACCEPT_ENCODING],
    ['every order, orders.xlsx, 2nd time', '/api/export/orders.xlsx', ACCEPT_ENCODING],
  ] as const) {
    if (EXPORTS_ONLY && !route.startsWith('/api/export/') && what !== 'every order') continue;
    const run = await measureExport(s.ready.port, s.ready.pid, admin.token, what, route, encoding);
    exportsBefore.push(run);
    console.log(
      run.available
        ? `  export ${what.padEnd(26)} ${fmtInt(run.rows ?? 0)} rows${run.sheets ? ` ${JSON.stringify(run.sheets)}` : ''}, ` +
            `${round((run.bytes ?? 0) / 1024 ** 2, 1)} MB in ` +
            `${fmtInt(run.totalMs ?? 0)} ms (first byte ${run.firstByteMs} ms); RSS ${run.rssMb?.before} → peak ` +
            `${run.rssMb?.peak} → ${run.rssMb?.after} MB (+${run.rssMb?.growth})`
        : `  export ${what.padEnd(26)} not available: ${run.note}`,
    );
    if (!run.available) break;
  }
  if (EXPORTS_ONLY) {
    const table = exportTable(exportsBefore);
    console.log(
      `\n${textTable(table.header, table.rows)}\n\nMarkdown:\n\n${markdownTable(table.header, table.rows)}`,
    );
    await writeJson(EXPORTS_RESULTS, {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: { ...machine, loadavgAfterExports: load() },
      settings: { scale: SCALE, tz: TZ },
      dataset: { size: SIZE, tables, orders: mix, generateMs, analyzeMs },
      exports: exportsBefore,
    });
    console.log(`\nbench: wrote ${path.relative(ROOT, EXPORTS_RESULTS)}`);
    await h.cleanup();
    if (exportsBefore.some((e) => !e.available)) process.exitCode = 1;
    return;
  }

  // 3. The reads, round after round -------------------------------------------------------------------
  const loadBeforeRuns = load();
  const rounds = new Map<string, Round[]>(endpoints.map((ep) => [ep.name, []]));
  const failures: string[] = [];
  const screens: Array<{ screen: string; calls: string[]; rounds: Stats[] }> = [
    {
      screen: 'dashboard',
      calls: endpoints.filter((e) => e.screen === 'dashboard').map((e) => e.name),
      rounds: [],
    },
    {
      screen: 'analytics, 30 days',
      calls: [
        'profit-loss (today)',
        ...endpoints.filter((e) => e.screen === 'analytics, 30 days').map((e) => e.name),
      ],
      rounds: [],
    },
  ];
  for (let r = 0; r < ROUNDS; r++) {
    console.log(`\nbench: round ${r + 1} of ${ROUNDS} (load ${load().join(' ')})`);
    for (const ep of endpoints) {
      const { round: result, failures: f } = await measureEndpoint(
        s.ready.port,
        s.ready.pid,
        admin.token,
        ep,
        r === 0 ? WARMUP : 3,
      );
      failures.push(...f);
      rounds.get(ep.name)?.push(result);
      console.log(
        `  ${ep.name.padEnd(38)} ${String(result.requests).padStart(4)} req; server p50/p95/p99 ` +
          `${result.server.p50}/${result.server.p95}/${result.server.p99} ms; client p50 ${result.client.p50} ms` +
          `${result.cappedAtSeconds ? ` (capped at ${result.cappedAtSeconds} s)` : ''}; other load ${result.cpu.otherCores ?? '-'} cores`,
      );
    }
    for (const screen of screens) {
      const routes = screen.calls.map((name) => {
        const ep = endpoints.find((e) => e.name === name);
        if (!ep) throw new Error(name);
        return ep.next;
      });
      const st = await measureScreen(s.ready.port, admin.token, routes);
      screen.rounds.push(st);
      console.log(
        `  ${`${screen.screen} screen (${routes.length} calls at once)`.padEnd(38)} ${String(st.count).padStart(4)} × ; ` +
          `all answered p50/p95/p99 ${st.p50}/${st.p95}/${st.p99} ms (client)`,
      );
    }
  }
  const loadAfterRuns = load();
  if (failures.length) notes.push(`Requests that did not answer 200: ${failures.slice(0, 5).join(' | ')}`);

  const results: EndpointResult[] = endpoints.map((ep) => {
    const rs = rounds.get(ep.name) ?? [];
    const f = first.get(ep.name);
    const p95s = rs.map((r) => r.server.p95);
    const server = {
      p50: median(rs.map((r) => r.server.p50)),
      p95: median(p95s),
      p99: median(rs.map((r) => r.server.p99)),
      p95Min: Math.min(...p95s),
      p95Max: Math.max(...p95s),
      max: Math.max(...rs.map((r) => r.server.max)),
    };
    return {
      screen: ep.screen,
      name: ep.name,
      example: f?.example ?? '',
      answer: f?.answer ?? '',
      bytes: f?.bytes ?? 0,
      rounds: rs,
      server,
      client: { p50: median(rs.map((r) => r.client.p50)), p95: median(rs.map((r) => r.client.p95)) },
      requests: rs.reduce((a, r) => a + r.requests, 0),
      goalMet: server.p95 <= GOAL_MS,
    };
  });

  // 2b. The export once more, after the reads ----------------------------------------------------------
  const exportsAfter: ExportRun[] = [];
  if (exportsBefore.every((e) => e.available)) {
    exportsAfter.push(
      await measureExport(
        s.ready.port,
        s.ready.pid,
        admin.token,
        'every order, after the reads',
        exportRoute(''),
      ),
    );
  } else {
    // Perhaps the route arrived while this ran (another engineer is writing it): try once more.
    exportsAfter.push(
      await measureExport(s.ready.port, s.ready.pid, admin.token, 'every order', exportRoute('')),
    );
  }

  // 4. Plans of the slow statements --------------------------------------------------------------------
  const slow = results.filter((r) => !r.goalMet);
  // What to explain: each endpoint over the goal (its 7th request: the server prepares its
  // statements, and after 5 runs PostgreSQL may switch to a generic plan, as in the measured runs),
  // and the export of a date range, whose batches are one prepared statement run again and again.
  const targets: Array<{ name: string; route: () => string; before: number }> = slow.map((r) => ({
    name: r.name,
    route: endpoints.find((e) => e.name === r.name)?.next ?? (() => r.example),
    before: 6,
  }));
  if ([...exportsBefore, ...exportsAfter].some((e) => e.available))
    targets.push({ name: 'orders export, 182 days', route: () => range(182), before: 0 });
  const explains: Array<{
    endpoint: string;
    route: string;
    statements: number;
    totalMs: number;
    plans: Plan[];
  }> = [];
  const serverLog = [...s.server.output];
  if (targets.length) {
    console.log(
      `\nbench: plans of the slow statements (auto_explain ≥ ${EXPLAIN_MIN_MS} ms) of ${targets.length} requests`,
    );
    const dbName =
      (await s.client.query<{ n: string }>('SELECT current_database() AS n')).rows[0]?.n ?? 'shop';
    const ident = `"${dbName.replace(/"/g, '""')}"`;
    for (const setting of [
      "session_preload_libraries = 'auto_explain'",
      `auto_explain.log_min_duration = '${EXPLAIN_MIN_MS}ms'`,
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
    ]) {
      await s.client.query(`ALTER DATABASE ${ident} SET ${setting}`);
    }
    await stopServer(s);
    s = await startServer(); // new connections, which load auto_explain
    const token = admin.token; // sessions live in the database: the token outlives the restart
    const log = path.join(DATA_DIR, 'postgres.log');
    for (const t of targets) {
      for (let i = 0; i < t.before; i++) await get(s.ready.port, t.route(), token);
      const offset = fileSize(log);
      const route = t.route();
      await get(s.ready.port, route, token);
      await sleep(300);
      const all = plansIn(readFrom(log, offset)).sort((a, b) => b.durationMs - a.durationMs);
      const totalMs = round(
        all.reduce((a, p) => a + p.durationMs, 0),
        1,
      );
      explains.push({ endpoint: t.name, route, statements: all.length, totalMs, plans: all.slice(0, 3) });
      console.log(
        `  ${t.name.padEnd(38)} ${all.length} statements ≥ ${EXPLAIN_MIN_MS} ms, ${totalMs} ms in all` +
          (all.length
            ? `; slowest ${all
                .slice(0, 3)
                .map((p) => `${round(p.durationMs, 1)} ms`)
                .join(', ')}`
            : ''),
      );
    }
    serverLog.push(...s.server.output);
  }
  await stopServer(s);
  clearTimeout(watchdog);

  // Report ----------------------------------------------------------------------------------------------
  const header = [
    'Screen',
    'Endpoint',
    'Requests',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'p95 of rounds',
    'Client p50',
    '≤ 200 ms',
  ];
  const rows = results.map((r) => [
    r.screen,
    r.name,
    fmtInt(r.requests),
    String(r.server.p50),
    String(r.server.p95),
    String(r.server.p99),
    `${r.server.p95Min}–${r.server.p95Max}`,
    String(r.client.p50),
    r.goalMet ? 'met' : 'MISSED',
  ]);
  const screenHeader = ['Screen, calls at once', 'Calls', 'Loads', 'p50 ms', 'p95 ms', 'p99 ms'];
  const screenRows = screens.map((sc) => [
    sc.screen,
    String(sc.calls.length),
    fmtInt(sc.rounds.reduce((a, r) => a + r.count, 0)),
    String(median(sc.rounds.map((r) => r.p50))),
    String(median(sc.rounds.map((r) => r.p95))),
    String(median(sc.rounds.map((r) => r.p99))),
  ]);
  const { header: exportHeader, rows: exportRows } = exportTable([...exportsBefore, ...exportsAfter]);
  const dataHeader = ['Table', 'Rows', 'Size on disk (MB, with indexes)'];
  const dataRows = tables.map((t) => [t.table, fmtInt(t.rows), String(round(t.bytes / 1024 ** 2, 1))]);
  dataRows.push(['database (all)', '', String(round(dbSize / 1024 ** 2, 1))]);

  console.log(`\nA year of trading: server time per request, median of ${ROUNDS} rounds (1 connection)\n`);
  console.log(textTable(header, rows));
  console.log(`\n${textTable(screenHeader, screenRows)}`);
  console.log(`\n${textTable(exportHeader, exportRows)}`);
  console.log(`\n${textTable(dataHeader, dataRows)}`);
  console.log(
    `\nData load: ${fmtInt(generateMs)} ms to write, ${fmtInt(analyzeMs)} ms VACUUM ANALYZE (${round(loadMs / 1000, 1)} s); load average ${loadBeforeRuns.join(' ')} before the reads, ${loadAfterRuns.join(' ')} after`,
  );
  console.log('\nMarkdown:\n');
  console.log(markdownTable(header, rows));
  console.log('');
  console.log(markdownTable(screenHeader, screenRows));
  console.log('');
  console.log(markdownTable(exportHeader, exportRows));
  console.log('');
  console.log(markdownTable(dataHeader, dataRows));
  for (const e of explains) {
    const top = e.plans[0];
    if (top)
      console.log(`\nSlowest statement of ${e.endpoint} (${e.route}), ${top.durationMs} ms:\n${top.plan}`);
  }

  // Node's own warnings (e.g. MaxListenersExceededWarning) are reported, but do not fail the run.
  const serverWarnings = [
    ...new Set(serverLog.filter(isNodeWarning).map((l) => l.replace(/^\(node:\d+\) /, ''))),
  ];
  const serverErrors = serverLog.filter((l) => isErrorLine(l) && !isNodeWarning(l));
  if (serverWarnings.length) notes.push(`The server warned: ${serverWarnings.slice(0, 5).join(' | ')}`);
  if (serverErrors.length) notes.push(`The server logged errors: ${serverErrors.slice(0, 5).join(' | ')}`);
  for (const n of notes) console.log(`note: ${n}`);

  await writeJson(RESULTS, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine, loadavgBeforeReads: loadBeforeRuns, loadavgAfterReads: loadAfterRuns },
    settings: {
      requests: REQUESTS,
      rounds: ROUNDS,
      capSeconds: CAP_SECONDS,
      scale: SCALE,
      goalMs: GOAL_MS,
      tz: TZ,
    },
    dataset: {
      size: SIZE,
      tables,
      databaseBytes: dbSize,
      orders: mix,
      generateMs,
      analyzeMs,
      steps,
      invariants,
      stockCheckMs,
      firstStartMs,
    },
    endpoints: results,
    screens: screens.map((sc) => ({
      ...sc,
      p50: median(sc.rounds.map((r) => r.p50)),
      p95: median(sc.rounds.map((r) => r.p95)),
      p99: median(sc.rounds.map((r) => r.p99)),
    })),
    exports: [...exportsBefore, ...exportsAfter],
    explains,
    serverWarnings,
    notes,
  });
  console.log(`\nbench: wrote ${path.relative(ROOT, RESULTS)}`);
  await h.cleanup();
  if (failures.length || serverErrors.length) process.exitCode = 1;
}

main().catch(async (err: unknown) => {
  console.error(err);
  await h.cleanup();
  process.exit(1);
});
