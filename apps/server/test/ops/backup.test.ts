import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { openDatabase } from '../../src/db/open';
import { appliedSchema, knownMigrations, runMigrationsUpTo } from '../../src/db/migrate';
import { ManualClock } from '../../src/lib/clock';
import { createBackup } from '../../src/modules/backup/backup.dump';
import { BackupFileError } from '../../src/modules/backup/backup.format';
import { restoreBackup, verifyBackup } from '../../src/modules/backup/backup.restore';
import { Backups, keptBackups, lastScheduled, weekOf } from '../../src/modules/backup/backup.service';
import { makeBrand, makeProduct, pngImage } from '../catalog-factories';
import { atFileEnd } from '../cleanup';
import {
  adminToken,
  client,
  emptyDatabase,
  registerCustomer,
  testApp,
  testConfig,
  type TestApp,
} from '../helpers';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let buyer: { phone: string; token: string };
let rice: { id: number; image: string };
let oil: { id: number };

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  atFileEnd(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const order = (items: Array<{ product_id: number; quantity: number }>) =>
  api.post(
    '/api/order/add',
    { name: 'Rahima', phone: buyer.phone, address: 'House 4', area: 'Mirpur', note: '', carts: items },
    buyer.token,
  );

/** What a restored shop must answer exactly as the original: orders, ledger, stock, balances. */
async function shopState(database: Database) {
  const q = async (sql: string) => (await database.pool.query(sql)).rows as unknown[];
  return {
    orders: await q(
      'SELECT id, subtotal, ship, discount, paid, due, status, created_at FROM orders ORDER BY id',
    ),
    lines: await q('SELECT id, order_id, product_id, price, quantity FROM order_lines ORDER BY id'),
    payments: await q('SELECT * FROM payments ORDER BY id'),
    ledger: await q('SELECT id, product_id, delta, reason FROM stock_ledger ORDER BY id'),
    products: await q('SELECT id, title, title_bn, qty, image, buyprice FROM products ORDER BY id'),
    balances: await q('SELECT id, phone, balance, point FROM users ORDER BY id'),
    entries: await q('SELECT * FROM stock_entries ORDER BY id'),
  };
}

/** Every product's quantity equals the sum of its ledger rows (a consistent snapshot). */
async function quantitiesMatchLedger(database: Database) {
  const res = await database.pool.query<{ id: number; qty: string; ledger: string }>(
    `SELECT p.id, p.qty::text, coalesce(sum(l.delta), 0)::text AS ledger
       FROM products p LEFT JOIN stock_ledger l ON l.product_id = p.id GROUP BY p.id, p.qty`,
  );
  return res.rows.filter((r) => Number(r.qty) !== Number(r.ledger));
}

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  const brand = await makeBrand(t.app, admin);
  const [r] = await makeProduct(t.app, admin, brand, {
    title: 'Backup Rice',
    title_bn: 'ব্যাকআপ চাল',
    unit: 'kg',
    price: '80',
    qty: '500',
    image: await pngImage(120, 90),
  });
  const [o] = await makeProduct(t.app, admin, brand, { title: 'Backup Oil', price: '175', qty: '500' });
  const image = await t.database.pool.query<{ image: string }>('SELECT image FROM products WHERE id = $1', [
    r!.id,
  ]);
  rice = { id: r!.id, image: image.rows[0]!.image };
  oil = { id: o!.id };
  // A stock entry (the ledger's stock-entry rows) and an order paid in part (a due).
  const entry = await api.post('/api/stock/add', { price: 70, qty: 25, items: [{ id: rice.id }] }, admin);
  expect(entry.status).toBe(201);
  const first = await order([{ product_id: rice.id, quantity: 2 }]);
  expect(first.status).toBe(201);
  const id = (first.body.data as { id: number }).id;
  const pay = await api.post('/api/order/pay/' + id, { paid: 100, status: 1, method: 'cash' }, admin);
  expect(pay.status).toBe(200);
});

