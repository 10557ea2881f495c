import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded';

// The embedded PostgreSQL's character type (LC_CTYPE), on a cluster of its own in a temp folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ctype-'));
const quiet = { info: () => undefined, warn: () => undefined };
let running: EmbeddedPostgres | undefined;

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, ...statements: string[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: T[] = [];
    for (const statement of statements) rows = (await client.query<T>(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

const adminUrl = (url: string) => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};

/** The rows the trigram index finds for a Bangla part of a name (no table scan allowed). */
const byIndex = (url: string) =>
  query<{ name: string }>(
    url,
    'SET enable_seqscan = off',
    `SELECT name FROM customers_ctype WHERE name ILIKE '%রহিম%' ORDER BY name`,
  );

describe('the embedded PostgreSQL reads Bangla letters', () => {
  it('a new cluster reads text as C.UTF-8: pg_trgm makes trigrams of Bangla words', async () => {
    running = await startEmbeddedPostgres({ dataDir, database: 'shop' }, quiet);
    const [db] = await query<{ ctype: string; collate: string }>(
      running.url,
      `SELECT datctype AS ctype, datcollate AS collate FROM pg_database WHERE datname = 'shop'`,
    );
    expect(db).toEqual({ ctype: 'C.UTF-8', collate: 'C' });
    const [trgm] = await query<{ n: number }>(
      running.url,
      'CREATE EXTENSION IF NOT EXISTS pg_trgm',
      `SELECT cardinality(show_trgm('মিনিকেট চাল')) AS n`,
    );
    expect(trgm?.n).toBeGreaterThan(0);
  });

  it('a database made before (LC_CTYPE C) is moved at the next start, its trigram indexes rebuilt', async () => {
    if (!running) throw new Error('the first test starts the cluster');
    const url = running.url;
    // As an older shop's database was: C, with a trigram index built while Bangla made no trigrams.
    await query(
      adminUrl(url),
      `UPDATE pg_database SET datctype = 'C' WHERE datname IN ('shop', 'template1')`,
    );
    await query(
      url,
      'CREATE TABLE customers_ctype (name text)',
      `INSERT INTO customers_ctype VALUES ('আব্দুর রহিম'), ('রহিমা খাতুন'), ('Karim')`,
      'CREATE INDEX customers_ctype_trgm ON customers_ctype USING gin (name gin_trgm_ops)',
    );
    const [before] = await query<{ n: number }>(url, `SELECT cardinality(show_trgm('রহিম')) AS n`);
    expect(before?.n).toBe(0);
    await running.stop();

    running = await startEmbeddedPostgres({ dataDir, database: 'shop' }, quiet);
    const ctypes = await query<{ name: string; ctype: string }>(
      adminUrl(running.url),
      `SELECT datname AS name, datctype AS ctype FROM pg_database WHERE datname IN ('shop', 'template1') ORDER BY 1`,
    );
    expect(ctypes).toEqual([
      { name: 'shop', ctype: 'C.UTF-8' },
      { name: 'template1', ctype: 'C.UTF-8' },
    ]);
    // The index holds Bangla trigrams now: it alone finds both names (a stale one would find none).
    expect((await byIndex(running.url)).map((r) => r.name)).toEqual(['আব্দুর রহিম', 'রহিমা খাতুন']);
    expect(fs.existsSync(path.join(dataDir, 'ctype-reindex-pending'))).toBe(false);
  });
});
