import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';

/**
 * A backup file: a gzip-compressed tar whose first entry is the manifest (`MANIFEST`), then one
 * entry per table (`tables/<name>.copy`, PostgreSQL's COPY text format) and one per uploaded
 * picture (`uploads/<key>`). The manifest names every entry with its size and SHA-256, so a file
 * cut short or changed is refused before anything is restored.
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
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** A backup file that cannot be restored, with the reason in words for the owner. */
export class BackupFileError extends Error {}

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

/** Writes the backup file: the manifest, then each entry from its file on disk, gzip-compressed. */
export async function writeBackupFile(
  target: string,
  manifest: BackupManifest,
  sources: ReadonlyArray<{ entry: string; file: string; bytes: number }>,
): Promise<void> {
  const pack = tar.pack();
  const out = fs.createWriteStream(target, { flags: 'wx' });
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), out);
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

/**
 * Reads a backup file entry by entry: the manifest first, then `onEntry` for every other entry in
 * the order written. A file that is not a backup, is cut short or does not inflate is a
 * BackupFileError.
 */
export async function readBackupFile(
  file: string,
  onEntry: (manifest: BackupManifest, entry: Entry) => Promise<void>,
): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupFileError(`There is no file ${file}.`);
  const extract = tar.extract();
  const source = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
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
