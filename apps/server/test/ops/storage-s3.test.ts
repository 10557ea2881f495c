import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, readAll } from '../../src/lib/storage';
import { copyStorage } from '../../src/lib/storage-copy';
import { S3Storage, storageFromConfig } from '../../src/lib/storage-s3';
import { createBackup } from '../../src/modules/backup/backup.dump';
import { restoreBackup, verifyBackup } from '../../src/modules/backup/backup.restore';
import { Backups } from '../../src/modules/backup/backup.service';
import { backupShelf } from '../../src/modules/backup/backup.shelf';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { loadConfig } from '../../src/config';
import { makeBrand, makeProduct, pngImage } from '../catalog-factories';
import { startS3 } from '../fakes/s3';
import { adminToken, client, emptyDatabase, testApp, type TestApp } from '../helpers';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let s3: Awaited<ReturnType<typeof startS3>>;
const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3(['shop', 'cdn', 'restored', 'moved', 'vault']);
});
afterAll(async () => {
  await s3.close();
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

const bucket = (name: string, publicUrl?: string) => {
  const storage = storageFromConfig({ ...loadConfig({}), storage: s3.storage(name, publicUrl) });
  if (!(storage instanceof S3Storage)) throw new Error('expected the S3 driver');
  return storage;
};

describe('the S3 driver against a real S3-protocol server', () => {
  it('stores, reads, lists and says what is missing', async () => {
    const store = bucket('shop');
    await store.checkWritable();
    await store.put('0123abcd-400.webp', Buffer.from('a picture'), 'image/webp');
    const file = await store.get('0123abcd-400.webp');
    expect(file?.contentType).toBe('image/webp');
    expect(file?.size).toBe(9);
    expect((await readAll(file!.body)).toString()).toBe('a picture');
    expect(await store.get('ffff0000-400.webp')).toBeUndefined();
    expect(await store.has('0123abcd-400.webp')).toBe(true);
    expect(await store.has('ffff0000-400.webp')).toBe(false);
    // A key the app never makes is refused before it reaches the store.
    expect(await store.get('../secret')).toBeUndefined();
    await expect(store.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /bad storage key/,
    );
    const keys: string[] = [];
    for await (const key of store.list()) keys.push(key);
    expect(keys).toContain('0123abcd-400.webp');
    // The ready check's probe does not stay behind.
    expect(keys.every((k) => !k.startsWith('.ready'))).toBe(true);
    store.close();
  });

  it('lists past one page of the store (a thousand keys per page)', async () => {
    const store = bucket('moved');
    const many = Array.from({ length: 1005 }, (_, i) => `${String(i).padStart(8, '0')}-1.webp`);
    for (let i = 0; i < many.length; i += 50)
      await Promise.all(many.slice(i, i + 50).map((k) => store.put(k, Buffer.from(k), 'image/webp')));
    let n = 0;
    for await (const key of store.list()) if (many.includes(key)) n++;
    expect(n).toBe(1005);
    store.close();
  });

  it('says a store it cannot write to is not ready', async () => {
    const wrong = bucket('no-such-bucket');
    await expect(wrong.checkWritable()).rejects.toThrow();
    wrong.close();
  });
});

describe('a shop on STORAGE=s3', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp({ config: { storage: s3.storage('shop') } });
    admin = await adminToken(t);
  });

  it('keeps an uploaded picture in the bucket and serves it through the app with immutable caching', async () => {
    const brand = await makeBrand(t.app, admin);
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Hilsa', image: await pngImage(300, 200) });
    const image = p?.image as string;
    expect(image).toMatch(/^\/uploads\/[0-9a-f]{32}-400\.webp$/);
    const key = image.slice('/uploads/'.length);
    // In the bucket, not on this server's disk.
    expect(await bucket('shop').has(key)).toBe(true);
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'uploads', key))).toBe(false);

    const res = await t.app.inject({ method: 'GET', url: image });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const again = await t.app.inject({
      method: 'GET',
      url: image,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/00000000000000000000000000000000-400.webp' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fsecret' })).statusCode).toBe(404);
  });

  it('backs up the pictures from the bucket and restores them into another one', async () => {
    const dir = tempDir('shop-s3-backups-');
    const info = await createBackup({
      pool: t.database.pool,
      uploadsDir: path.join(t.ctx.config.dataDir, 'uploads'),
      storage: t.ctx.storage,
      backupDir: dir,
      now: new Date(),
    });
    const file = path.join(dir, info.name);
    const manifest = await verifyBackup(file);
    const inShop: string[] = [];
    for await (const key of t.ctx.storage.list()) inShop.push(key);
    expect(manifest.files.map((f) => f.key).sort()).toEqual(inShop.sort());
    expect(inShop.length).toBeGreaterThanOrEqual(2);

    const target = await emptyDatabase();
    const restored = bucket('restored');
    await restoreBackup({
      file,
      manifest,
      database: target.database,
      uploadsDir: tempDir('unused-'),
      storage: restored,
    });
    for (const key of inShop) {
      const a = await readAll((await t.ctx.storage.get(key))!.body);
      const b = await readAll((await restored.get(key))!.body);
      expect(b.equals(a), key).toBe(true);
    }
    restored.close();
  });
});

