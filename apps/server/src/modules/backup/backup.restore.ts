import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/client';
import { knownMigrations, runMigrations, runMigrationsUpTo } from '../../db/migrate';
import { contentTypeOf, isStorageKey, type Storage } from '../../lib/storage';
import { BackupFileError, readBackupFile, type BackupManifest } from './backup.format';

/**
 * Reads the whole file and checks it against its manifest: every table and picture present, each
 * of the size and SHA-256 written, nothing else, and a schema this version of the shop can migrate
 * forward from. An encrypted file needs its `key` (BACKUP_KEY): a wrong one is refused at once.
 * Nothing is restored from a file that fails.
 */
export async function verifyBackup(
  file: string,
  key?: string,
  /** Sees every entry's bytes as they are checked (the restore screen counts an old backup's rows). */
  peek?: (manifest: BackupManifest, entry: string, chunk: Buffer) => void,
): Promise<BackupManifest> {
  const seen = new Set<string>();
  const manifest = await readBackupFile(file, key, async (m, entry) => {
    const expected = expectedEntry(m, entry.name);
    if (seen.has(entry.name)) throw new BackupFileError(`This backup file is damaged: ${entry.name} twice.`);
    seen.add(entry.name);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of entry.stream) {
      hash.update(chunk);
      bytes += chunk.length;
      peek?.(m, entry.name, chunk);
    }
    if (bytes !== expected.bytes || hash.digest('hex') !== expected.sha256)
      throw new BackupFileError(`This backup file is damaged: ${entry.name} does not match its checksum.`);
  });
  for (const e of [...manifest.tables, ...manifest.files])
    if (!seen.has(e.entry))
      throw new BackupFileError(`This backup file is incomplete: ${e.entry} is missing (it was cut short).`);
  checkSchema(manifest);
  return manifest;
}

function expectedEntry(manifest: BackupManifest, name: string): { bytes: number; sha256: string } {
  const found = manifest.tables.find((t) => t.entry === name) ?? manifest.files.find((f) => f.entry === name);
  if (!found)
    throw new BackupFileError(
      `This backup file is damaged: it holds ${name}, which its manifest does not name.`,
    );
  return found;
}

function checkSchema(manifest: BackupManifest): void {
  const known = knownMigrations();
  const { migrations, tag } = manifest.schema;
  if (migrations > known.length || known[migrations - 1]?.tag !== tag)
    throw new BackupFileError(
      `This backup was taken by a newer version of the shop (schema ${tag}); update the shop to restore it.`,
    );
}

/** Whether the database already holds a shop (any table of its own). */
export async function databaseIsEmpty(database: Database): Promise<boolean> {
  const res = await database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
  );
  return res.rows[0]!.n === 0;
}

/** Removes every table of the shop (restore --force): the schemas go and come back empty. */
export async function emptyDatabase(database: Database): Promise<void> {
  await database.pool.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  await database.pool.query('DROP SCHEMA public CASCADE');
  await database.pool.query('CREATE SCHEMA public');
}

/**
 * Restores a verified backup into an empty database and uploads folder: the schema as the backup
 * had it, every table's rows in one transaction (foreign keys added back and checked once all rows
 * are in, triggers quiet so derived tallies are not counted twice), the sequences where they were,
 * the pictures byte for byte; then the migrations since the backup carry it forward.
 */
export async function restoreBackup(opts: {
  file: string;
  manifest: BackupManifest;
  database: Database;
  /** The local uploads folder (STORAGE=local). */
  uploadsDir: string;
  /** With STORAGE=s3 the pictures go into the bucket instead of uploadsDir. */
  storage?: Storage;
  /** The key of an encrypted backup (BACKUP_KEY). */
  key?: string;
}): Promise<void> {
  const { manifest, database } = opts;
  await runMigrationsUpTo(database, manifest.schema.migrations);
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const fks = await client.query<{ table: string; name: string; def: string }>(
      `SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS def
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public'`,
    );
    for (const fk of fks.rows) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT "${fk.name}"`);
    for (const t of manifest.tables) await client.query(`ALTER TABLE "${t.name}" DISABLE TRIGGER USER`);
    // Rows some migration put in (settings' defaults) make way for the backup's own.
    for (const t of manifest.tables) await client.query(`DELETE FROM "${t.name}"`);

    fs.mkdirSync(opts.uploadsDir, { recursive: true });
    await readBackupFile(opts.file, opts.key, async (m, entry) => {
      const table = m.tables.find((t) => t.entry === entry.name);
      if (table) {
        const list = table.columns.map((c) => `"${c}"`).join(', ');
        await pipeline(entry.stream, client.query(copyFrom(`COPY "${table.name}" (${list}) FROM STDIN`)));
        return;
      }
      const picture = m.files.find((f) => f.entry === entry.name);
      if (!picture) throw new BackupFileError(`This backup file is damaged: unexpected ${entry.name}.`);
      if (opts.storage && opts.storage.kind !== 'local')
        await putPicture(opts.storage, picture, entry.stream);
      else await writePicture(opts.uploadsDir, picture, entry.stream);
    });

    for (const s of manifest.sequences)
      await client.query(`SELECT setval($1, $2::bigint, $3)`, [`"${s.name}"`, s.value, s.called]);
    for (const t of manifest.tables) await client.query(`ALTER TABLE "${t.name}" ENABLE TRIGGER USER`);
    for (const fk of fks.rows)
      await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT "${fk.name}" ${fk.def}`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  await runMigrations(database);
}

/** A picture into the bucket, checked against its checksum before it is stored. */
async function putPicture(
  storage: Storage,
  picture: BackupManifest['files'][number],
  stream: AsyncIterable<Buffer>,
): Promise<void> {
  if (!isStorageKey(picture.key))
    throw new BackupFileError(
      `This backup file is damaged: a picture's name (${picture.key}) is not a picture's.`,
    );
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  if (createHash('sha256').update(body).digest('hex') !== picture.sha256)
    throw new BackupFileError(`This backup file changed while it was restored (${picture.entry}).`);
  await storage.put(picture.key, body, contentTypeOf(picture.key));
}

/** A picture into the uploads folder, checked against its checksum before it takes its name. */
async function writePicture(
  root: string,
  picture: BackupManifest['files'][number],
  stream: AsyncIterable<Buffer>,
): Promise<void> {
  const target = path.resolve(root, picture.key);
  if (!target.startsWith(path.resolve(root) + path.sep))
    throw new BackupFileError(
      `This backup file is damaged: a picture's name (${picture.key}) leaves the folder.`,
    );
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const hash = createHash('sha256');
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(stream, check, fs.createWriteStream(tmp));
  if (hash.digest('hex') !== picture.sha256) {
    fs.rmSync(tmp, { force: true });
    throw new BackupFileError(`This backup file changed while it was restored (${picture.entry}).`);
  }
  fs.renameSync(tmp, target);
}
