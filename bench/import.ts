/**
 * `npm run bench:import` (also a step of `npm run bench`): how long a product import of 10,000 rows
 * takes through HTTP against a started server (issue 13's goal: at most 30 s on this machine).
 *
 * Starts bench/server.ts on a scratch DATA_DIR (.data-test/bench-import-<pid>, removed at the end),
 * makes a bench admin, and sends `POST /api/product/import` (multipart, as the import screen does):
 *
 *   1. a dry run of BENCH_IMPORT_ROWS (default 10,000) new products as CSV (a fifth without a barcode,
 *      ~60 category paths three levels deep and 40 brands, all new, a third with a Bangla title);
 *   2. the same file imported: every row created, with its "import" ledger row;
 *   3. the file again with new prices and quantities: every row an update (matched by barcode), its
 *      quantity moved through the stock core;
 *   4. the updated file as XLSX (exceljs): every row unchanged;
 *   5. 200 rows with pictures from a ZIP (one 800×600 JPEG each), created.
 *
 * Each time is the client's wall time from the first byte sent to the answer (what the screen waits
 * for), with the server's peak memory. Then `GET /api/stock/check` must list no product whose quantity
 * differs from its ledger. Prints a table, a markdown table for docs/performance.md, and writes
 * bench/results/import-latest.json. Fails (exit code 1) when the 10,000-row import passes 30 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { ROLE } from '@bazar/contracts/common';
import { PRODUCT_IMPORT_COLUMNS, type ImportReport } from '@bazar/contracts/imports';
import { connect } from '../apps/server/src/db/client';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded';
import {
  call,
  Harness,
  HOST,
  markdownTable,
  positiveInt,
  ROOT,
  round,
  serverMemory,
  textTable,
  writeJson,
  benchStart,
} from './lib';

const ROWS = positiveInt('BENCH_IMPORT_ROWS', process.env.BENCH_IMPORT_ROWS, 10_000, 20_000);
const PICTURE_ROWS = 200;
const GOAL_S = 30;
const ADMIN_PHONE = '01700000098';
const DATA_DIR = path.join(ROOT, '.data-test', `bench-import-${process.pid}`);
const RESULTS = path.join(ROOT, 'bench', 'results', 'import-latest.json');

const h = new Harness(DATA_DIR);

type Row = Record<(typeof PRODUCT_IMPORT_COLUMNS)[number], string>;

/** A small deterministic random source (the same file every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = [
  'Rice',
  'Dal',
  'Oil',
  'Salt',
  'Sugar',
  'Tea',
  'Milk',
  'Soap',
  'Biscuit',
  'Noodles',
  'Flour',
  'Spice',
];
const BANGLA = ['চাল', 'ডাল', 'তেল', 'লবণ', 'চিনি', 'চা', 'দুধ', 'সাবান', 'বিস্কুট', 'নুডলস', 'আটা', 'মসলা'];

/** `n` product rows: `prefix` keeps their barcodes apart from another set's; `round` changes prices and quantities. */
function productRows(n: number, prefix: string, round: number): Row[] {
  const r = rng(20261127);
  const paths = Array.from(
    { length: 60 },
    (_, i) => `Bench ${['Food', 'Home', 'Care'][i % 3]} > Bench Aisle ${i % 12} > Bench Shelf ${i}`,
  );
  return Array.from({ length: n }, (_, i) => {
    const w = Math.floor(r() * WORDS.length);
    const price = 20 + Math.floor(r() * 980);
    return {
      title: `${WORDS[w]} ${prefix} ${i}`,
      title_bn: i % 3 === 0 ? `${BANGLA[w]} ${i}` : '',
      attribute: `${1 + (i % 5)} kg`,
      attribute_bn: '',
      unit: i % 7 === 0 ? 'kg' : 'pcs',
      price: String(price + round * 5),
      offer_price: i % 4 === 0 ? String(price - 5) : '',
      buy_price: String(Math.floor(price * 0.8)),
      qty: String((Math.floor(r() * 20000) + round * 100) / 100),
      // A fifth without a barcode: they get in-store EAN-13s (and are created again on a second import).
      barcode: i % 5 === 4 ? '' : `${prefix}${String(i).padStart(8, '0')}`,
      scale_item_code: '',
      category: paths[i % paths.length] ?? '',
      brand: `Bench Brand ${i % 40}`,
      tags: `${WORDS[w]?.toLowerCase()}, bench`,
      flags: i % 10 === 0 ? 'offer' : i % 10 === 1 ? 'popular, food' : '',
      picture: '',
      description: '',
      description_bn: '',
    };
  });
}

