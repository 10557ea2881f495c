import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    dbAdminUrl: string;
    dbTemplate: string;
  }
}

const quiet = { info: () => undefined, warn: (m: string) => console.warn(m) };

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set (CI: the machine's PostgreSQL 15),
 * otherwise the embedded one in .data-test/api. A migrated template database is made once; every
 * test file clones it (CREATE DATABASE ... TEMPLATE), which takes a fraction of a second.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = path.resolve(import.meta.dirname, '../../../.data-test/api');
    embedded = await startEmbeddedPostgres({ dataDir, database: 'postgres' }, quiet);
    adminUrl = embedded.url;
  }
  // Named after the database of the URL (shop_test: shop_test_template), so two checkouts testing on
  // one PostgreSQL at once, each with a database of its own, never drop each other's template.
  const TEMPLATE = `${new URL(adminUrl).pathname.slice(1) || 'shop_test'}_template`;
  if (!/^[a-z_][a-z0-9_]*$/.test(TEMPLATE))
    throw new Error(`TEST_DATABASE_URL: ${TEMPLATE} is not a plain name`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  const database = connect(templateUrl.toString(), 1);
  await runMigrations(database);
  await database.close();

  project.provide('dbAdminUrl', adminUrl);
  project.provide('dbTemplate', TEMPLATE);
  return async () => {
    await embedded?.stop();
  };
}
