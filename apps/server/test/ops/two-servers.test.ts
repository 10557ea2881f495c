import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { knownMigrations } from '../../src/db/migrate';
import { pngImage } from '../catalog-factories';
import { startS3 } from '../fakes/s3';
import { emptyDatabase, newPhone } from '../helpers';

/**
 * Two app servers as a growing shop runs them: two processes (`src/main.ts`, as `npm start`
 * starts it) on one PostgreSQL and one bucket, each with its own disk, started at the same moment
 * on an empty database.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { phone: '01700000009', password: 'two-servers-admin' };

type Server = { url: string; child: ChildProcess; log: string[] };

let s3: Awaited<ReturnType<typeof startS3>>;
let database: Awaited<ReturnType<typeof emptyDatabase>>;
let a: Server;
let b: Server;
/** Every SMS the gateway was asked to send, in order. */
const delivered: Array<{ to: string; message: string }> = [];
let gateway: http.Server;
const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-two-'));
  dirs.push(dataDir);
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  return { url: `http://127.0.0.1:${port}`, child, log };
}

async function waitUntilUp(server: Server, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.log.join('')}`);
    const ok = await fetch(`${server.url}/api/productpopular`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${server.log.join('')}`);
}

/** A request to one server; `from`: the client's address as the proxy in front says it. */
async function call(
  server: Server,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  from?: string,
) {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(from ? { 'x-forwarded-for': from } : {}),
      'x-requested-with': 'XMLHttpRequest',
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { raw: text };
  }
  return { status: res.status, body: json, headers: res.headers };
}

async function eventually<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last = await what();
  while (!ok(last) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    last = await what();
  }
  return last;
}

beforeAll(async () => {
  s3 = await startS3(['shop']);
  database = await emptyDatabase();
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      delivered.push(JSON.parse(body) as { to: string; message: string });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  const env = {
    ...s3.env('shop'),
    DATABASE_URL: database.url,
    SEED_DEMO: '0',
    PUBLIC_URL: 'https://shop.example.com',
    // As behind nginx (docs/deploying.md): the proxy in front says who the client is.
    TRUST_PROXY: '1',
    SMS_DRIVER: 'http',
    SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as net.AddressInfo).port}/send`,
    // Both senders look for due messages often, so they race for the same rows.
    SMS_POLL_MS: '50',
    ADMIN_PHONE: ADMIN.phone,
    ADMIN_PASSWORD: ADMIN.password,
    // Due at start (midnight has passed): both servers find the day's backup due at once.
    BACKUP_AT: '00:00',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  };
  // Started together, on an empty database: both run the migrations' start at the same moment.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  await Promise.all([waitUntilUp(a), waitUntilUp(b)]);
}, 180_000);

afterAll(async () => {
  for (const server of [a, b]) {
    if (!server || server.child.exitCode !== null) continue;
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
  await new Promise((r) => gateway?.close(r));
  await s3?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('two app servers on one database and one bucket', () => {
  it('ran the migrations once, though both started together on an empty database', async () => {
    const applied = await database.database.pool.query<{ hash: string }>(
      'SELECT hash FROM drizzle.__drizzle_migrations',
    );
    expect(applied.rows.length).toBe(knownMigrations().length);
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(applied.rows.length);
    // And both made it up, neither tripping over the other's admin.
    const admins = await database.database.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE phone = $1',
      [ADMIN.phone],
    );
    expect(admins.rows).toHaveLength(1);
    // A real server hashes at the production cost (the API tests' light one is theirs alone).
    expect(admins.rows[0]?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('a login on one works on the other', async () => {
    const login = await call(a, 'POST', '/api/login', ADMIN);
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await call(b, 'GET', '/api/backups', undefined, token)).status).toBe(200);
    // And a logout on the other ends it on both.
    expect((await call(b, 'POST', '/api/logout', {}, token)).status).toBe(200);
    expect((await call(a, 'GET', '/api/backups', undefined, token)).status).toBe(401);
  });

  it('a picture uploaded through one is served through the other; a price changed on one shows on the other within a second', async () => {
    const token = (await call(a, 'POST', '/api/login', ADMIN)).body.token as string;
    const brand = await call(a, 'POST', '/api/brand/add', { title: 'Fresh' }, token);
    expect(brand.status).toBe(201);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Hilsa Fish',
      price: '950',
      qty: '20',
      tags: 'fish',
      popular: 'on',
      brand_id: String((brand.body.data as { id: number }).id),
    }))
      form.append(k, v);
    form.append(
      'image',
      new Blob([new Uint8Array(await pngImage(320, 240))], { type: 'image/png' }),
      'fish.png',
    );
    const added = await call(a, 'POST', '/api/product/add', form, token);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const product = (added.body.data as Array<{ id: number; image: string }>)[0]!;

    const viaA = await fetch(a.url + product.image);
    const viaB = await fetch(b.url + product.image);
    expect(viaB.status).toBe(200);
    expect(viaB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await viaB.arrayBuffer()).equals(Buffer.from(await viaA.arrayBuffer()))).toBe(true);

    // B's cache holds the catalogue with the old price.
    const priceOnB = async () => {
      const list = await call(b, 'GET', '/api/productpopular');
      return (list.body.data as Array<{ id: number; price: number }>).find((p) => p.id === product.id)?.price;
    };
    expect(await priceOnB()).toBe(950);
    expect(await priceOnB()).toBe(950);
    const changed = await call(
      a,
      'POST',
      `/api/product/edit-quick/${product.id}`,
      { price: 990, qty: 20 },
      token,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const started = Date.now();
    expect(await eventually(priceOnB, (p) => p === 990, 1000)).toBe(990);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('sends the SMS outbox once in total, not once per server', async () => {
    const before = delivered.length;
    const phones = Array.from({ length: 30 }, () => newPhone());
    // Customers sign up through both servers, each from its own address (a server hashes two
    // passwords at once per address); each sign-up queues a code SMS.
    const signedUp = await Promise.all(
      phones.map((phone, i) =>
        call(
          i % 2 ? a : b,
          'POST',
          '/api/register',
          { name: 'Two Servers', phone, password: 'secret123' },
          undefined,
          `198.51.100.${i + 1}`,
        ),
      ),
    );
    expect(signedUp.every((r) => r.status === 201)).toBe(true);
    const pending = async () =>
      (
        await database.database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sms_outbox WHERE status <> 'sent' AND to_phone = ANY($1)`,
          [phones],
        )
      ).rows[0]!.n;
    expect(await eventually(pending, (n) => n === 0, 20_000)).toBe(0);
    // A moment more: a second sender that also took a row would deliver it by now.
    await new Promise((r) => setTimeout(r, 500));
    const ours = delivered.slice(before).filter((m) => phones.includes(m.to));
    expect(ours).toHaveLength(30);
    expect(new Set(ours.map((m) => m.to)).size).toBe(30);
  });

  it('takes the daily backup once between them', async () => {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const backups = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: 'shop', Prefix: 'backups/' }))).Contents ?? [])
        .map((o) => o.Key ?? '')
        .filter((k) => k.endsWith('.tar.gz'));
    // The schedule first looks 10 s after start; both servers look then.
    expect(await eventually(backups, (list) => list.length > 0, 40_000)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await backups()).toHaveLength(1);
    client.destroy();
    // Both servers are still up, and neither logged a failure.
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    expect([...a.log, ...b.log].join('')).not.toMatch(/backup failed/i);
  });
});
