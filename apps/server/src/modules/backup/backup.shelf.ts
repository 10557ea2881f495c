import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { backupDir, type Config } from '../../config';
import { s3Client } from '../../lib/storage-s3';
import { BACKUP_NAME, takenAt, type BackupInfo } from './backup.dump';
import { BACKUP_FILE_MODE, keepPrivate } from './backup.format';

export type BackupFailure = { at: string; message: string };

/**
 * Where finished backups are kept. A folder (BACKUP_DIR, one app server), or a bucket of their own
 * (BACKUP_S3_BUCKET, required with STORAGE=s3), so every app server lists, downloads and prunes the
 * same files and knows when the day's backup was taken by any of them.
 */
export interface BackupShelf {
  /** For messages: the folder, or s3://bucket/prefix. */
  readonly where: string;
  /** At start: the folder made the owner's alone (0700, its backups 0600); what could not be, said. */
  prepare(log: { warn(msg: string): void }): Promise<void>;
  /** Newest first. */
  list(): Promise<BackupInfo[]>;
  /** Moves a finished file (written in a local folder) onto the shelf under its name. */
  keep(file: string, name: string): Promise<void>;
  open(name: string): Promise<{ body: Readable; bytes: number } | undefined>;
  remove(name: string): Promise<void>;
  failure(): Promise<BackupFailure | null>;
  setFailure(failure: BackupFailure | null): Promise<void>;
  /** Lets go of connections (the app closing). */
  close(): void;
}

const FAILURE_FILE = 'last-failure.json';

const info = (name: string, bytes: number, tz: string): BackupInfo => ({
  name,
  bytes,
  created: takenAt(name, tz)!.toISOString(),
});
// By the moment taken: names in UTC (before) and on the shop's clock (now) do not sort as times do.
const newestFirst = (a: BackupInfo, b: BackupInfo) =>
  a.created === b.created ? (a.name < b.name ? 1 : -1) : a.created < b.created ? 1 : -1;

export class FolderShelf implements BackupShelf {
  /** `tz`: the shop's time zone (SHOP_TZ), the clock backups are named on. */
  constructor(
    readonly dir: string,
    private readonly tz: string,
  ) {}

  get where(): string {
    return this.dir;
  }

  async prepare(log: { warn(msg: string): void }): Promise<void> {
    let failed: string[];
    try {
      failed = keepPrivate(this.dir, (name) => BACKUP_NAME.test(name) || name === FAILURE_FILE);
    } catch (err) {
      // The shop starts all the same: the backup itself fails, and says so, until the folder can be made.
      failed = [`${this.dir}: ${(err as Error).message}`];
    }
    for (const what of failed)
      log.warn(`Backups: could not make ${what} readable by the shop's user only (chmod 700/600).`);
  }

  close(): void {}

  async list(): Promise<BackupInfo[]> {
    const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
    const out: BackupInfo[] = [];
    for (const name of names) {
      if (!BACKUP_NAME.test(name)) continue;
      const stat = await fsp.stat(path.join(this.dir, name)).catch(() => undefined);
      if (stat?.isFile()) out.push(info(name, stat.size, this.tz));
    }
    return out.sort(newestFirst);
  }

  async keep(file: string, name: string): Promise<void> {
    const target = path.join(this.dir, name);
    if (path.resolve(file) !== path.resolve(target)) await fsp.rename(file, target);
  }

  async open(name: string) {
    if (!BACKUP_NAME.test(name)) return undefined;
    const file = path.join(this.dir, name);
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return { body: fs.createReadStream(file), bytes: stat.size };
  }

  async remove(name: string): Promise<void> {
    if (BACKUP_NAME.test(name)) await fsp.rm(path.join(this.dir, name), { force: true });
  }

  async failure(): Promise<BackupFailure | null> {
    try {
      return parseFailure(await fsp.readFile(path.join(this.dir, FAILURE_FILE), 'utf8'));
    } catch {
      return null;
    }
  }

  async setFailure(failure: BackupFailure | null): Promise<void> {
    const file = path.join(this.dir, FAILURE_FILE);
    if (!failure) return fsp.rm(file, { force: true });
    await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await fsp.writeFile(file, JSON.stringify(failure), { mode: BACKUP_FILE_MODE });
  }
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

class BucketShelf implements BackupShelf {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
    private readonly tz: string,
  ) {}

  get where(): string {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  async prepare(): Promise<void> {}

  close(): void {
    this.client.destroy();
  }

  async list(): Promise<BackupInfo[]> {
    const out: BackupInfo[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, StartAfter: after }),
      );
      const items = page.Contents ?? [];
      for (const item of items) {
        const name = item.Key?.slice(this.prefix.length) ?? '';
        if (BACKUP_NAME.test(name)) out.push(info(name, item.Size ?? 0, this.tz));
      }
      const last = items.at(-1)?.Key;
      if (!page.IsTruncated || !last) break;
      after = last;
    }
    return out.sort(newestFirst);
  }

  async keep(file: string, name: string): Promise<void> {
    const { size } = await fsp.stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + name,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: name.endsWith('.enc') ? 'application/octet-stream' : 'application/gzip',
      }),
    );
    await fsp.rm(file, { force: true });
  }

  async open(name: string) {
    if (!BACKUP_NAME.test(name)) return undefined;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }),
      );
      if (!(out.Body instanceof Readable)) return undefined;
      return { body: out.Body, bytes: out.ContentLength ?? 0 };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async remove(name: string): Promise<void> {
    if (BACKUP_NAME.test(name))
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
  }

  async failure(): Promise<BackupFailure | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + FAILURE_FILE }),
      );
      return parseFailure((await out.Body?.transformToString('utf8')) ?? '');
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async setFailure(failure: BackupFailure | null): Promise<void> {
    const Key = this.prefix + FAILURE_FILE;
    if (!failure) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
      return;
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key,
        Body: JSON.stringify(failure),
        ContentType: 'application/json',
      }),
    );
  }
}

function parseFailure(text: string): BackupFailure | null {
  try {
    const parsed = JSON.parse(text) as Partial<BackupFailure>;
    return typeof parsed.at === 'string' && typeof parsed.message === 'string'
      ? { at: parsed.at, message: parsed.message }
      : null;
  } catch {
    return null;
  }
}

/** The backups' own bucket (BACKUP_S3_BUCKET) when there is one; else the backups folder. */
export function backupShelf(config: Config): BackupShelf {
  const bucket = config.backup.bucket;
  return bucket
    ? new BucketShelf(s3Client(bucket), bucket.bucket, bucket.prefix, config.shopTz)
    : new FolderShelf(backupDir(config), config.shopTz);
}
