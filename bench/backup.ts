/**
 * npm run bench:backup: a backup and a restore of "a year of trading" (bench/year-data.ts: 50,000
 * products, 5,000 customers, 200,000 orders and their lines, payments, returns, stock entries,
 * expenses and the ledger) on the embedded PostgreSQL: how long each takes, how large the file is,
 * how much memory the process holds (the file is streamed, never held), and that the restored shop
 * keeps every invariant and every count. BENCH_YEAR_SCALE=10 runs a tenth of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ROLE } from '@bazar/contracts/common';
import { connect } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { createBackup } from '../apps/server/src/modules/backup/backup.dump';
import { restoreBackup, verifyBackup } from '../apps/server/src/modules/backup/backup.restore';
import { benchStart, positiveInt, ROOT, textTable, writeJson } from './lib';
import { checkYear, FULL_YEAR, generateYear, scaledYear } from './year-data';

const SCALE = positiveInt('BENCH_YEAR_SCALE', process.env.BENCH_YEAR_SCALE, 100, 100);
const SIZE = SCALE === 100 ? FULL_YEAR : scaledYear(SCALE);
const DATA_DIR = path.join(ROOT, '.data-test', `bench-backup-${process.pid}`);
const RESULTS = path.join(ROOT, 'bench', 'results', 'backup-latest.json');
const say = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };

/** The largest resident memory of this process while `run` runs, sampled every 20 ms. */
async function peakRss<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; rssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    const value = await run();
    return { value, ms: Math.round(performance.now() - t0), rssMb: Math.round(peak / 1048576) };
  } finally {
    clearInterval(timer);
  }
}

async function counts(pool: pg.Pool): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'products',
    'users',
    'orders',
    'order_lines',
    'payments',
    'stock_ledger',
    'expenses',
  ]) {
    out[table] = Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  }
  return out;
}

benchStart();
fs.rmSync(DATA_DIR, { recursive: true, force: true });
const embedded = await startEmbeddedPostgres({ dataDir: DATA_DIR }, say);
try {
  const source = connect(embedded.url, 4, { prepare: false });
  await runMigrations(source);
  const client = await source.pool.connect();
  const admin = await client.query<{ id: number }>(
    `INSERT INTO users (name, phone, password_hash, ref_code, role, status)
     VALUES ('Bench Owner', '01900000098', 'x', 'BENCHB', $1, 1) RETURNING id`,
    [ROLE.admin],
  );
  console.log(`Writing a year of trading (${SCALE} %) …`);
  const t0 = performance.now();
  await generateYear(client, SIZE, 20261127, admin.rows[0]!.id);
  await client.query('VACUUM ANALYZE');
  client.release();
  console.log(`… in ${Math.round((performance.now() - t0) / 1000)} s.`);

  const backupDir = path.join(DATA_DIR, 'backups');
  const uploadsDir = path.join(DATA_DIR, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const before = process.memoryUsage().rss;
  const backup = await peakRss(() =>
    createBackup({ pool: source.pool, uploadsDir, backupDir, now: new Date() }),
  );
  const file = path.join(backupDir, backup.value.name);
  const verify = await peakRss(() => verifyBackup(file));

  const admin2 = new pg.Client({ connectionString: embedded.url });
  await admin2.connect();
  await admin2.query(
    `CREATE DATABASE restored TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C'`,
  );
  await admin2.end();
  const url = new URL(embedded.url);
  url.pathname = '/restored';
  const target = connect(url.toString(), 4, { prepare: false });
  const restore = await peakRss(() =>
    restoreBackup({
      file,
      manifest: verify.value,
      database: target,
      uploadsDir: path.join(DATA_DIR, 'restored-uploads'),
    }),
  );

  const sourceCounts = await counts(source.pool);
  const restoredCounts = await counts(target.pool);
  const c = await target.pool.connect();
  const invariants = await checkYear(c);
  c.release();
  const same = JSON.stringify(sourceCounts) === JSON.stringify(restoredCounts);
  const broken = Object.entries(invariants).filter(([, n]) => n !== 0);
  const rows = verify.value.tables.reduce((n, t) => n + t.rows, 0);
  const dbBytes = Number(
    (await source.pool.query(`SELECT pg_database_size(current_database()) AS n`)).rows[0].n,
  );

  const result = {
    scale: SCALE,
    rows,
    database_mb: Math.round(dbBytes / 1048576),
    file_mb: Math.round((backup.value.bytes / 1048576) * 10) / 10,
    backup_s: backup.ms / 1000,
    verify_s: verify.ms / 1000,
    restore_s: restore.ms / 1000,
    rss_before_mb: Math.round(before / 1048576),
    rss_peak_backup_mb: backup.rssMb,
    rss_peak_verify_mb: verify.rssMb,
    rss_peak_restore_mb: restore.rssMb,
    counts_equal: same,
    invariants_broken: broken.length,
    counts: restoredCounts,
  };
  console.log(
    textTable(
      ['step', 'seconds', 'peak RSS MB'],
      [
        ['backup', String(result.backup_s), String(backup.rssMb)],
        ['verify', String(result.verify_s), String(verify.rssMb)],
        ['restore', String(result.restore_s), String(restore.rssMb)],
      ],
    ),
  );
  console.log(
    `${rows} rows; database ${result.database_mb} MB, backup file ${result.file_mb} MB; ` +
      `counts equal after restore: ${same}; invariants broken: ${broken.length}.`,
  );
  await writeJson(RESULTS, result);
  await target.close();
  await source.close();
  if (!same || broken.length) process.exitCode = 1;
} finally {
  await embedded.stop();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
}
