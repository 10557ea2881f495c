import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { decryptStream, encryptStream, isEncrypted, SIGNATURE_BYTES } from './backup.crypto';

/**
 * A backup file: a gzip-compressed tar whose first entry is the manifest (`MANIFEST`), then one
 * entry per table (`tables/<name>.copy`, PostgreSQL's COPY text format) and one per uploaded
 * picture (`uploads/<key>`). The manifest names every entry with its size and SHA-256, so a file
 * cut short or changed is refused before anything is restored. With BACKUP_KEY the whole file is
 * encrypted as it is written (backup.crypto.ts) and decrypted as it is read; a file without the
 * encryption's header is read as it is, so backups taken before a key was set still restore.
 */
const MANIFEST = 'bazar-backup.json';
export const FORMAT = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const entryName = z
  .string()
  .regex(/^[A-Za-z0-9_./-]+$/)
  .max(300);

const backupManifest = z.object({
  format: z.literal(FORMAT),
  app: z.literal('bazar'),
  created: z.iso.datetime(),
  /** The migrations applied to the database backed up: how many and the last one's tag. */
  schema: z.object({ migrations: z.number().int().positive(), tag: z.string() }),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1),
      rows: z.number().int().nonnegative(),
      entry: entryName,
      bytes: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  sequences: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      value: z.string().regex(/^-?\d+$/),
      called: z.boolean(),
    }),
  ),
  files: z.array(z.object({ entry: entryName, key: z.string(), bytes: z.number().int(), sha256 })),
  /** What the restore screen shows: written since issue 29 (older backups are counted as read). */
  counts: z
    .object({
      orders: z.number().int().nonnegative(),
      products: z.number().int().nonnegative(),
      customers: z.number().int().nonnegative(),
    })
    .optional(),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** A backup file that cannot be restored, with the reason in words for the owner. */
export class BackupFileError extends Error {}

/** Only the owner may read a backup (every customer's phone number is in it), or its folder. */
export const BACKUP_FILE_MODE = 0o600;
const BACKUP_DIR_MODE = 0o700;

/**
 * Makes the backups folder (and the folders on its way) if it is not there, and makes it the
 * owner's alone (0700) if it is; the backups in it and the failure note 0600. Answers what it could
 * not change (a folder of another user, a filesystem without modes), for the log.
 */
export function keepPrivate(dir: string, isBackup: (name: string) => boolean): string[] {
  const failed: string[] = [];
  const chmod = (target: string, mode: number) => {
    try {
      if ((fs.statSync(target).mode & 0o777) !== mode) fs.chmodSync(target, mode);
    } catch (err) {
      failed.push(`${target}: ${(err as Error).message}`);
    }
  };
  fs.mkdirSync(dir, { recursive: true, mode: BACKUP_DIR_MODE });
  chmod(dir, BACKUP_DIR_MODE);
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    if (item.isDirectory() && item.name.startsWith('.work-'))
      chmod(path.join(dir, item.name), BACKUP_DIR_MODE);
    else if (item.isFile() && isBackup(item.name)) chmod(path.join(dir, item.name), BACKUP_FILE_MODE);
  }
  return failed;
}

/** The SHA-256 and size of a file on disk. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Writes the backup file (mode 0600): the manifest, then each entry from its file on disk,
 * gzip-compressed, and encrypted with `key` when there is one.
 */
