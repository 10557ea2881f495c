import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { backupDir } from '../../src/config';
import { connect } from '../../src/db/client';
import { atFileEnd } from '../cleanup';
import { makeBrand, makeProduct } from '../catalog-factories';
import {
  adminToken,
  client,
  postForm,
  registerCustomer,
  testApp,
  testConfig,
  type TestApp,
} from '../helpers';

/** Issue 29: restore from the back office, through the real HTTP layer. */
let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let buyer: { token: string };
let brand: number;
let kept: string;
let shopName: string;

type Contents = {
  name?: string;
  upload?: string;
  taken_at: string;
  schema: string;
  counts: { orders: number; products: number; customers: number; pictures: number };
};

const productTitles = async () =>
  (await t.database.pool.query<{ title: string }>('SELECT title FROM products ORDER BY id')).rows.map(
    (r) => r.title,
  );
const keptNames = () => fs.readdirSync(backupDir(t.ctx.config)).filter((n) => n.startsWith('bazar-'));

beforeAll(async () => {
  t = await testApp({ books: false });
  api = client(t.app);
  admin = await adminToken(t);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  brand = await makeBrand(t.app, admin);
  await makeProduct(t.app, admin, brand, { title: 'Kept Rice', price: '80', qty: '10' });
  shopName = (await t.database.pool.query<{ shop_name: string }>('SELECT shop_name FROM settings')).rows[0]!
    .shop_name;
  const made = await api.post('/api/backups', {}, admin);
  expect(made.status).toBe(201);
  kept = (made.body.data as { name: string }).name;
}, 60_000);

describe('a backup looked at before it is restored', () => {
  it('is named on the shop clock and says when it was taken, its schema and what it holds', async () => {
    expect(kept).toMatch(/^bazar-\d{4}-\d{2}-\d{2}-\d{6}-[0-9a-f]{4}\.tar\.gz$/);
    const res = await api.post('/api/backups/inspect', { name: kept }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Contents;
    expect(data.name).toBe(kept);
    expect(Math.abs(Date.parse(data.taken_at) - Date.now())).toBeLessThan(120_000);
    expect(data.schema).toMatch(/^\d{4}_/);
    const products = (await productTitles()).length;
    expect(data.counts).toMatchObject({ products, orders: 0, pictures: expect.any(Number) });
    expect(data.counts.customers).toBeGreaterThanOrEqual(1);
    expect((await api.post('/api/backups/inspect', { name: kept }, buyer.token)).status).toBe(403);
  });

  it('an upload is checked the same way and kept for the restore', async () => {
    const file = fs.readFileSync(path.join(backupDir(t.ctx.config), kept));
    const res = await postForm(t.app, '/api/backups/upload', { file }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Contents;
    expect(data.upload).toMatch(/^[0-9a-f]{32}$/);
    expect(data.counts.products).toBe((await productTitles()).length);
    expect(fs.readdirSync(path.join(backupDir(t.ctx.config), '.restore'))).toContain(`${data.upload}.upload`);
  });

  it('a byte flipped is refused with the command’s reason, and nothing changes', async () => {
    const bytes = Buffer.from(fs.readFileSync(path.join(backupDir(t.ctx.config), kept)));
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0x55;
    const before = await productTitles();
    const backupsBefore = keptNames();
    const uploaded = await postForm(t.app, '/api/backups/upload', { file: bytes }, admin);
    expect(uploaded.status).toBe(422);
    expect(String(uploaded.body.message)).toMatch(
      /^This backup cannot be restored\. This backup file is (damaged|incomplete)/,
    );

    // The same damaged file on the list: the restore refuses it before the shop changes at all.
    const damaged = 'bazar-2020-01-01-000000-abcd.tar.gz';
    fs.writeFileSync(path.join(backupDir(t.ctx.config), damaged), bytes);
    const res = await api.post('/api/backups/restore', { name: damaged, confirm: shopName }, admin);
    expect(res.status).toBe(422);
    expect(String(res.body.message)).toMatch(/damaged|incomplete/);
    fs.rmSync(path.join(backupDir(t.ctx.config), damaged));
    expect(await productTitles()).toEqual(before);
    expect(keptNames()).toEqual(backupsBefore);
    expect((await api.get('/api/backups', admin)).status).toBe(200);
    // Nothing refused is left in the temporary area but the good upload of the test before.
    expect(fs.readdirSync(path.join(backupDir(t.ctx.config), '.restore'))).toHaveLength(1);
  });

  it('is refused with another shop name, and nothing changes', async () => {
    const before = await productTitles();
    const res = await api.post('/api/backups/restore', { name: kept, confirm: `${shopName}x` }, admin);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('confirm');
    expect((await api.post('/api/backups/restore', { confirm: shopName }, admin)).status).toBe(422);
    expect(await productTitles()).toEqual(before);
    expect((await api.get('/api/backups', admin)).status).toBe(200);
  });
});

describe('a restore', () => {
  it('backs up first, puts the backup back, ends every session; meanwhile 503 on every server and 409 for another', async () => {
    await makeProduct(t.app, admin, brand, { title: 'Added After', price: '10', qty: '1' });
    const titles = await productTitles();
    expect(titles).toContain('Added After');
    const backupsBefore = keptNames();

    // A second app server on the same database.
    const other = connect(t.database.url, 3);
    const { app: second } = await buildApp({ config: testConfig(), database: other });
    await second.ready();
    atFileEnd(async () => {
      await second.close();
      await other.close();
    });
    const secondApi = client(second);
    expect((await secondApi.get('/api/categories')).status).toBe(200);

    let finished = false;
    const restoring = api.post('/api/backups/restore', { name: kept, confirm: ` ${shopName} ` }, admin);
    void restoring.finally(() => (finished = true));
    const here: number[] = [];
    const there: number[] = [];
    let again: number | undefined;
    let page: { status: number; type: string } | undefined;
    while (!finished) {
      here.push((await api.get('/api/categories')).status);
      there.push((await secondApi.get('/api/categories')).status);
      if (again === undefined && here.includes(503)) {
        again = (await api.post('/api/backups/restore', { name: kept, confirm: shopName }, admin)).status;
        const res = await t.app.inject({ method: 'GET', url: '/' });
        page = { status: res.statusCode, type: String(res.headers['content-type']) };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await restoring;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as { restored: string; safety_backup: string };
    expect(data.restored).toBe(kept);

    expect(here).toContain(503);
    expect(there).toContain(503);
    expect(again).toBe(409);
    expect(page?.status).toBe(503);
    expect(page?.type).toMatch(/text\/html/);
    const during = await api.get('/api/categories');
    expect(during.status).toBe(200);

    // The backup taken first holds the data as it was, the product added after too.
    // (It is the newest of the day: the daily pruning may remove the one restored, already copied.)
    expect(keptNames()).toContain(data.safety_backup);
    expect(backupsBefore).not.toContain(data.safety_backup);
    // Every old token is over, the owner's as well.
    expect((await api.get('/api/backups', admin)).status).toBe(401);
    expect((await api.get('/api/profile', buyer.token)).status).toBe(401);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM auth_tokens')).rows[0]).toEqual({
      n: 0,
    });

    // The data is the backup's: the product added after it is gone.
    const after = await productTitles();
    expect(after).not.toContain('Added After');
    expect(after).toContain('Kept Rice');
    const fresh = await adminToken(t);
    const safety = await api.post('/api/backups/inspect', { name: data.safety_backup }, fresh);
    expect(safety.status).toBe(200);
    expect((safety.body.data as Contents).counts.products).toBe(titles.length);
  }, 120_000);
});