describe('a backup taken while the shop sells', () => {
  it('restores into an empty database the orders, ledger, balances and pictures as of one moment', async () => {
    const dir = tempDir('shop-backups-');
    const before = (await shopState(t.database)).orders.length;
    // Orders keep coming in while the backup reads the tables.
    let selling = true;
    const placed: number[] = [];
    const buyers = Array.from({ length: 4 }, async () => {
      while (selling) {
        const res = await order([
          { product_id: rice.id, quantity: 0.5 },
          { product_id: oil.id, quantity: 1 },
        ]);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        placed.push((res.body.data as { id: number }).id);
      }
    });
    await new Promise((r) => setTimeout(r, 150));
    const info = await createBackup({
      pool: t.database.pool,
      uploadsDir: path.join(t.ctx.config.dataDir, 'uploads'),
      backupDir: dir,
      now: new Date(),
    });
    await new Promise((r) => setTimeout(r, 150));
    selling = false;
    await Promise.all(buyers);
    expect(placed.length).toBeGreaterThan(0);

    const file = path.join(dir, info.name);
    expect(fs.statSync(file).size).toBe(info.bytes);
    const manifest = await verifyBackup(file);
    expect(manifest.files.length).toBeGreaterThan(0);

    const target = await emptyDatabase();
    const uploads = tempDir('shop-restored-uploads-');
    await restoreBackup({ file, manifest, database: target.database, uploadsDir: uploads });

    // One moment: every restored quantity is its ledger's sum, and everything restored is what
    // the shop had (the orders placed before the backup, and a prefix of those placed during it).
    expect(await quantitiesMatchLedger(target.database)).toEqual([]);
    const restored = await shopState(target.database);
    const now = await shopState(t.database);
    expect(restored.orders.length).toBeGreaterThanOrEqual(before);
    expect(restored.orders).toEqual(now.orders.slice(0, restored.orders.length));
    expect(restored.lines).toEqual(now.lines.slice(0, restored.lines.length));
    expect(restored.payments).toEqual(now.payments.slice(0, restored.payments.length));
    expect(restored.ledger).toEqual(now.ledger.slice(0, restored.ledger.length));
    expect(restored.entries).toEqual(now.entries);
    expect(restored.balances).toEqual(now.balances);

    // The restored shop serves the same picture, byte for byte, and keeps counting ids on.
    const config = testConfig();
    fs.cpSync(uploads, path.join(config.dataDir, 'uploads'), { recursive: true });
    const { app } = await buildApp({ config, database: target.database });
    atFileEnd(() => app.close());
    const pictureUrl = `/uploads/${rice.image}-400.webp`;
    const original = await t.app.inject({ method: 'GET', url: pictureUrl });
    const copy = await app.inject({ method: 'GET', url: pictureUrl });
    expect(original.statusCode).toBe(200);
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
    const next = await client(app).post(
      '/api/order/add',
      {
        name: 'R',
        phone: buyer.phone,
        address: 'H',
        area: 'Mirpur',
        note: '',
        carts: [{ product_id: oil.id, quantity: 1 }],
      },
      buyer.token,
    );
    expect(next.status).toBe(201);
    expect((next.body.data as { id: number }).id).toBeGreaterThan(
      Math.max(...restored.orders.map((o) => (o as { id: number }).id)),
    );
  });
});

