/**
 * The "Latest results" table of docs/performance.md, written from bench/results/*.json: one row
 * per figure, with its goal, the latest value, when it was measured and the machine's speed then
 * (bench/machine.ts's calibration, or Lighthouse's benchmarkIndex). `npm run bench -- --report`
 * runs the benchmarks first; `npm run bench -- --report-only` rewrites the table from the files.
 * The rest of the document (budgets, how to measure) is written by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib';
import type { MachineSpeed } from './machine';

const DOC = path.join(ROOT, 'docs/performance.md');
const START = '<!-- bench-report:start -->';
const END = '<!-- bench-report:end -->';

type Json = Record<string, unknown>;
type Row = [figure: string, goal: string, latest: string, date: string, speed: string];

function read(name: string): Json | undefined {
  const file = path.join(ROOT, 'bench/results', name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Json) : undefined;
}

const at = (o: unknown, ...keys: Array<string | number>): unknown =>
  keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), o);
const num = (v: unknown, digits = 0) =>
  typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: digits }) : '–';
const day = (j: Json | undefined) => {
  const when = [j?.date, j?.at, j?.startedAt].find((v) => typeof v === 'string') as string | undefined;
  return when ? when.slice(0, 10) : '–';
};

/** The machine's speed a result was measured at: the calibration, or what older files kept. */
function speedOf(j: Json | undefined): string {
  const speed = j?.speed as MachineSpeed | undefined;
  if (speed) return `${num(speed.calibration, 1)} pieces/s (${speed.cores} × ${speed.cpu})`;
  const machine = j?.machine as { cpu?: string; nproc?: number } | undefined;
  return machine?.cpu ? `not calibrated (${machine.nproc ?? '?'} × ${machine.cpu})` : 'not recorded';
}

function ordersRows(): Row[] {
  const j = read('orders-latest.json');
  if (!j) return [];
  return [
    [
      `Checkout orders per second (${num(j.buyers)} buyers, what the checkout page sends)`,
      `≥ ${num(j.goal ?? 1000)}/s`,
      `${num(j.rate)}/s (p50 ${num(at(j, 'latency', 'p50'))} ms, p99 ${num(at(j, 'latency', 'p99'))} ms)`,
      day(j),
      speedOf(j),
    ],
    [
      'Orders: oversold / off the ledger',
      '0 / 0',
      `${num(j.oversold)} / ${num(j.ledgerMismatches)}`,
      day(j),
      speedOf(j),
    ],
  ];
}

function loginFloodRows(): Row[] {
  const j = read('login-flood-latest.json');
  if (!j) return [];
  return [
    [
      `Owner's sign-in during ${num(j.wrongLogins)} wrong logins from ${num(j.addresses)} addresses, slowest`,
      `< ${num(j.goalMs)} ms`,
      `${num(at(j, 'owner', 'max'))} ms (p50 ${num(at(j, 'owner', 'p50'))} ms; one scrypt alone ${num(j.hashAloneMs)} ms)`,
      day(j),
      speedOf(j),
    ],
  ];
}

function catalogRows(): Row[] {
  const j = read('catalog-latest.json');
  if (!j) return [];
  const ratios = (at(j, 'goals', 'ratio') as Array<{ endpoint: string; ratio: number; goal: number }>) ?? [];
  const rows: Row[] = ratios.map((r) => [
    `Cached read \`${r.endpoint}\` vs a server sending the same bytes`,
    `≥ ${r.goal}×`,
    `${r.ratio.toFixed(2)}×`,
    day(j),
    speedOf(j),
  ]);
  for (const s of (at(j, 'goals', 'searchP95') as Array<{ view: string; p95: number; goalMs: number }>) ?? [])
    rows.push([`Search p95, ${s.view}`, `≤ ${s.goalMs} ms`, `${num(s.p95, 2)} ms`, day(j), speedOf(j)]);
  for (const s of (at(j, 'goals', 'barcodeP95') as Array<{ view: string; p95: number; goalMs: number }>) ??
    [])
    rows.push([`Till lookup p95, ${s.view}`, `≤ ${s.goalMs} ms`, `${num(s.p95, 2)} ms`, day(j), speedOf(j)]);
  return rows;
}

function searchRows(): Row[] {
  const j = read('search-latest.json');
  if (!j) return [];
  return [
    [
      `Search p95 at ${num(j.products)} products, every text`,
      `≤ ${num(at(j, 'goals', 'p95Ms'))} ms`,
      `${num(at(j, 'all', 'p95'), 2)} ms`,
      day(j),
      speedOf(j),
    ],
    [
      'Search p95, English texts',
      `≤ ${num(at(j, 'goals', 'englishP95Ms'))} ms`,
      `${num(at(j, 'english', 'p95'), 2)} ms`,
      day(j),
      speedOf(j),
    ],
  ];
}