/** The configuration's backups with these changes (the folder, the schedule and what is kept as by default). */
const backupConfig = (change: Partial<ReturnType<typeof loadConfig>['backup']>) => ({
  ...loadConfig({}).backup,
  ...change,
});

describe('backups of a shop on STORAGE=s3', () => {
  it('are kept in the bucket: listed, downloaded and due once, whichever app server looks', async () => {
    const t = await testApp({
      config: { storage: s3.storage('shop'), backup: backupConfig({ bucket: s3.backups('shop') }) },
    });
    const admin = await adminToken(t);
    const api = client(t.app);
    const made = await api.post('/api/backups', {}, admin);
    expect(made.status).toBe(201);
    const name = (made.body.data as { name: string }).name;
    // Not left on this server's disk: in the bucket's backups folder.
    const localDir = path.join(t.ctx.config.dataDir, 'backups');
    expect(fs.existsSync(path.join(localDir, name))).toBe(false);
    const listed = await api.get('/api/backups', admin);
    expect((listed.body.data as { last: { name: string } }).last.name).toBe(name);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/backups/${name}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString('hex')).toBe('1f8b');
    const dir = tempDir('shop-downloaded-');
    fs.writeFileSync(path.join(dir, name), file.rawPayload);
    expect((await verifyBackup(path.join(dir, name))).files.length).toBeGreaterThan(0);

    // A second app server (its own disk) sees the same backups, so the day's backup is not due there.
    const other = new Backups({
      pool: t.database.pool,
      uploadsDir: tempDir('other-uploads-'),
      storage: t.ctx.storage,
      dir: tempDir('other-backups-'),
      shelf: backupShelf(t.ctx.config),
      clock: t.ctx.clock,
      tz: 'Asia/Dhaka',
      at: '00:00',
      daily: 7,
      weekly: 4,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    expect((await other.list()).map((b) => b.name)).toEqual([name]);
    expect(await other.runIfDue()).toBe(false);
  });
});

describe('backups in a bucket of their own (BACKUP_S3_*)', () => {
  const KEY = 'a-backup-key-for-the-s3-tests-0123456789';

  it('are kept in their bucket and folder with their own key, never where S3_PUBLIC_URL serves the pictures, encrypted with BACKUP_KEY', async () => {
    const publicUrl = `${s3.endpoint}/cdn`;
    const t = await testApp({
      config: {
        storage: s3.storage('cdn', publicUrl),
        backup: backupConfig({ bucket: s3.backups('vault', 'shop-1/'), key: KEY }),
      },
    });
    const admin = await adminToken(t);
    const api = client(t.app);
    const brand = await makeBrand(t.app, admin);
    await makeProduct(t.app, admin, brand, { title: 'Vault Tea', image: await pngImage() });
    const made = await api.post('/api/backups', {}, admin);
    expect(made.status).toBe(201);
    const name = (made.body.data as { name: string }).name;
    expect(name).toMatch(/\.tar\.gz\.enc$/);

    // In the backups' bucket and folder, read with the backups' key; nothing of it in the pictures' bucket.
    const vault = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'BACKUPS', secretAccessKey: 'BACKUPS' },
    });
    const keys = async (Bucket: string) =>
      ((await vault.send(new ListObjectsV2Command({ Bucket }))).Contents ?? []).map((o) => o.Key);
    expect(await keys('vault')).toContain(`shop-1/${name}`);
    expect((await keys('cdn')).every((k) => k?.startsWith('uploads/'))).toBe(true);
    vault.destroy();
    // The pictures' public address has no backup to give.
    for (const url of [`${publicUrl}/backups/${name}`, `${publicUrl}/shop-1/${name}`])
      expect((await fetch(url)).status, url).toBe(404);

    // Downloaded by an admin, it is encrypted: not a gzip, none of the shop's words in it.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/backups/${name}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.rawPayload.subarray(0, 8).toString()).toBe('BAZARENC');
    expect(file.rawPayload.includes(Buffer.from('Vault Tea'))).toBe(false);
    const dir = tempDir('shop-vault-');
    fs.writeFileSync(path.join(dir, name), file.rawPayload);
    const manifest = await verifyBackup(path.join(dir, name), KEY);
    expect(manifest.files.length).toBeGreaterThan(0);
    expect((await client(t.app).get('/api/backups', admin)).body.data).toMatchObject({ last: { name } });
  });

  it('use their own key: one the store does not know fails there, while the pictures go on', async () => {
    const config = {
      ...loadConfig({}),
      storage: s3.storage('shop'),
      backup: backupConfig({ bucket: s3.backups('vault', 'backups/', 'NOBODY') }),
    };
    const shelf = backupShelf(config);
    await expect(shelf.list()).rejects.toThrow(/Access Key Id|InvalidAccessKeyId/i);
    shelf.close();
    const works = backupShelf({ ...config, backup: backupConfig({ bucket: s3.backups('vault') }) });
    expect(await works.list()).toEqual([]);
    works.close();
    await bucket('shop').checkWritable();
  });
});

