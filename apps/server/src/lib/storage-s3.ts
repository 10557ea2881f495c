import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { uploadsDir, type Config } from '../config';
import { isStorageKey, LocalStorage, S3_UPLOADS_PREFIX, type Storage, type StoredFile } from './storage';

export type S3Options = {
  /** The store's address (https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 for MinIO); unset: AWS. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load files from (the bucket's public address or a CDN); unset: through the app. */
  publicUrl: string | undefined;
  /** Folder in the bucket the uploads live under. */
  prefix?: string;
  /** Per request (a store that does not answer must not hold an upload or a page forever). */
  timeoutMs?: number;
};

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * A client of an S3-compatible store (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces): path-style
 * addressing, which every one of them accepts, and checksums only where the API requires them (R2
 * and MinIO refuse some of the SDK's newer default checksum headers).
 */
export function s3Client(opts: {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  timeoutMs?: number | undefined;
}): S3Client {
  return new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: true,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { requestTimeout: opts.timeoutMs ?? 15_000, connectionTimeout: 5_000 },
  });
}

/** Uploads in an S3-compatible bucket: every app server reads and writes the same files. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(private readonly opts: S3Options) {
    this.prefix = opts.prefix ?? S3_UPLOADS_PREFIX;
    this.client = s3Client(opts);
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`bad storage key ${key}`);
    return this.prefix + key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        // Served straight from the bucket or a CDN, a content-hashed file can be kept for a year.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isStorageKey(key)) return undefined;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }),
      );
      if (!(out.Body instanceof Readable)) throw new Error('the store answered without a body');
      return { body: out.Body, size: out.ContentLength, contentType: out.ContentType };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  /**
   * Pages on with StartAfter (the last key seen) rather than a continuation token: every
   * S3-compatible store takes it, and keys come back in order either way.
   */
  async *list(): AsyncIterable<string> {
    let after: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: this.prefix, StartAfter: after }),
      );
      const items = page.Contents ?? [];
      for (const item of items) {
        const key = item.Key?.slice(this.prefix.length);
        if (key && isStorageKey(key)) yield key;
      }
      const last = items.at(-1)?.Key;
      if (!page.IsTruncated || !last) return;
      after = last;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  url(key: string): string {
    return this.opts.publicUrl
      ? `${this.opts.publicUrl.replace(/\/+$/, '')}/${this.prefix}${key}`
      : `/uploads/${key}`;
  }

  /** Writes and deletes a small probe object: the credentials, the bucket and the network all work. */
  async checkWritable(): Promise<void> {
    const probe = `${this.prefix}.ready-${randomBytes(6).toString('hex')}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: probe, Body: 'ok' }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: probe }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** The store the configuration names: DATA_DIR/uploads, or the S3 bucket. */
export function storageFromConfig(config: Config): Storage {
  const s = config.storage;
  if (s.kind === 'local') return new LocalStorage(uploadsDir(config));
  return new S3Storage({
    endpoint: s.endpoint,
    region: s.region,
    bucket: s.bucket,
    accessKeyId: s.accessKeyId,
    secretAccessKey: s.secretAccessKey,
    publicUrl: s.publicUrl,
  });
}
