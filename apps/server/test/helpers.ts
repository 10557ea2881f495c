import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect, type Database } from '../src/db/client';
import { moneyMismatches } from '../src/modules/money/money-check.repository';
import type { Clock } from '../src/lib/clock';
import type { Ctx } from '../src/lib/context';
import { atFileEnd } from './cleanup';

/** A fresh database for this test file, cloned from the migrated template; dropped after the file. */
export async function testDatabase(): Promise<{ url: string; database: Database }> {
  const adminUrl = inject('dbAdminUrl');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('dbTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 5);
  atFileEnd(async () => {
    await database.close();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return { url: url.toString(), database };
}

/** An empty database of its own (no schema at all), dropped after the file. */
export async function emptyDatabase(): Promise<{ url: string; database: Database }> {
  const adminUrl = inject('dbAdminUrl');
  const name = `shop_restore_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 4, { prepare: false });
  atFileEnd(async () => {
    await database.close();
    const d = new pg.Client({ connectionString: adminUrl });
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await d.end();
  });
  return { url: url.toString(), database };
}

/** Test configuration: quiet, rate limits off, uploads in a temp folder of their own. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  atFileEnd(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT: 'off' }), dataDir, ...overrides };
}

export type TestApp = { app: FastifyInstance; ctx: Ctx; database: Database };

/** The real HTTP app on its own database; closed after the file. */
export async function testApp(
  opts: {
    config?: Partial<Config>;
    clock?: Clock;
    database?: Database;
    /** Extra routes a test needs (e.g. one that makes the database refuse a value). */
    extend?: BuildOptions['extend'];
    /** false: the file writes money behind the API's back (a restored backup), so no books check at its end. */
    books?: boolean;
  } = {},
) {
  const database = opts.database ?? (await testDatabase()).database;
  const { app, ctx } = await buildApp({
    config: testConfig(opts.config),
    database,
    clock: opts.clock,
    extend: opts.extend,
  });
  // A message said by key (contracts' messages.ts) must be written out before it leaves: one that
  // reaches an answer unwritten fails the test that sent the request (test/setup.ts).
  app.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload === 'string' && payload.includes(SAID_MARK))
      unwrittenMessages.push(`${req.method} ${req.url}: ${payload.slice(0, 300)}`);
    return payload;
  });
  await app.ready();
  atFileEnd(() => app.close());
  // Whatever the file did through the API, the shop's books balance with the money ledger at its end.
  if (opts.books !== false)
    atFileEnd(async () => {
      const off = await moneyMismatches(database.db);
      if (off.length) throw new Error(`the books do not match the money ledger: ${JSON.stringify(off)}`);
    });
  return { app, ctx, database };
}

/** How a message said by key begins (contracts' messages.ts). */
const SAID_MARK = '\uE000';
/** Answers that carried a message said by key, not written out (test/setup.ts fails on any). */
export const unwrittenMessages: string[] = [];

type Json = Record<string, unknown>;

/** Small request helper: JSON in, parsed JSON out; `from`: the client's address (127.0.0.1 unless said). */
export function client(app: FastifyInstance, from?: string) {
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const res: LightMyRequestResponse = await app.inject({
      method,
      url,
      ...(from && { remoteAddress: from }),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        'x-requested-with': 'XMLHttpRequest',
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    let json: Json;
    try {
      json = res.body ? (JSON.parse(res.body) as Json) : {};
    } catch {
      json = { raw: res.body };
    }
    return { status: res.statusCode, body: json, headers: res.headers };
  };
  return {
    get: (url: string, token?: string) => call('GET', url, undefined, token),
    post: (url: string, body: unknown = {}, token?: string, headers?: Record<string, string>) =>
      call('POST', url, body, token, headers),
    del: (url: string, token?: string, body?: unknown) => call('DELETE', url, body, token),
  };
}

let phoneSeq = 0;
/** A valid, unused Bangladeshi mobile number for this process. */
export function newPhone(): string {
  phoneSeq++;
  const n = (process.pid % 1000) * 100_000 + phoneSeq;
  return `017${String(n).padStart(8, '0')}`;
}

/** The last code SMS queued for a phone (read from the outbox, as the log driver would print it). */
export async function lastCode(database: Database, phone: string): Promise<string> {
  const res = await database.pool.query<{ message: string }>(
    'SELECT message FROM sms_outbox WHERE to_phone = $1 ORDER BY id DESC LIMIT 1',
    [phone],
  );
  const match = /\b(\d{6})\b/.exec(res.rows[0]?.message ?? '');
  if (!match?.[1]) throw new Error(`no code SMS for ${phone}`);
  return match[1];
}

let addressSeq = 0;
/**
 * A client address of its own (10.x.y.z) for each test customer: shoppers on their own phones, not
 * all behind one address, which the server would let hash only two passwords at a time.
 */
function nextClientAddress(): string {
  addressSeq++;
  return `10.${(process.pid % 200) + 1}.${Math.floor(addressSeq / 250) % 250}.${(addressSeq % 250) + 1}`;
}

/** Registers a customer (from an address of its own) and returns its token. */
export async function registerCustomer(
  app: FastifyInstance,
  opts: { verified?: boolean; database?: Database; lang?: 'en' | 'bn'; name?: string } = {},
) {
  const api = client(app, nextClientAddress());
  const phone = newPhone();
  const res = await api.post('/api/register', {
    name: opts.name ?? 'Test Customer',
    phone,
    password: 'secret123',
    ...(opts.lang && { lang: opts.lang }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  const token = res.body.token as string;
  if (opts.verified) {
    if (!opts.database) throw new Error('verified needs the database to read the code');
    const code = await lastCode(opts.database, phone);
    const v = await api.post('/api/varify', { code }, token);
    if (v.status !== 200) throw new Error(`verify failed: ${JSON.stringify(v.body)}`);
  }
  return { phone, token, password: 'secret123' };
}

/** Makes (or resets) an admin and returns its token. */
export async function adminToken(t: TestApp, phone = newPhone()): Promise<string> {
  const { ensureAdmin } = await import('../src/modules/auth/auth.service');
  await ensureAdmin(t.ctx, phone, 'admin-pass');
  const res = await client(t.app).post('/api/login', { phone, password: 'admin-pass' });
  if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/**
 * A member of staff with a role (`owner`, `manager`, `cashier`, `stock` or one a test made), added
 * by an owner through `POST /api/staff` and signed in as they would: returns their id, phone and token.
 */
export async function staffToken(
  t: TestApp,
  role: string,
  owner?: string,
): Promise<{ id: number; phone: string; token: string }> {
  const api = client(t.app);
  const by = owner ?? (await adminToken(t));
  const phone = newPhone();
  const made = await api.post(
    '/api/staff',
    { name: `Staff ${role}`, phone, password: 'staff-pass', pin: '1234', role },
    by,
  );
  if (made.status !== 201) throw new Error(`staff create failed: ${JSON.stringify(made.body)}`);
  const res = await api.post('/api/login', { phone, password: 'staff-pass' });
  if (res.status !== 200) throw new Error(`staff login failed: ${JSON.stringify(res.body)}`);
  return { id: (made.body.data as { id: number }).id, phone, token: res.body.token as string };
}

/** Sends a multipart form (fields and files) through the real HTTP layer. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | string[] | Buffer>,
  token?: string,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Buffer.isBuffer(value)) form.append(name, new Blob([new Uint8Array(value)]), `${name}.bin`);
    else for (const v of [value].flat()) form.append(name, v);
  }
  const encoded = new Response(form);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

/** The shop day (Dhaka) `n` days before today, as YYYY-MM-DD. */
export function shopDayAgo(n: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(
    new Date(Date.now() - n * 86_400_000),
  );
}