describe('npm run backup and npm run restore', () => {
  it('write a file, restore it into a fresh DATA_DIR, and the shop starts on it with the same data', async () => {
    const backups = tempDir('shop-cli-backups-');
    const env = {
      ...process.env,
      DATABASE_URL: t.database.url,
      DATA_DIR: t.ctx.config.dataDir,
      BACKUP_DIR: backups,
      LOG_LEVEL: 'warn',
    };
    const made = await run('npm', ['run', '--silent', 'backup'], { cwd: repoRoot, env });
    const written = /Backup written: (\S+)/.exec(made.stdout)?.[1];
    expect(written).toBeDefined();
    expect(made.stdout).toMatch(/Size: [\d.]+ (KB|MB) \(\d+ bytes\)/);
    const file = written!;

    // A fresh folder: the embedded PostgreSQL is made there, then the backup goes in.
    const dataDir = tempDir('shop-restored-');
    const { DATABASE_URL: _external, ...rest } = process.env;
    const restoreEnv = { ...rest, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const restored = await run('npm', ['run', '--silent', 'restore', '--', file], {
      cwd: repoRoot,
      env: restoreEnv,
    });
    expect(restored.stdout).toMatch(/The backup is whole/);
    expect(restored.stdout).toMatch(/Restored \d+ rows and \d+ pictures/);

    // A second restore into the same folder is refused: it holds a shop now.
    const again = await run('npm', ['run', '--silent', 'restore', '--', file], {
      cwd: repoRoot,
      env: restoreEnv,
    }).catch((err: { code: number; stderr: string }) => err);
    expect('code' in again && again.code).toBe(1);
    expect((again as { stderr: string }).stderr).toMatch(/already holds a shop.*--force/s);

    // The shop starts on the restored folder with the very same data.
    const config = { ...testConfig(), dataDir, databaseUrl: undefined };
    const say = { info: () => undefined, warn: () => undefined };
    const database = await openDatabase(config, say);
    try {
      expect(await shopState(database)).toEqual(await shopState(t.database));
      const { app } = await buildApp({ config, database });
      try {
        const url = `/uploads/${rice.image}-400.webp`;
        const copy = await app.inject({ method: 'GET', url });
        const original = await t.app.inject({ method: 'GET', url });
        expect(copy.statusCode).toBe(200);
        expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await database.stop();
    }
  }, 180_000);
});

describe('a damaged backup file', () => {
  let good: string;
  beforeAll(async () => {
    const dir = tempDir('shop-damaged-');
    const info = await createBackup({
      pool: t.database.pool,
      uploadsDir: path.join(t.ctx.config.dataDir, 'uploads'),
      backupDir: dir,
      now: new Date(),
    });
    good = path.join(dir, info.name);
  });

  it('is refused when cut short, before anything is restored', async () => {
    const cut = `${good}.cut`;
    const bytes = fs.readFileSync(good);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(verifyBackup(cut)).rejects.toThrow(BackupFileError);
    await expect(verifyBackup(cut)).rejects.toThrow(/incomplete|cut short/);
    const cli = await run('npm', ['run', '--silent', 'restore', '--', cut], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        DATA_DIR: tempDir('shop-never-'),
        LOG_LEVEL: 'warn',
      },
    }).catch((err: { code: number; stderr: string }) => err);
    expect((cli as { code: number }).code).toBe(1);
    expect((cli as { stderr: string }).stderr).toMatch(/Refused: This backup file is incomplete/);
  }, 60_000);

  it('is refused when a byte changed', async () => {
    const bytes = Buffer.from(fs.readFileSync(good));
    const altered = `${good}.altered`;
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0x55;
    fs.writeFileSync(altered, bytes);
    await expect(verifyBackup(altered)).rejects.toThrow(BackupFileError);
    await expect(verifyBackup(altered)).rejects.toThrow(/damaged|incomplete/);
  });

  it('is refused when it is not a backup at all', async () => {
    const other = `${good}.txt`;
    fs.writeFileSync(other, 'hello');
    await expect(verifyBackup(other)).rejects.toThrow(/damaged/);
  });
});

describe('backups are private', () => {
  it('a backup is 0600 in a 0700 folder, and a server starting on a folder made before fixes their modes', async () => {
    const dir = path.join(tempDir('shop-modes-'), 'backups');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const info = await createBackup({
      pool: t.database.pool,
      uploadsDir: path.join(t.ctx.config.dataDir, 'uploads'),
      backupDir: dir,
      now: new Date(),
    });
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, info.name))).toBe(0o600);

    // A folder and files left readable by everyone by an older version: a start makes them private.
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, info.name), 0o644);
    fs.writeFileSync(path.join(dir, 'last-failure.json'), '{}', { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup', { mode: 0o644 });
    const { app } = await buildApp({
      config: testConfig({ backup: { ...t.ctx.config.backup, dir } }),
      database: t.database,
    });
    await app.close();
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, info.name))).toBe(0o600);
    expect(mode(path.join(dir, 'last-failure.json'))).toBe(0o600);
    expect(mode(path.join(dir, 'notes.txt'))).toBe(0o644);
  });
});

