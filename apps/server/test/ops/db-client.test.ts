import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, CONNECT_TIMEOUT_MS, isConnectionError, type Database } from '../../src/db/client';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/open';
import { watchCrashes } from './db-fault-load';
import { testDatabase } from '../helpers';

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

describe('a database that goes away', () => {
  const crashes = watchCrashes();

  it('does not end the process when a connection dies inside a transaction', async () => {
    const d = single(true);
    const killer = single(false);
    const work = d.db.transaction(async (tx) => {
      const me = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid, ${1}::int AS one`);
      await killer.db.execute(sql`SELECT pg_terminate_backend(${me.rows[0]?.pid ?? 0})`);
      // The server's goodbye reaches the client between two statements, while it is checked out.
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`SELECT ${2}::int AS two`);
    });
    await expect(work).rejects.toSatisfy(isConnectionError);
    expect(crashes).toEqual([]);
    // The broken connection was dropped; a new one knows none of the old prepared statements.
    const again = await d.db.execute<{ n: number }>(sql`SELECT ${1}::int + 1 AS n, 'prep-probe' AS tag`);
    expect(again.rows[0]?.n).toBe(2);
  });

  it('gets a connection back that died before its transaction began', async () => {
    // A proxy to the test database that can swallow what the app sends, then cut every connection.
    const target = new URL(url);
    let holding = false;
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((app) => {
      const server = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [app, server]) {
        sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => sockets.delete(s));
      }
      app.on('data', (d: Buffer) => void (holding || server.write(d)));
      server.on('data', (d: Buffer) => void app.write(d));
      app.on('close', () => server.destroy());
      server.on('close', () => app.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const via = new URL(url);
    via.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    const d = connect(via.toString(), 1);
    opened.push(d);
    try {
      await d.db.execute(sql`SELECT ${1}::int`); // the pool's one connection, now idle
      holding = true;
      const work = d.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT ${1}::int`);
      });
      await new Promise((r) => setTimeout(r, 200)); // BEGIN went into the proxy and no further
      for (const s of sockets) s.destroy();
      await expect(work).rejects.toSatisfy(isConnectionError);
      holding = false;
      // One connection at most: had the dead one not come back, this would time out with a 503.
      const n = await d.db.transaction(
        async (tx) => (await tx.execute<{ n: number }>(sql`SELECT ${2}::int AS n`)).rows[0]?.n,
      );
      expect(n).toBe(2);
      expect(crashes).toEqual([]);
    } finally {
      proxy.close();
      for (const s of sockets) s.destroy();
    }
  });

  it('fails fast with a connection error when nothing listens on the port', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const d = connect(`postgres://postgres:x@127.0.0.1:${port}/shop`, 1);
    opened.push(d);
    const started = Date.now();
    await expect(d.db.execute(sql`SELECT ${1}::int`)).rejects.toSatisfy(isConnectionError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up after the connect timeout on a server that never answers', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const d = connect(`postgres://postgres:x@127.0.0.1:${port}/shop`, 1);
    opened.push(d);
    const started = Date.now();
    await expect(d.db.execute(sql`SELECT ${1}::int`)).rejects.toSatisfy(isConnectionError);
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 1000);
    for (const s of sockets) s.destroy();
    silent.close();
  }, 15_000);
});

describe('starting while the database is away', () => {
  it('waits for a managed PostgreSQL that is not reachable yet, then migrates and serves', async () => {
    // A free port where the database will appear in a moment (a proxy to the test database).
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const target = new URL(url);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((inbound) => {
      const outbound = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [inbound, outbound]) {
        sockets.add(s);
        s.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    const via = new URL(url);
    via.host = `127.0.0.1:${port}`;
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (m: string) => void warnings.push(m) };
    const opening = openDatabase(
      { ...loadConfig({ DATABASE_URL: via.toString() }), databaseUrl: via.toString() },
      log,
    );
    setTimeout(() => proxy.listen(port, '127.0.0.1'), 1500);
    const database = await opening;
    try {
      expect(warnings[0]).toMatch(/^Cannot reach the database \(.*\); trying again in 1 s\.$/);
      const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM settings');
      expect(rows[0]?.n).toBe(1);
    } finally {
      await database.stop();
      for (const s of sockets) s.destroy();
      proxy.close();
    }
  });

  it('stops at once on an error waiting cannot fix (a wrong password)', async () => {
    const wrong = new URL(url);
    wrong.password = 'not-the-password';
    const log = { info: () => undefined, warn: () => undefined };
    await expect(
      openDatabase({ ...loadConfig({ DATABASE_URL: wrong.toString() }), databaseUrl: wrong.toString() }, log),
    ).rejects.toThrow(/password authentication failed/);
  });
});
