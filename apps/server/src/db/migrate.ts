import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same in every app server.
const MIGRATION_LOCK = 7_340_101;

/** Applies pending migrations; several app servers starting at once take turns. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    // The lock is held by this session, so the migration runs on this same connection.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