describe('a backup encrypted with BACKUP_KEY', () => {
  const KEY = 'the-owner-keeps-this-away-from-the-shop';
  let file: string;
  let plain: string;
  beforeAll(async () => {
    const dir = tempDir('shop-encrypted-');
    const info = await createBackup({
      pool: t.database.pool,
      uploadsDir: path.join(t.ctx.config.dataDir, 'uploads'),
      backupDir: dir,
      now: new Date(),
      key: KEY,
    });
    file = path.join(dir, info.name);
    const old = await createBackup({
      pool: t.database.pool,
      uploadsDir: path.join(t.ctx.config.dataDir, 'uploads'),
      backupDir: dir,
      now: new Date(),
    });
    plain = path.join(dir, old.name);
  });

  it('is named .tar.gz.enc and holds nothing readable', () => {
    expect(path.basename(file)).toMatch(/^bazar-\d{4}-\d{2}-\d{2}-\d{6}-[0-9a-f]{4}\.tar\.gz\.enc$/);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 8).toString()).toBe('BAZARENC');
    expect(bytes.includes(Buffer.from('Backup Rice'))).toBe(false);
    expect(bytes.includes(Buffer.from(buyer.phone))).toBe(false);
  });

  it('restores with its key into an empty database, as the same backup unencrypted does', async () => {
    const manifest = await verifyBackup(file, KEY);
    const target = await emptyDatabase();
    await restoreBackup({
      file,
      manifest,
      database: target.database,
      uploadsDir: tempDir('shop-enc-up-'),
      key: KEY,
    });
    const other = await emptyDatabase();
    await restoreBackup({
      file: plain,
      manifest: await verifyBackup(plain, KEY),
      database: other.database,
      uploadsDir: tempDir('shop-plain-up-'),
      key: KEY,
    });
    expect(await shopState(target.database)).toEqual(await shopState(other.database));
  });

  it('is refused without its key, with a wrong one, changed or cut short, before anything is restored', async () => {
    await expect(verifyBackup(file)).rejects.toThrow(
      /^This backup is encrypted: give the key it was written with \(BACKUP_KEY\)/,
    );
    await expect(verifyBackup(file, 'another-key-of-another-shop')).rejects.toThrow(
      /^The backup key is wrong/,
    );
    const bytes = Buffer.from(fs.readFileSync(file));
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0x55;
    fs.writeFileSync(`${file}.altered`, bytes);
    await expect(verifyBackup(`${file}.altered`, KEY)).rejects.toThrow(
      /^This backup file is damaged or was changed/,
    );
    fs.writeFileSync(`${file}.cut`, fs.readFileSync(file).subarray(0, -10));
    await expect(verifyBackup(`${file}.cut`, KEY)).rejects.toThrow(BackupFileError);
  });

  it('npm run restore uses BACKUP_KEY, and refuses a wrong one with the database left empty', async () => {
    const dataDir = tempDir('shop-enc-cli-');
    const target = await emptyDatabase();
    const env = { ...process.env, DATABASE_URL: target.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const wrong = await run('npm', ['run', '--silent', 'restore', '--', file], {
      cwd: repoRoot,
      env: { ...env, BACKUP_KEY: 'another-key-of-another-shop' },
    }).catch((err: { code: number; stderr: string }) => err);
    expect((wrong as { code: number }).code).toBe(1);
    expect((wrong as { stderr: string }).stderr).toMatch(/Refused: The backup key is wrong/);
    const none = await run('npm', ['run', '--silent', 'restore', '--', file], { cwd: repoRoot, env }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect((none as { stderr: string }).stderr).toMatch(/Refused: This backup is encrypted/);
    const tables = await target.database.pool.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(tables.rows[0]).toEqual({ n: 0 });

    const restored = await run('npm', ['run', '--silent', 'restore', '--', file], {
      cwd: repoRoot,
      env: { ...env, BACKUP_KEY: KEY },
    });
    expect(restored.stdout).toMatch(/The backup is whole/);
    expect((await shopState(target.database)).products).toEqual((await shopState(t.database)).products);
  }, 120_000);
});