const toCsv = (rows: Row[]) =>
  Buffer.from(
    stringify([[...PRODUCT_IMPORT_COLUMNS], ...rows.map((r) => PRODUCT_IMPORT_COLUMNS.map((c) => r[c]))], {
      bom: true,
    }),
  );

async function toXlsx(rows: Row[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Products');
  sheet.addRow([...PRODUCT_IMPORT_COLUMNS]);
  const numeric = new Set(['price', 'offer_price', 'buy_price', 'qty']);
  for (const r of rows)
    sheet.addRow(PRODUCT_IMPORT_COLUMNS.map((c) => (numeric.has(c) && r[c] !== '' ? Number(r[c]) : r[c])));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Registers the bench admin (bench/server.ts seeds none) and returns its token. */
async function adminToken(port: number, url: string): Promise<string> {
  const res = await call(port, 'POST', '/api/register', {
    name: 'Bench Import',
    phone: ADMIN_PHONE,
    password: 'bench-import-1',
  });
  if (res.status !== 201) throw new Error(`register: ${res.status}`);
  const database = connect(url, 1);
  await database.pool.query('UPDATE users SET role = $1, status = 1 WHERE phone = $2', [
    ROLE.admin,
    ADMIN_PHONE,
  ]);
  await database.close();
  const login = await call(port, 'POST', '/api/login', { phone: ADMIN_PHONE, password: 'bench-import-1' });
  if (typeof login.json.token !== 'string') throw new Error(`login: ${login.status}`);
  return login.json.token;
}

type Run = {
  step: string;
  rows: number;
  bytes: number;
  seconds: number;
  report: ImportReport;
  peakRssMb: number | null;
};

async function upload(
  port: number,
  pid: number,
  token: string,
  step: string,
  file: Buffer,
  opts: { dryRun?: boolean; images?: Buffer; name: string },
): Promise<Run> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), opts.name);
  if (opts.images) form.append('images', new Blob([new Uint8Array(opts.images)]), 'pictures.zip');
  if (opts.dryRun) form.append('dry_run', '1');
  // Every category path is new: made as the import did before issue 29.
  form.append('create_categories', '*');
  const t0 = performance.now();
  const res = await fetch(`http://${HOST}:${port}/api/product/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(600_000),
  });
  const body = (await res.json()) as { data?: ImportReport; message?: string };
  const seconds = round((performance.now() - t0) / 1000, 2);
  if (res.status !== 200 || !body.data) throw new Error(`${step}: ${res.status} ${body.message ?? ''}`);
  if (body.data.errors.length)
    throw new Error(`${step}: errors ${JSON.stringify(body.data.errors.slice(0, 3))}`);
  const memory = serverMemory(pid);
  const run = {
    step,
    rows: body.data.rows,
    bytes: file.length + (opts.images?.length ?? 0),
    seconds,
    report: body.data,
    peakRssMb: memory?.peakRssMb ?? null,
  };
  console.log(
    `bench: ${step}: ${run.rows} rows in ${seconds} s (created ${body.data.created}, updated ${body.data.updated}, unchanged ${body.data.unchanged})`,
  );
  return run;
}

async function pictureZip(n: number): Promise<{ zip: Buffer; rows: Row[] }> {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < n; i++) {
    const jpeg = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: { r: (i * 37) % 255, g: (i * 91) % 255, b: 120 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    files[`pictures/p${i}.jpg`] = new Uint8Array(jpeg);
  }
  const rows = productRows(n, 'PIC', 0).map((r, i) => ({ ...r, picture: `p${i}.jpg` }));
  return { zip: Buffer.from(zipSync(files, { level: 0 })), rows };
}

async function main() {
  benchStart();
  h.guard(1_800_000);
  console.log(`bench: import, ${os.cpus().length} CPUs, node ${process.version}, ${ROWS} rows`);
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const server = h.startNode('bench/server.ts', 'bench/server.ts', h.childEnv({ PORT: '0' }));
  const ready = await h.waitReady(server, 180_000);
  const url = runningEmbeddedUrl(DATA_DIR);
  if (!url) return h.fail('could not find the bench server’s embedded PostgreSQL', server);
  try {
    const token = await adminToken(ready.port, url);
    const run = (step: string, file: Buffer, opts: Parameters<typeof upload>[5]) =>
      upload(ready.port, ready.pid, token, step, file, opts);

    const created = productRows(ROWS, 'BEN', 0);
    const updated = productRows(ROWS, 'BEN', 1).filter((r) => r.barcode !== '');
    const createCsv = toCsv(created);
    const runs: Run[] = [];
    runs.push(
      await run(`dry run, ${ROWS} new products (CSV)`, createCsv, { dryRun: true, name: 'products.csv' }),
    );
    runs.push(await run(`import, ${ROWS} new products (CSV)`, createCsv, { name: 'products.csv' }));
    runs.push(
      await run(`import, ${updated.length} updates by barcode (CSV)`, toCsv(updated), {
        name: 'products.csv',
      }),
    );
    runs.push(
      await run(`import, ${updated.length} unchanged (XLSX)`, await toXlsx(updated), {
        name: 'products.xlsx',
      }),
    );
    const pictures = await pictureZip(PICTURE_ROWS);
    runs.push(
      await run(`import, ${PICTURE_ROWS} new products with pictures (CSV + ZIP)`, toCsv(pictures.rows), {
        images: pictures.zip,
        name: 'products.csv',
      }),
    );

    const check = await call(ready.port, 'GET', '/api/stock/check', undefined, token);
    const mismatches = (check.json.data as unknown[] | undefined)?.length ?? -1;
    const header = ['step', 'rows', 'file', 'seconds', 'rows/s', 'server peak RSS'];
    const table = runs.map((r) => [
      r.step,
      String(r.rows),
      `${round(r.bytes / 1024 / 1024, 2)} MB`,
      String(r.seconds),
      String(Math.round(r.rows / r.seconds)),
      r.peakRssMb === null ? '' : `${r.peakRssMb} MB`,
    ]);
    console.log(`\n${textTable(header, table)}\n`);
    console.log(markdownTable(header, table));
    console.log(`\nproducts whose quantity differs from the ledger: ${mismatches}`);

    const main = runs[1];
    const failures: string[] = [];
    if (main && ROWS >= 10_000 && main.seconds > GOAL_S)
      failures.push(`${main.step}: ${main.seconds} s > ${GOAL_S} s`);
    if (mismatches !== 0) failures.push(`${mismatches} products differ from their ledger`);
    await writeJson(RESULTS, {
      at: new Date().toISOString(),
      rows: ROWS,
      goalSeconds: GOAL_S,
      runs: runs.map(({ report, ...r }) => ({
        ...r,
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
      })),
      ledgerMismatches: mismatches,
      failures,
    });
    for (const f of failures) console.log(`goal MISSED: ${f}`);
    if (!failures.length) console.log('goals met');
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await h.cleanup();
  }
}

main().catch(async (err: unknown) => {
  await h.fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
});
