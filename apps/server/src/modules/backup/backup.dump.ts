import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { ROLE } from '@bazar/contracts/common';
import { to as copyTo } from 'pg-copy-streams';
import { BACKUP_FILE_NAME } from '@bazar/contracts/backup';
import { appliedSchema } from '../../db/migrate';
import { shopMoment, shopTime } from '../../lib/shop-day';
import type { Storage } from '../../lib/storage';
import {
  BACKUP_FILE_MODE,
  FORMAT,
  hashFile,
  keepPrivate,
  writeBackupFile,
  type BackupManifest,
} from './backup.format';

export type BackupInfo = { name: string; bytes: number; created: string };

/** SHOP_TZ's default (config.ts), for the callers that do not say. */
const DEFAULT_TZ = 'Asia/Dhaka';

/**
 * Backup files are named by the moment they were taken, on the shop's clock (SHOP_TZ) to the
 * second (bazar-2026-11-29-213005-ab12.tar.gz), as the back office shows times; those named before,
 * in UTC (bazar-20261127T030000Z-ab12.tar.gz), are read as well. An encrypted one (BACKUP_KEY) ends
 * in `.enc`. Lists are sorted by the moment a name says, never by the name.
 */
export const BACKUP_NAME = BACKUP_FILE_NAME;

const backupName = (at: Date, tz: string, encrypted: boolean) => {
  const wall = shopTime(at, tz).replace(' ', '-').replace(':', '');
  const seconds = String(at.getUTCSeconds()).padStart(2, '0');
  return `bazar-${wall}${seconds}-${randomBytes(2).toString('hex')}.tar.gz${encrypted ? '.enc' : ''}`;
};

/** The moment a backup file's name says it was taken (a new name is on the clock of `tz`). */
export function takenAt(name: string, tz: string): Date | undefined {
  if (!BACKUP_NAME.test(name)) return undefined;
  const utc = /^bazar-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name);
  if (utc) return new Date(`${utc[1]}-${utc[2]}-${utc[3]}T${utc[4]}:${utc[5]}:${utc[6]}Z`);
  const shop = /^bazar-(\d{4}-\d{2}-\d{2})-(\d{2})(\d{2})(\d{2})/.exec(name)!;
  return shopMoment(shop[1]!, Number(shop[2]), Number(shop[3]), tz, Number(shop[4]));
}

/**
 * Takes a backup of every table as of one moment and of every uploaded picture into one file in
 * `backupDir`. The tables are read in one read-only repeatable-read transaction (a snapshot: the
 * shop keeps selling, and the file holds exactly what was committed when it began); pictures are
 * named by their content, never change once written, so copying them after the snapshot is safe.
 * The folder is the owner's alone (0700) and so is the file (0600); with `key` (BACKUP_KEY) the
 * file is encrypted as it is written (backup.crypto.ts).
 */
