import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** One stored file as read back: its bytes as a stream, and what is known of it. */
export type StoredFile = { body: Readable; size: number | undefined; contentType: string | undefined };

/**
 * Where uploaded files live (product pictures, stories). Keys are content hashes with a size and
 * an extension (`<hash>-400.webp`), so a file never changes once written and may be cached forever.
 * `LocalStorage` keeps them in DATA_DIR/uploads (one app server); `S3Storage` (storage-s3.ts) in an
 * S3-compatible bucket shared by every app server.
 */
export interface Storage {
  /** Which store, for logs and the ready check ("local", "s3"). */
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or undefined when there is none under this key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Every key, in no set order (backups and `npm run storage:copy` walk them). */
  list(): AsyncIterable<string>;
  /** The URL the browser loads the file from. */
  url(key: string): string;
  /** Throws when the store cannot take a write now (the ready check). */
  checkWritable(): Promise<void>;
  /** Whether a file is there under this key (without reading it). */
  has(key: string): Promise<boolean>;
  /** Lets go of connections (the app closing). */
  close?(): void;
}

/** In a bucket, uploads live under this folder, so the bucket can hold other things beside them. */
export const S3_UPLOADS_PREFIX = 'uploads/';

/** Keys are made by the app (hash-size.ext); anything else never reaches a store. */
const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export const isStorageKey = (key: string) => STORAGE_KEY.test(key) && !key.includes('..');

/** The content type of a stored file, by its extension (uploads are only ever these). */
export function contentTypeOf(key: string): string {
  const ext = path.extname(key).toLowerCase();
  return (
    {
      '.webp': 'image/webp',
      '.png': 'image/png',
      '.jpg': 'image/jpeg',
      '.jpeg': 'image/jpeg',
      '.gif': 'image/gif',
    }[ext] ?? 'application/octet-stream'
  );
}

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!isStorageKey(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.file(key);
    // Keys are content hashes: a file that exists already holds these very bytes.
    if (
      await fsp.stat(file).then(
        () => true,
        () => false,
      )
    )
      return;
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file, and two writers never share a temp file.
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, file);
    } catch (err) {
      // A full disk leaves no half-written file taking the space that was left.
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isStorageKey(key)) return undefined;
    const file = this.file(key);
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return { body: fs.createReadStream(file), size: stat.size, contentType: contentTypeOf(key) };
  }

  async *list(): AsyncIterable<string> {
    const names = await fsp.readdir(this.root).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const name of names.sort()) {
      if (!isStorageKey(name) || name.endsWith('.tmp')) continue;
      const stat = await fsp.stat(path.join(this.root, name)).catch(() => undefined);
      if (stat?.isFile()) yield name;
    }
  }

  async has(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    const stat = await fsp.stat(this.file(key)).catch(() => undefined);
    return !!stat?.isFile();
  }

  url(key: string): string {
    return `/uploads/${key}`;
  }

  async checkWritable(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.ready.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    await fsp.writeFile(probe, 'ok');
    await fsp.rm(probe, { force: true });
  }
}

/** A stream's whole content (small files only: pictures, probes). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