function tillRows(): Row[] {
  const j = read('till-scan-latest.json');
  if (!j) return [];
  const p95 = (kind: string) => at(j, 'timings', kind, 'frame', 'p95');
  return [
    ['Till scan → on screen p95, online', '≤ 100 ms', `${num(p95('all scans'), 1)} ms`, day(j), speedOf(j)],
    [
      'Till scan → on screen p95, offline',
      '≤ 50 ms',
      `${num(p95('offline (network cut), all'), 1)} ms`,
      day(j),
      speedOf(j),
    ],
  ];
}

function yearRows(): Row[] {
  const j = read('year-latest.json');
  if (!j) return [];
  type Endpoint = { name: string; rounds: Array<{ server?: { p95: number } }> };
  return ((j.endpoints as Endpoint[]) ?? []).map((e) => {
    const p95s = e.rounds.map((r) => r.server?.p95).filter((v): v is number => typeof v === 'number');
    return [
      `A year of trading: ${e.name}, p95 (server)`,
      '≤ 200 ms',
      p95s.length ? `${num(Math.min(...p95s), 1)}–${num(Math.max(...p95s), 1)} ms` : '–',
      day(j),
      speedOf(j),
    ];
  });
}

function otherRows(): Row[] {
  const rows: Row[] = [];
  const imp = read('import-latest.json');
  const runs = (imp?.runs as Array<{ step: string; seconds: number }>) ?? [];
  const tenK = runs.find((r) => r.step.startsWith('import,') && r.step.includes('new products (CSV)'));
  if (tenK)
    rows.push([
      `Import, ${tenK.step.replace(/^import, /, '')}`,
      '≤ 30 s',
      `${num(tenK.seconds, 2)} s`,
      day(imp),
      speedOf(imp),
    ]);
  const backup = read('backup-latest.json');
  if (backup)
    rows.push([
      `Backup / verify / restore, a year (${num(backup.database_mb)} MB database)`,
      'not set',
      `${num(backup.backup_s, 1)} s / ${num(backup.verify_s, 1)} s / ${num(backup.restore_s, 1)} s`,
      day(backup),
      speedOf(backup),
    ]);
  const run = read('latest.json');
  if (run)
    rows.push([
      'Cold start, median of 3',
      '< 3 s',
      `${num(at(run, 'coldStart', 'medianMs'))} ms`,
      day(run),
      speedOf(run),
    ]);
  const size = read('web-size-latest.json');
  if (size) {
    rows.push([
      'Storefront first load, JavaScript',
      `≤ ${num(size.jsLimitKb)} KB gzip`,
      `${num(size.jsKb, 1)} KB`,
      day(size),
      '–',
    ]);
    rows.push([
      'Storefront first load, CSS',
      `≤ ${num(size.cssLimitKb)} KB brotli`,
      `${num(size.cssBrotliKb, 1)} KB`,
      day(size),
      '–',
    ]);
  }
  const lh = read('lighthouse-latest.json');
  const index = at(lh, 'benchmarkIndex', 'median');
  for (const [name, page] of Object.entries(
    (lh?.pages as Record<string, { scores: Record<string, number> }>) ?? {},
  )) {
    const s = page.scores;
    rows.push([
      `Lighthouse (mobile) ${name}: performance / accessibility / best practices / SEO`,
      '95 / 100 / 100 / 100',
      `${s.performance} / ${s.accessibility} / ${s['best-practices']} / ${s.seo}`,
      day(lh),
      `benchmarkIndex ${num(index)}`,
    ]);
  }
  return rows;
}

/** The table as Markdown. */
export function reportTable(): string {
  const rows = [
    ...ordersRows(),
    ...loginFloodRows(),
    ...catalogRows(),
    ...searchRows(),
    ...tillRows(),
    ...yearRows(),
    ...otherRows(),
  ];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(['Figure', 'Goal', 'Latest', 'Measured (date)', 'Machine speed']),
    line(['---', '---', '---', '---', '---']),
    ...rows.map(line),
  ].join('\n');
}

/** Rewrites the table between the markers of docs/performance.md. */
export function writeReport(): void {
  const doc = fs.readFileSync(DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${START} … ${END} block`);
  fs.writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n${reportTable()}\n${doc.slice(end)}`);
  console.log(`bench: the results table of ${path.relative(ROOT, DOC)} is written again`);
}
