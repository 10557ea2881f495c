import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { isAlive, startEmbeddedPostgres } from '../../src/db/embedded';
import { openDatabase, type OpenDatabase } from '../../src/db/open';
import type { Ctx } from '../../src/lib/context';
import { driverFromConfig } from '../../src/modules/sms/sms.drivers';
import { SmsSender } from '../../src/modules/sms/sms.sender';
import { makeBrand, makeProduct } from '../catalog-factories';
import { expectSurvived, orderLoadWithFault, summary, watchCrashes, type Line } from './db-fault-load';
import { adminToken, client, registerCustomer } from '../helpers';

// The embedded PostgreSQL 18 killed with SIGKILL under order load, as the out-of-memory killer
// would. The app runs in this process, started as main.ts starts it, on its own DATA_DIR.
const crashes = watchCrashes();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-fault-'));
const logged: string[] = [];
const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) };

let config: Config;
let database: OpenDatabase;
let app: FastifyInstance;
let ctx: Ctx;
let sender: SmsSender;
let baseUrl: string;

const postmasterPid = () =>
  Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

beforeAll(async () => {
  // A log left readable by others (an older version made it so): it is made private at start.
  fs.writeFileSync(path.join(dataDir, 'postgres.log'), '', { mode: 0o644 });
  config = {
    ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT: 'off', SMS_POLL_MS: '200' }),
    dataDir,
    databaseUrl: undefined,
    embeddedPgPort: 0,
  };
  database = await openDatabase(config, log);
  ({ app, ctx } = await buildApp({ config, database }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await sender?.stop();
  await database?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let admin: string;
let buyers: Array<{ phone: string; token: string }>;
let lines: Line[];
let initialQty: Map<number, number>;

/** Kills the postmaster with SIGKILL under order load; checks everything that must survive it. */
async function killUnderLoad(
  opts: { beforeKill?: () => Promise<void>; afterKill?: () => Promise<void> } = {},
) {
  const killed = postmasterPid();
  const run = await orderLoadWithFault({
    baseUrl,
    admin,
    buyers,
    tills: 3,
    lines,
    fault: async () => {
      await opts.beforeKill?.();
      process.kill(killed, 'SIGKILL');
      await opts.afterKill?.();
    },
  });
  const numbers = summary(run);
  expect(crashes).toEqual([]);
  await expectSurvived(run, database.pool, { lines, initialQty });
  expect((await client(app).get('/api/stock/check', admin)).body).toEqual({ data: [] });

  // A new postmaster on the same folder, and the log says what happened.
  expect(isAlive(killed)).toBe(false);
  expect(postmasterPid()).not.toBe(killed);
  expect(isAlive(postmasterPid())).toBe(true);
  const text = logged.join('\n');
  expect(text).toContain(`Embedded PostgreSQL (pid ${killed}) stopped unexpectedly (killed by SIGKILL`);
  const back = new RegExp(`Embedded PostgreSQL is back \\(pid ${postmasterPid()}\\) after (\\d+) ms`).exec(
    text,
  );
  expect(back).not.toBeNull();
  expect(text).toContain('Lost the connection to the database');
  expect(text).toContain('Connected to the database again.');
  return { ...numbers, postgresBackAfterMs: Number(back?.[1]) };
}

describe('the embedded PostgreSQL killed under order load', () => {
  beforeAll(async () => {
    admin = await adminToken({ app, ctx, database });
    const brand = await makeBrand(app, admin);
    const [rice] = await makeProduct(app, admin, brand, { title: 'Fault Rice', qty: '100000' });
    const [oil] = await makeProduct(app, admin, brand, { title: 'Fault Oil', qty: '100000' });
    lines = [
      { product_id: rice?.id ?? 0, quantity: 1 },
      { product_id: oil?.id ?? 0, quantity: 2 },
    ];
    initialQty = new Map(lines.map((l) => [l.product_id, 100000]));
    buyers = await Promise.all([1, 2, 3].map(() => registerCustomer(app, { verified: true, database })));
    // The SMS sender main.ts runs; started after the buyers read their codes (a sent code is redacted).
    sender = new SmsSender(database.db, driverFromConfig(config, app.log), ctx.sms, app.log, {
      pollMs: config.sms.pollMs,
    });
    sender.start();
    expect(ctx.catalog.listening).toBe(true);
  });

  it('answers 503 meanwhile, restarts it, serves again and keeps every acknowledged order', async () => {
    const numbers = await killUnderLoad();
    console.log('embedded PostgreSQL SIGKILL under load:', numbers);
  }, 60_000);

  it('retries the start while a backend of the killed server still holds its shared memory', async () => {
    // A backend that does not notice its postmaster's death at once (stopped here for 3 s) keeps
    // the old shared memory in use, so PostgreSQL refuses to start until it is gone.
    const stuck = new pg.Client({ connectionString: database.url });
    stuck.on('error', () => undefined);
    await stuck.connect();
    const backend = (await stuck.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
    const numbers = await killUnderLoad({
      beforeKill: async () => void process.kill(backend, 'SIGSTOP'),
      afterKill: async () => void setTimeout(() => process.kill(backend, 'SIGCONT'), 3000),
    });
    await stuck.end().catch(() => undefined);
    console.log('embedded PostgreSQL SIGKILL with a stuck backend:', numbers);
    // The first attempt may also meet the dying server's last connection ("unexpected postmaster
    // exit") before the shared memory refusal: which attempt sees it depends on timing.
    expect(logged.join('\n')).toMatch(
      /Embedded PostgreSQL did not start \(attempt \d: pre-existing shared memory block .* is still in use\); trying again in \d+ ms/,
    );
    expect(numbers.postgresBackAfterMs).toBeGreaterThanOrEqual(3000);
  }, 60_000);

  it('has the rest of the app back: the catalogue cache listens again, the SMS sender delivers', async () => {
    await expect.poll(() => ctx.catalog.listening, { timeout: 15_000 }).toBe(true);
    const buyer = buyers[0]!;
    const order = await client(app).post(
      '/api/order/add',
      { name: 'After', phone: buyer.phone, address: 'House 2', area: 'Mirpur', carts: lines },
      buyer.token,
    );
    expect(order.status).toBe(201);
    const id = (order.body.data as { id: number }).id;
    await expect
      .poll(
        async () =>
          (
            await database.pool.query<{ status: string }>(
              'SELECT status FROM sms_outbox WHERE message LIKE $1',
              [`%#${id} %`],
            )
          ).rows.map((r) => r.status),
        { timeout: 10_000 },
      )
      .toEqual(['sent']);
    expect(crashes).toEqual([]);
  });

  it('keeps postgres.log readable by its owner only', () => {
    expect(fs.statSync(path.join(dataDir, 'postgres.log')).mode & 0o777).toBe(0o600);
  });

  it('stops PostgreSQL for good on stop(), also while a restart is under way', async () => {
    await app.close();
    await sender.stop();
    // Kill it again with an old backend stuck, so the restart keeps failing, then stop.
    const stuck = new pg.Client({ connectionString: database.url });
    stuck.on('error', () => undefined);
    await stuck.connect();
    const backend = (await stuck.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
    const killed = postmasterPid();
    const attempts = () => logged.filter((m) => m.includes('did not start (attempt 1')).length;
    const before = attempts();
    process.kill(backend, 'SIGSTOP');
    process.kill(killed, 'SIGKILL');
    try {
      await expect.poll(attempts, { timeout: 5000 }).toBe(before + 1);
      const started = Date.now();
      await database.stop();
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      process.kill(backend, 'SIGCONT');
    }
    await stuck.end().catch(() => undefined);
    // The old backend is gone now: a restart would succeed, but none may happen after stop().
    await new Promise((r) => setTimeout(r, 3000));
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    expect(fs.existsSync(pidFile) && isAlive(postmasterPid())).toBe(false);
    expect(logged.filter((m) => m.includes('stopped unexpectedly'))).toHaveLength(3);
    expect(logged.filter((m) => m.includes('Embedded PostgreSQL is back'))).toHaveLength(2);
    expect(crashes).toEqual([]);
  });
});

describe('stop() of an embedded PostgreSQL that runs normally', () => {
  it('stops it for good: no restart follows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-stop-'));
    const messages: string[] = [];
    const quiet = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m) };
    try {
      const embedded = await startEmbeddedPostgres({ dataDir: dir }, quiet);
      const pid = Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      await embedded.stop();
      expect(isAlive(pid)).toBe(false);
      await new Promise((r) => setTimeout(r, 1500));
      expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(messages.filter((m) => m.includes('stopped unexpectedly'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