describe('a backup of an older schema', () => {
  it('is restored into that schema, then migrated forward', async () => {
    const old = await emptyDatabase();
    const count = knownMigrations().findIndex((m) => m.tag.startsWith('0020'));
    expect(count).toBeGreaterThan(0);
    await runMigrationsUpTo(old.database, count);
    expect((await appliedSchema(old.database.pool)).migrations).toBe(count);
    await old.database.pool.query(
      `INSERT INTO users (name, phone, password_hash, ref_code) VALUES ('Old Customer', '01700000999', 'x', 'OLD1')`,
    );
    const dir = tempDir('shop-old-');
    const info = await createBackup({
      pool: old.database.pool,
      uploadsDir: tempDir('shop-old-up-'),
      backupDir: dir,
      now: new Date(),
    });
    const file = path.join(dir, info.name);
    const manifest = await verifyBackup(file);
    expect(manifest.schema.migrations).toBe(count);

    const target = await emptyDatabase();
    await restoreBackup({
      file,
      manifest,
      database: target.database,
      uploadsDir: tempDir('shop-old-target-'),
    });
    expect((await appliedSchema(target.database.pool)).migrations).toBe(knownMigrations().length);
    // users.lang came with 0020, after this backup's schema: the restored row has the column.
    const user = await target.database.pool.query(
      `SELECT name, ref_code, lang FROM users WHERE phone = '01700000999'`,
    );
    expect(user.rows).toHaveLength(1);
    expect(user.rows[0]).toMatchObject({ name: 'Old Customer', ref_code: 'OLD1' });
    expect(user.rows[0]).toHaveProperty('lang');
  });
});

describe('the back office backups', () => {
  it('lists, takes and downloads backups for an admin only', async () => {
    expect((await api.get('/api/backups')).status).toBe(401);
    expect((await api.get('/api/backups', buyer.token)).status).toBe(403);
    expect((await api.post('/api/backups', {}, buyer.token)).status).toBe(403);

    const made = await api.post('/api/backups', {}, admin);
    expect(made.status).toBe(201);
    const info = made.body.data as { name: string; bytes: number; created: string };
    const status = await api.get('/api/backups', admin);
    expect(status.status).toBe(200);
    const data = status.body.data as { last: typeof info; backups: (typeof info)[]; failure: unknown };
    expect(data.last).toEqual(info);
    expect(data.failure).toBeNull();

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/backups/${info.name}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${info.name}"`);
    const file = path.join(t.ctx.config.dataDir, 'backups', info.name);
    expect(download.rawPayload.equals(fs.readFileSync(file))).toBe(true);
    // Who took a copy of every customer and password hash is in the audit trail.
    const trail = await api.get('/api/audit?action=backup_downloaded', admin);
    expect((trail.body.data as Array<{ entity_id: string }>).map((r) => r.entity_id)).toEqual([info.name]);

    expect((await api.get(`/api/backups/${info.name}`, buyer.token)).status).toBe(403);
    expect((await api.get('/api/backups/..%2F..%2Fetc%2Fpasswd', admin)).status).toBe(422);
    expect((await api.get('/api/backups/bazar-20200101T000000Z.tar.gz', admin)).status).toBe(404);
  });

  it('shows a failure until a backup succeeds', async () => {
    const dir = tempDir('shop-failing-');
    const blocked = path.join(dir, 'uploads-is-a-file');
    fs.writeFileSync(blocked, 'a file where the pictures folder should be');
    const logged: string[] = [];
    const options = (uploadsDir: string) => ({
      pool: t.database.pool,
      uploadsDir,
      dir: path.join(dir, 'backups'),
      clock: new ManualClock(),
      tz: 'Asia/Dhaka',
      at: '03:00',
      daily: 7,
      weekly: 4,
      log: { info: () => undefined, warn: () => undefined, error: (_o: object, m: string) => logged.push(m) },
    });
    const failing = new Backups(options(blocked));
    await expect(failing.backupNow()).rejects.toThrow();
    expect(logged).toEqual(['The backup failed']);
    expect((await failing.status()).failure?.message).toMatch(/ENOTDIR|not a directory/);
    expect((await failing.status()).last).toBeNull();
    expect(fs.readdirSync(path.join(dir, 'backups')).filter((f) => !f.startsWith('last-failure'))).toEqual(
      [],
    );

    const working = new Backups(options(path.join(t.ctx.config.dataDir, 'uploads')));
    const info = await working.backupNow();
    expect((await working.status()).failure).toBeNull();
    expect((await working.status()).last).toEqual(info);
  });
});