export async function createBackup(opts: {
  pool: pg.Pool;
  /** The local uploads folder (STORAGE=local). */
  uploadsDir: string;
  /** With STORAGE=s3 the pictures are read from the bucket instead of uploadsDir. */
  storage?: Storage;
  backupDir: string;
  now: Date;
  /** The shop's time zone (SHOP_TZ): the file's name is on its clock. */
  tz?: string;
  /** BACKUP_KEY: the file is encrypted with it. */
  key?: string | undefined;
}): Promise<BackupInfo> {
  const tz = opts.tz ?? DEFAULT_TZ;
  keepPrivate(opts.backupDir, (name) => BACKUP_NAME.test(name));
  // mkdtemp makes its folder 0700: the tables spooled there are the owner's alone.
  const work = fs.mkdtempSync(path.join(opts.backupDir, '.work-'));
  try {
    const client = await opts.pool.connect();
    let manifest: Omit<BackupManifest, 'files'>;
    const sources: Array<{ entry: string; file: string; bytes: number }> = [];
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      manifest = await dumpTables(client, work, opts.now, sources);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    const files: BackupManifest['files'] = [];
    const addPicture = async (key: string, file: string) => {
      const { sha256, bytes } = await hashFile(file);
      const entry = `uploads/${key}`;
      files.push({ entry, key, bytes, sha256 });
      sources.push({ entry, file, bytes });
    };
    if (opts.storage && opts.storage.kind !== 'local') {
      // A bucket's pictures are copied down first: the manifest (written first) needs each one's hash.
      const dir = path.join(work, 'uploads');
      fs.mkdirSync(dir);
      const keys: string[] = [];
      for await (const key of opts.storage.list()) keys.push(key);
      for (const key of keys.sort()) {
        const found = await opts.storage.get(key);
        if (!found) continue; // removed since it was listed
        const file = path.join(dir, key);
        await pipeline(found.body, fs.createWriteStream(file, { mode: BACKUP_FILE_MODE }));
        await addPicture(key, file);
      }
    } else {
      for (const key of listFiles(opts.uploadsDir)) await addPicture(key, path.join(opts.uploadsDir, key));
    }
    const name = backupName(opts.now, tz, opts.key !== undefined);
    const partial = path.join(work, `${name}.partial`);
    await writeBackupFile(partial, { ...manifest, files }, sources, opts.key);
    const target = path.join(opts.backupDir, name);
    fs.renameSync(partial, target);
    return { name, bytes: fs.statSync(target).size, created: takenAt(name, tz)!.toISOString() };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function dumpTables(
  client: pg.PoolClient,
  work: string,
  now: Date,
  sources: Array<{ entry: string; file: string; bytes: number }>,
): Promise<Omit<BackupManifest, 'files'>> {
  const schema = await appliedSchema(client);
  const columns = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.table_name AS table, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
       FROM information_schema.columns c
       JOIN pg_tables t ON t.schemaname = c.table_schema AND t.tablename = c.table_name
      WHERE c.table_schema = 'public' AND c.is_generated = 'NEVER'
      GROUP BY c.table_name ORDER BY c.table_name`,
  );
  const tables: BackupManifest['tables'] = [];
  for (const { table, columns: cols } of columns.rows) {
    const entry = `tables/${table}.copy`;
    const file = path.join(work, `${table}.copy`);
    const hash = createHash('sha256');
    let bytes = 0;
    let rows = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        bytes += chunk.length;
        // COPY's text format ends every row with a newline and escapes the ones inside values.
        for (const b of chunk) if (b === 10) rows++;
        done(null, chunk);
      },
    });
    const list = cols.map((c) => `"${c}"`).join(', ');
    await pipeline(
      client.query(copyTo(`COPY "${table}" (${list}) TO STDOUT`)),
      count,
      fs.createWriteStream(file, { mode: BACKUP_FILE_MODE }),
    );
    tables.push({ name: table, columns: cols, rows, entry, bytes, sha256: hash.digest('hex') });
    sources.push({ entry, file, bytes });
  }
  const sequences: BackupManifest['sequences'] = [];
  const names = await client.query<{ name: string }>(
    `SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  for (const { name } of names.rows) {
    // A sequence is outside the snapshot: its value now is at least what any row read holds.
    const v = await client.query<{ value: string; called: boolean }>(
      `SELECT last_value::text AS value, is_called AS called FROM "${name}"`,
    );
    sequences.push({ name, value: v.rows[0]!.value, called: v.rows[0]!.called });
  }
  // What the restore screen shows before the owner confirms (backups taken before this have none).
  const customers = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE role = $1',
    [ROLE.customer],
  );
  const rows = (name: string) => tables.find((t) => t.name === name)?.rows ?? 0;
  const counts = { orders: rows('orders'), products: rows('products'), customers: customers.rows[0]!.n };
  return { format: FORMAT, app: 'bazar', created: now.toISOString(), schema, tables, sequences, counts };
}

/** The uploaded files (content-hash keys, in nested folders), skipping half-written temp files. */
function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const keys: string[] = [];
  for (const item of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!item.isFile() || item.name.endsWith('.tmp')) continue;
    const full = path.join(item.parentPath, item.name);
    keys.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return keys.sort();
}