describe('with S3_PUBLIC_URL', () => {
  it('links pictures to the bucket (or CDN) straight, and the link loads', async () => {
    const publicUrl = `${s3.endpoint}/cdn`;
    const t = await testApp({ config: { storage: s3.storage('cdn', publicUrl) } });
    const admin = await adminToken(t);
    const brand = await makeBrand(t.app, admin);
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Eggs', image: await pngImage() });
    expect(p?.image).toMatch(new RegExp(`^${publicUrl}/uploads/[0-9a-f]{32}-400\\.webp$`));
    const res = await fetch(p?.image as string);
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe('WEBP');
    // The catalogue reads give the same address.
    const shown = await client(t.app).get('/api/product/search/Eggs');
    expect(JSON.stringify(shown.body)).toContain(publicUrl);
  });
});

describe('npm run storage:copy', () => {
  it('copies local uploads into the bucket, and a second run finds them there', async () => {
    const local = new LocalStorage(tempDir('shop-local-uploads-'));
    for (let i = 0; i < 5; i++)
      await local.put(`aa${i}bb-400.webp`, Buffer.from(`picture ${i}`), 'image/webp');
    fs.writeFileSync(path.join(local.root, 'half.webp.123.tmp'), 'half written');
    const target = bucket('moved');
    const first = await copyStorage(local, target);
    expect(first).toEqual({ copied: 5, skipped: 0, failed: [] });
    for (let i = 0; i < 5; i++)
      expect((await readAll((await target.get(`aa${i}bb-400.webp`))!.body)).toString()).toBe(`picture ${i}`);
    expect(await copyStorage(local, target)).toEqual({ copied: 0, skipped: 5, failed: [] });
    target.close();
  });

  it('runs as the README says, from DATA_DIR/uploads to the bucket the S3_* variables name', async () => {
    const dataDir = tempDir('shop-copy-data-');
    const local = new LocalStorage(path.join(dataDir, 'uploads'));
    await local.put('cc1dd-400.webp', Buffer.from('from the shop computer'));
    const env = { ...process.env, DATA_DIR: dataDir, ...s3.env('moved'), LOG_LEVEL: 'silent' };
    const out = await run('node', ['--import', 'tsx', 'apps/server/scripts/storage-copy.ts'], {
      cwd: repoRoot,
      env,
    });
    expect(out.stdout).toMatch(/Copied 1, already there 0, failed 0/);
    const target = bucket('moved');
    expect((await readAll((await target.get('cc1dd-400.webp'))!.body)).toString()).toBe(
      'from the shop computer',
    );
    target.close();
    // Without a bucket configured it says what to set.
    const withoutBucket = { ...env, STORAGE: 'local' };
    const refused = await run('node', ['--import', 'tsx', 'apps/server/scripts/storage-copy.ts'], {
      cwd: repoRoot,
      env: withoutBucket,
    }).catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/Set STORAGE=s3/) });
  });
});