export async function writeBackupFile(
  target: string,
  manifest: BackupManifest,
  sources: ReadonlyArray<{ entry: string; file: string; bytes: number }>,
  key?: string,
): Promise<void> {
  const pack = tar.pack();
  const out = fs.createWriteStream(target, { flags: 'wx', mode: BACKUP_FILE_MODE });
  const gzip = zlib.createGzip({ level: 6 });
  const written =
    key === undefined ? pipeline(pack, gzip, out) : pipeline(pack, gzip, await encryptStream(key), out);
  const add = (name: string, size: number, body: NodeJS.ReadableStream | Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (Buffer.isBuffer(body)) {
        pack.entry({ name, size, mtime: new Date(manifest.created) }, body, (err) =>
          err ? reject(err) : resolve(),
        );
        return;
      }
      const entry = pack.entry({ name, size, mtime: new Date(manifest.created) }, (err) =>
        err ? reject(err) : resolve(),
      );
      pipeline(body, entry).catch(reject);
    });
  try {
    await add(MANIFEST, Buffer.byteLength(JSON.stringify(manifest)), Buffer.from(JSON.stringify(manifest)));
    for (const source of sources) await add(source.entry, source.bytes, fs.createReadStream(source.file));
    pack.finalize();
    await written;
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => undefined);
    throw err;
  }
  // On disk before it is renamed into place: a power cut never leaves a named, half-written backup.
  const handle = await fs.promises.open(target, 'r');
  await handle.sync().finally(() => handle.close());
}

type Entry = { name: string; stream: AsyncIterable<Buffer> };

/** Whether the backup file is encrypted (it starts with the encryption's header). */
export function backupIsEncrypted(file: string): boolean {
  const start = Buffer.alloc(SIGNATURE_BYTES);
  const fd = fs.openSync(file, 'r');
  try {
    return isEncrypted(start.subarray(0, fs.readSync(fd, start, 0, start.length, 0)));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads a backup file entry by entry: the manifest first, then `onEntry` for every other entry in
 * the order written; an encrypted file is decrypted with `key` (each piece checked before it is
 * read). A file that is not a backup, is cut short, does not inflate, or is encrypted and not with
 * this key (or with none given) is a BackupFileError.
 */
export async function readBackupFile(
  file: string,
  key: string | undefined,
  onEntry: (manifest: BackupManifest, entry: Entry) => Promise<void>,
): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupFileError(`There is no file ${file}.`);
  const extract = tar.extract();
  const read = fs.createReadStream(file);
  const source = backupIsEncrypted(file)
    ? pipeline(read, decryptStream(key), zlib.createGunzip(), extract)
    : pipeline(read, zlib.createGunzip(), extract);
  let manifest: BackupManifest | undefined;
  try {
    for await (const item of extract) {
      const name = item.header.name;
      if (!manifest) {
        if (name !== MANIFEST) throw new BackupFileError('This is not a backup of the shop (no manifest).');
        manifest = parseManifest(await readAll(item as AsyncIterable<Buffer>));
        continue;
      }
      await onEntry(manifest, { name, stream: item as AsyncIterable<Buffer> });
    }
    await source;
  } catch (err) {
    extract.destroy();
    await source.catch(() => undefined);
    throw readingError(err);
  }
  if (!manifest) throw new BackupFileError('This backup file is empty.');
  return manifest;
}

function parseManifest(bytes: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupFileError('This backup file is damaged: its manifest cannot be read.');
  }
  const parsed = backupManifest.safeParse(json);
  if (!parsed.success)
    throw new BackupFileError(
      (json as { app?: unknown } | null)?.app === 'bazar' && (json as { format?: unknown }).format !== FORMAT
        ? 'This backup was written by a newer version of the shop; update the shop to restore it.'
        : 'This backup file is damaged: its manifest is not valid.',
    );
  return parsed.data;
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A failure while reading, in words: cut short, not gzip, damaged. */
function readingError(err: unknown): Error {
  if (err instanceof BackupFileError) return err;
  const e = err as NodeJS.ErrnoException;
  const message = e?.message ?? String(err);
  if (e?.code === 'Z_BUF_ERROR' || /unexpected end|premature|truncated|Unexpected end/i.test(message))
    return new BackupFileError('This backup file is incomplete: it was cut short (copy it again).');
  if (e?.code === 'Z_DATA_ERROR' || /incorrect header check|invalid/i.test(message))
    return new BackupFileError(`This backup file is damaged (${message}).`);
  return err instanceof Error ? err : new Error(message);
}
