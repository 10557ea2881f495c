import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; url: string; close(): Promise<void> };

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

/**
 * A pool client that prepares every parameterised statement once per connection (a named statement
 * under the protocol), so PostgreSQL parses and plans each of our few dozen hot statements once
 * instead of on every call. Queries without parameters (BEGIN, COMMIT, migrations) stay unnamed.
 * Each SQL text gets one process-wide name, so a name never meets a different text.
 */
class PreparingClient extends pg.Client {
  private prepared = new Set<string>();

  // pg's query() has many overloads; this wrapper only adds a name and passes everything on, so it
  // takes and returns them untyped.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards pg's overloaded arguments
  override query(config: any, values?: any, callback?: any): any {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    const forward = super.query.bind(this) as (...args: any[]) => any;
    const c = config as QueryConfig | string | null | undefined;
    if (
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

/**
 * `prepare: false` runs every statement unnamed: needed behind a pooler in transaction mode that
 * does not track prepared statements (PgBouncer before 1.21, or with max_prepared_statements = 0).
 */
export function connect(url: string, max = 10, opts: { prepare?: boolean } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    ...(opts.prepare !== false && { Client: PreparingClient }),
  });
  // An idle client losing its connection must not crash the server; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
