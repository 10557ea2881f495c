import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** The NOTIFY channel that tells every app server's cache the catalogue changed. */
export const CATALOG_CHANNEL = 'catalog_changed';
const CHANNEL = CATALOG_CHANNEL;

/**
 * Answers kept per kind. Searches have their own, smaller room: anyone can send endless different
 * search texts, and they must not push the catalogue pages out.
 */
export const CACHE_LIMITS = { catalog: 2000, search: 500 } as const;
export type CacheBucket = keyof typeof CACHE_LIMITS;

/**
 * A serialized answer and, made once on first asked and kept with it, its brotli and gzip forms:
 * a cached read then costs no compression work (issue 11).
 */
export type Cached = {
  body: string;
  etag: string;
  /** Kept in the cache: false for an answer made for one request (while the cache is not used). */
  kept: boolean;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The forms made so far, ready to send (send-cached.ts): a cached read waits for nothing. */
  ready: Partial<Record<Form, Sendable>>;
};
export type Encoding = 'br' | 'gzip';
/** How an answer goes over the wire: compressed one way, or as it is. */
export type Form = Encoding | 'identity';
/** One form of an answer: its bytes, its headers, and the headers of a 304 for it. */
export type Sendable = { body: Buffer; headers: Record<string, string>; notModified: Record<string, string> };

/** Answers smaller than this go as they are: compression would save less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The answer in `encoding`, compressed at most once per cached answer: with the best ratio for an
 * answer that is kept, quickly (as other answers are) for one made for a single request.
 */
export function encodedBody(cached: Cached, encoding: Encoding): Promise<Buffer> {
  let done = cached.encoded[encoding];
  if (!done) {
    const raw = Buffer.from(cached.body);
    done =
      encoding === 'br'
        ? brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: cached.kept ? 11 : 4,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : gzip(raw, { level: cached.kept ? 9 : 6 });
    cached.encoded[encoding] = done;
    done.catch(() => delete cached.encoded[encoding]);
  }
  return done;
}

/**
 * Serialized answers of the catalogue's public reads, kept until the catalogue changes.
 * A write calls `catalogChanged(tx)`: PostgreSQL delivers the NOTIFY at commit to every app
 * server (this one included) listening on the channel, and each drops its cache. If the listening
 * connection drops, notifications may have been missed, so the cache is dropped and it reconnects.
 */
export class CatalogCache {
  private entries: Record<CacheBucket, Map<string, Cached>> = { catalog: new Map(), search: new Map() };
  private pending = new Map<string, Promise<Cached>>();
  private generation = 0;
  private listener: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string | undefined,
    private readonly log: FastifyBaseLogger,
    /** The first wait before listening again after a lost connection (it doubles up to 30 s). */
    private readonly retryMs = 1000,
  ) {}

  /** Starts listening for changes made by any app server. */
  async start(): Promise<void> {
    if (!this.connectionString || this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', () => this.invalidate());
    client.on('error', (err) => {
      this.log.warn({ err }, 'catalogue cache listener lost its connection; reconnecting');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.invalidate(); // anything cached before we listened may be stale
  }

  /**
   * Until the listener is back the cache is not used (a change could go unnoticed). Tries again
   * after `retryMs`, then with a doubling wait up to 30 s, for as long as it takes: a database that is
   * away for minutes (a failover) must not leave the shop without its cache until a restart.
   */
  private reconnect(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    this.invalidate();
    client.end().catch(() => undefined);
    this.scheduleStart(this.retryMs);
  }

  private scheduleStart(delayMs: number): void {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.start().then(
        () => this.listening && this.log.info('catalogue cache listener is back'),
        (err: unknown) => {
          const next = Math.min(delayMs * 2, 30_000);
          this.log.warn(
            { err },
            `catalogue cache listener could not reconnect; trying again in ${next / 1000} s`,
          );
          this.scheduleStart(next);
        },
      );
    }, delayMs);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  /** True while changes from other app servers reach this cache. */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /** How many answers of this kind are kept now. */
  size(bucket: CacheBucket): number {
    return this.entries[bucket].size;
  }

  private changeListeners = new Set<() => void>();

  /** Calls `fn` whenever the catalogue changes (here or, through NOTIFY, on another app server). */
  onChange(fn: () => void): void {
    this.changeListeners.add(fn);
  }

  invalidate(): void {
    this.generation++;
    this.changeListeners.forEach((fn) => fn());
    for (const bucket of Object.values(this.entries)) bucket.clear();
    this.pending.clear();
    this.values.clear();
  }

  private values = new Map<string, Promise<unknown>>();

  /** A value derived from the catalogue (not an answer), kept until the catalogue changes. */
  async memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    let value = this.values.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      this.values.set(key, value);
      value.catch(() => this.values.delete(key));
    }
    return value;
  }

  /**
   * Answers served from the cache and answers loaded from the database, by kind, since start (the
   * metrics). A cached read peeks first: a hit counts there; on a miss get() counts the load, or a
   * hit when it joins a load already under way for the same answer.
   */
  readonly hits: Record<CacheBucket, number> = { catalog: 0, search: 0 };
  readonly misses: Record<CacheBucket, number> = { catalog: 0, search: 0 };

  /** The kept answer for `key`, if there is one: a cached read's way with no promise in between. */
  peek(key: string, bucket: CacheBucket = 'catalog'): Cached | undefined {
    const hit = this.listener === undefined ? undefined : this.entries[bucket].get(key);
    if (hit) this.hits[bucket]++;
    return hit;
  }

  /** The cached answer for `key`, or loads, serializes and keeps it (unless the catalogue changed meanwhile). */
  async get(key: string, load: () => Promise<unknown>, bucket: CacheBucket = 'catalog'): Promise<Cached> {
    // Without a listener another server's change could go unnoticed: do not cache then.
    if (!this.listening) {
      this.misses[bucket]++;
      return serialize(await load(), false);
    }
    const entries = this.entries[bucket];
    // Kept: peek() counted it (a kept answer reaches here only when its form is not made yet).
    const hit = entries.get(key);
    if (hit) return hit;
    const inFlight = this.pending.get(`${bucket}:${key}`);
    if (inFlight) {
      this.hits[bucket]++;
      return inFlight;
    }
    this.misses[bucket]++;
    const generation = this.generation;
    const promise = load().then((value) => {
      const cached = serialize(value, generation === this.generation);
      if (cached.kept) {
        // The oldest answer of this kind makes room.
        if (entries.size >= CACHE_LIMITS[bucket]) entries.delete(entries.keys().next().value as string);
        entries.set(key, cached);
      }
      return cached;
    });
    const pendingKey = `${bucket}:${key}`;
    this.pending.set(pendingKey, promise);
    try {
      return await promise;
    } finally {
      if (this.pending.get(pendingKey) === promise) this.pending.delete(pendingKey);
    }
  }
}

function serialize(value: unknown, kept: boolean): Cached {
  const body = JSON.stringify(value);
  return {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    kept,
    encoded: {},
    ready: {},
  };
}

/** Call inside every transaction that changes the catalogue; delivered to all servers at commit. */
export async function catalogChanged(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, '')`);
}