describe('the daily schedule and what is kept', () => {
  it('is due at BACKUP_AT shop time, and again the next day', () => {
    // 03:00 in Dhaka is 21:00 UTC the day before.
    expect(lastScheduled(new Date('2026-11-27T21:30:00Z'), '03:00', 'Asia/Dhaka')?.toISOString()).toBe(
      '2026-11-27T21:00:00.000Z',
    );
    expect(lastScheduled(new Date('2026-11-27T20:59:00Z'), '03:00', 'Asia/Dhaka')?.toISOString()).toBe(
      '2026-11-26T21:00:00.000Z',
    );
    expect(lastScheduled(new Date(), 'off', 'Asia/Dhaka')).toBeUndefined();
    expect(weekOf('2026-11-27')).toBe('2026-11-23');
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
  });

  it('keeps the newest of each of the last 7 days and 4 weeks', () => {
    // Two backups a day for 60 days.
    const start = Date.parse('2026-09-01T21:00:00Z');
    const all = Array.from({ length: 120 }, (_, i) => {
      const created = new Date(start + Math.floor(i / 2) * 86_400_000 + (i % 2) * 3600_000).toISOString();
      return { name: `b${String(i).padStart(3, '0')}`, bytes: 1, created };
    });
    const kept = keptBackups(all, 'Asia/Dhaka', 7, 4);
    const newest = all
      .slice(-14)
      .filter((_, i) => i % 2 === 1)
      .map((b) => b.name);
    for (const name of newest) expect(kept.has(name)).toBe(true);
    expect(kept.size).toBeGreaterThanOrEqual(7);
    expect(kept.size).toBeLessThanOrEqual(11);
    // The oldest kept is within the last four weeks.
    const oldest = all.find((b) => kept.has(b.name))!;
    expect(Date.parse(all.at(-1)!.created) - Date.parse(oldest.created)).toBeLessThan(28 * 86_400_000);
  });

  it('takes the scheduled backup once when due, and prunes', async () => {
    const dir = tempDir('shop-scheduled-');
    const clock = new ManualClock(Date.parse('2026-11-27T20:00:00Z'));
    const backups = new Backups({
      pool: t.database.pool,
      uploadsDir: path.join(t.ctx.config.dataDir, 'uploads'),
      dir,
      clock,
      tz: 'Asia/Dhaka',
      at: '03:00',
      daily: 2,
      weekly: 1,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    // The day before's 03:00 passed with no backup: due at once.
    expect(await backups.runIfDue()).toBe(true);
    expect(await backups.runIfDue()).toBe(false);
    clock.advance(3600_000 * 2); // past 03:00 the next day
    expect(await backups.runIfDue()).toBe(true);
    expect(await backups.runIfDue()).toBe(false);
    clock.advance(86_400_000);
    expect(await backups.runIfDue()).toBe(true);
    // Two days kept (the newest two), the oldest pruned.
    expect(await backups.list()).toHaveLength(2);
  });
});
