import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same in every app server.
const MIGRATION_LOCK = 7_340_101;

/** Applies pending migrations; several app servers starting at once take turns. */
export async function runMigrations(database: Database, folder = MIGRATIONS): Promise<void> {
  const client = await database.pool.connect();
  try {
    // The lock is held by this session, so the migration runs on this same connection.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

type Queryable = Pick<pg.ClientBase, 'query'>;

type Journal = { entries: Array<{ idx: number; when: number; tag: string; breakpoints: boolean }> };

/** The migrations this version of the shop knows, in order. */
export function knownMigrations(): Journal['entries'] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return journal.entries;
}

/** How many migrations the database has had and the last one's tag (its schema version). */
export async function appliedSchema(client: Queryable): Promise<{ migrations: number; tag: string }> {
  const res = await client.query<{ n: number; last: string | null }>(
    'SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  const { n, last } = res.rows[0]!;
  const entry = knownMigrations().find((e) => String(e.when) === last);
  if (!n || !entry) throw new Error('The database has a schema this version of the shop does not know.');
  return { migrations: n, tag: entry.tag };
}

/**
 * Applies only the first `count` migrations (a restore loads an older backup into the schema it
 * was taken from, then migrates it forward with runMigrations).
 */
export async function runMigrationsUpTo(database: Database, count: number): Promise<void> {
  const entries = knownMigrations().slice(0, count);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  try {
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
    );
    for (const e of entries)
      fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    await runMigrations(database, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
