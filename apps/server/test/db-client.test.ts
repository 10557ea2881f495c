import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { testDatabase } from './helpers';

let url: string;
const opened: Database[] = [];

beforeAll(async () => {
  ({ url } = await testDatabase());
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

/** One connection, so the prepared statements we look at are the ones our queries made. */
function single(prepare: boolean): Database {
  const d = connect(url, 1, { prepare });
  opened.push(d);
  return d;
}

const preparedTexts = async (d: Database) =>
  (await d.pool.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

describe('database connections', () => {
  it('prepare each parameterised statement once per connection and reuse it', async () => {
    const d = single(true);
    for (let i = 0; i < 3; i++) {
      const res = await d.db.execute<{ n: number }>(sql`SELECT ${i}::int + 1 AS n, 'prep-probe' AS tag`);
      expect(res.rows[0]?.n).toBe(i + 1);
    }
    const probes = (await preparedTexts(d)).filter((s) => s.includes('prep-probe'));
    expect(probes).toHaveLength(1);
    // Statements without parameters (BEGIN, COMMIT, migrations) are not named.
    await d.db.execute(sql`SELECT 'plain-probe' AS tag`);
    expect((await preparedTexts(d)).some((s) => s.includes('plain-probe'))).toBe(false);
  });

  it('run everything unnamed with prepare off (for transaction-mode poolers)', async () => {
    const d = single(false);
    await d.db.execute(sql`SELECT ${1}::int AS n, 'unnamed-probe' AS tag`);
    expect((await preparedTexts(d)).some((s) => s.includes('unnamed-probe'))).toBe(false);
  });

  it('recover from a statement that fails to prepare, and survive a new column', async () => {
    const d = single(true);
    await expect(d.db.execute(sql`SELECT ${1}::int FROM no_such_table`)).rejects.toThrow();
    // The same text again fails the same way (it was never recorded as prepared) ...
    await expect(d.db.execute(sql`SELECT ${1}::int FROM no_such_table`)).rejects.toThrow();
    // ... and the connection goes on working, also for a statement prepared before a schema change.
    const read = () => d.db.execute<{ phone: string }>(sql`SELECT phone FROM users WHERE id > ${0} LIMIT 1`);
    await read();
    await d.pool.query('ALTER TABLE users ADD COLUMN prep_probe int');
    await expect(read()).resolves.toBeDefined();
    await d.pool.query('ALTER TABLE users DROP COLUMN prep_probe');
  });
});
