import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
  /** Times every query of this pool from now on (the metrics); returns how to stop. */
  onQuery(listener: QueryListener): () => void;
};

// Return int8 (bigint counts, sums) as JS numbers; our sums of whole taka stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Named statements one connection keeps at most; statements beyond that run unnamed. */
const MAX_PREPARED_PER_CONNECTION = 200;
/** Distinct statement texts this process names at most (a guard against unbounded SQL variety). */
const MAX_NAMED_TEXTS = 5000;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_TEXTS) {
    name = `s${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/** Hears how long each query took, in milliseconds (the metrics' query time). */
export type QueryListener = (ms: number) => void;

/** What every connection of one pool shares: whether to prepare, and who times the queries. */
type ClientShared = { prepare: boolean; listeners: Set<QueryListener> };

/**
 * A pool client that prepares every parameterised statement once per connection (a named statement
 * under the protocol), so PostgreSQL parses and plans each of our few dozen hot statements once
 * instead of on every call. Queries without parameters (BEGIN, COMMIT, migrations) stay unnamed.
 * Each SQL text gets one process-wide name, so a name never meets a different text.
 *
 * While someone listens (the metrics), each query is timed from the call to its answer; a stream
 * (COPY in a backup) is not. With nobody listening a query pays one size check.
 */
class ShopClient extends pg.Client {
  private prepared = new Set<string>();
  private readonly shared: ClientShared;

  constructor(config?: pg.ClientConfig & { shop?: ClientShared }) {
    super(config);
    this.shared = config?.shop ?? { prepare: false, listeners: new Set() };
  }

  // pg's query() has many overloads; this wrapper only adds a name and a timer and passes everything
  // on, so it takes and returns them untyped.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards pg's overloaded arguments
  override query(config: any, values?: any, callback?: any): any {
    const c = config as QueryConfig | string | null | undefined;
    const submittable = !!c && typeof c === 'object' && typeof c.submit === 'function';
    if (submittable || this.shared.listeners.size === 0) return this.send(config, values, callback);
    const listeners = this.shared.listeners;
    const started = performance.now();
    const heard = () => {
      const ms = performance.now() - started;
      for (const listener of listeners) listener(ms);
    };
    // query(text, callback), query(text, values, callback) or a promise.
    if (typeof values === 'function') {
      const done = values as (...args: unknown[]) => void;
      return this.send(config, (...args: unknown[]) => {
        heard();
        done(...args);
      });
    }
    if (typeof callback === 'function') {
      const done = callback as (...args: unknown[]) => void;
      return this.send(config, values, (...args: unknown[]) => {
        heard();
        done(...args);
      });
    }
    return (this.send(config, values) as Promise<unknown>).then(
      (result) => {
        heard();
        return result;
      },
      (err: unknown) => {
        heard();
        throw err;
      },
    );
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see query()
  private send(config: any, values?: any, callback?: any): any {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see query()
    const forward = super.query.bind(this) as (...args: any[]) => any;
    const c = config as QueryConfig | string | null | undefined;
    if (
      this.shared.prepare &&
      c &&
      typeof c === 'object' &&
      typeof c.submit !== 'function' &&
      c.name === undefined &&
      typeof c.text === 'string' &&
      ((Array.isArray(values) && values.length > 0) || (Array.isArray(c.values) && c.values.length > 0))
    ) {
      const name = statementName(c.text);
      if (name && (this.prepared.has(name) || this.prepared.size < MAX_PREPARED_PER_CONNECTION)) {
        this.prepared.add(name);
        return forward({ ...c, name }, values, callback);
      }
    }
    return forward(config, values, callback);
  }
}

/** How long a request waits for a connection (a free one, or a new one) before it answers 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

type Log = { info(msg: string): void; warn(msg: string): void };

/**
 * A pool that gets back a checked-out connection once its server is gone. drizzle's transaction()
 * (0.45) sends BEGIN before its try/finally, so a connection that dies just then (the server was
 * killed or restarted while it sat idle, its goodbye not yet read) is never released: the pool
 * would lose that slot for good, and after `max` of them every request would wait and answer 503
 * although the database is back. A dead connection serves nobody, so it goes back (and is dropped)
 * as soon as it ends; a later release() by its holder does nothing.
 */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  // pool.query() passes a callback and releases on its own; only promise checkouts are guarded.
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onEnd = () => client.release(new Error('Connection ended while checked out'));
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.off('end', onEnd);
        release(err);
      };
      client.once('end', onEnd);
      return client;
    });
  }
}

/**
 * `prepare: false` runs every statement unnamed: needed behind a pooler in transaction mode that
 * does not track prepared statements (PgBouncer before 1.21, or with max_prepared_statements = 0).
 *
 * The pool survives the database going away (a restart, a failover, a killed server): the queries
 * in flight fail (the HTTP layer answers 503), dead connections are dropped, and the next request
 * opens new ones. `log` hears once when connections are lost and once when one is made again.
 */
export function connect(url: string, max = 10, opts: { prepare?: boolean; log?: Log } = {}): Database {
  const shared: ClientShared = { prepare: opts.prepare !== false, listeners: new Set() };
  // pg-pool hands its options to each new client (ShopClient reads `shop`).
  const options: pg.PoolConfig & { shop: ClientShared } = {
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // Without it a request waits forever for a server that does not answer (or for a free
    // connection while every one is stuck); with it the request fails and answers 503.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keepalive notices an idle connection whose server vanished without closing it (a
    // failover to another host, a dropped network), so it is not handed to the next request.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // A new connection is a new client object, so it starts with an empty set of prepared names.
    Client: ShopClient,
    shop: shared,
  };
  const pool = new Pool(options);
  let lost = false;
  const onError = (err: Error) => {
    // Connections closing as the pool ends (shutdown) may still report the server's goodbye.
    if (lost || pool.ending) return;
    lost = true;
    opts.log?.warn(`Lost the connection to the database (${err.message}); reconnecting on the next request.`);
  };
  // An idle client losing its connection: the pool has already dropped it.
  pool.on('error', onError);
  pool.on('connect', (client) => {
    // The pool listens for errors only on idle clients. A client checked out (inside a
    // transaction) whose server dies emits 'error' too; with no listener that would end the
    // process. Its query in flight fails anyway, and release() drops the broken client.
    client.on('error', onError);
    if (lost) {
      lost = false;
      opts.log?.info('Connected to the database again.');
    }
  });
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    url,
    close: () => pool.end(),
    onQuery(listener) {
      shared.listeners.add(listener);
      return () => shared.listeners.delete(listener);
    },
  };
}

/**
 * Runs one parameterised statement straight on the pool, without drizzle's query building (each
 * connection still prepares it once): for the few statements on the hottest path (a storefront
 * order, the session lookup). `db` must be the database handle, not a transaction.
 */
export async function rawQuery<R extends pg.QueryResultRow>(
  db: DbOrTx,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  const pool = (db as { $client?: pg.Pool }).$client;
  if (!(pool instanceof pg.Pool))
    throw new Error('rawQuery runs on the database handle, not in a transaction');
  return pool.query<R>({ text, values });
}

/** One parameterised statement on a transaction's connection (see rawTransaction). */
export type RawQuery = <R extends pg.QueryResultRow>(
  text: string,
  values: unknown[],
) => Promise<pg.QueryResult<R>>;

/**
 * A transaction on one pooled connection, for the hottest write (placing an order): BEGIN, the
 * work's raw parameterised statements (each prepared once per connection, no query building),
 * COMMIT; ROLLBACK when the work throws. A connection that failed is not given back to the pool.
 * `db` must be the database handle, not a transaction.
 */
export async function rawTransaction<T>(db: DbOrTx, work: (query: RawQuery) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: pg.Pool }).$client;
  if (!(pool instanceof pg.Pool))
    throw new Error('rawTransaction runs on the database handle, not in a transaction');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Generic plans: these statements' plans do not depend on their values, and PostgreSQL would
    // otherwise plan them again at every call (a custom plan prunes their optional parts, so it
    // always looks cheaper): half of a statement's time here. In the same round trip as BEGIN.
    await client.query('BEGIN; SET LOCAL plan_cache_mode = force_generic_plan');
    const result = await work((text, values) => client.query({ text, values }));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    if (isConnectionError(err)) broken = err as Error;
    else await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** The constraint (or unique index) a failed query broke, e.g. `products_plu_key`, or undefined. */
export function pgConstraint(err: unknown): string | undefined {
  for (let e = err as { constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}

export const isCheckViolation = (err: unknown) => pgErrorCode(err) === '23514';
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === '23503';
/** PostgreSQL could not write: its disk is full (SQLSTATE 53100 disk_full). */
export const isDiskFull = (err: unknown) => pgErrorCode(err) === '53100';
/** A value PostgreSQL could not take (class 22: out of range, bad date, overflow): bad input, not a bug. */
export const isDataError = (err: unknown) => pgErrorCode(err)?.startsWith('22') ?? false;

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
  'ENETDOWN',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Connection ended unexpectedly/i;

/**
 * True when a query failed because the database could not be reached or went away (a restart, a
 * failover, a killed server): the request may succeed in a moment, so it answers 503, not 500.
 */
export function isConnectionError(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    // Class 08: connection exception; 57P01-03: admin shutdown, crash shutdown, cannot connect now; 53300: too many connections.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (CONNECTION_ERRNOS.has(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Text for a LIKE pattern: its own %, _ and \\ match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Runs `read` in one read-only snapshot (repeatable read): a page and the count or totals beside
 * it see the same rows, however many orders are placed meanwhile.
 */
export function inSnapshot<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
