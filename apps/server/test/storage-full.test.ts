import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * A full disk (issue 24): PostgreSQL's `disk_full` (SQLSTATE 53100) and a file write's ENOSPC
 * answer 503 `storage_full` with Retry-After, never 500; nothing of the refused order stays, and
 * the same order goes in once there is room again. PostgreSQL's own refusal is made here by a
 * trigger that raises it (a real disk filled up is test/ops/disk-full.test.ts, as root).
 */

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let buyer: { phone: string; token: string };
let rice: number;

beforeAll(async () => {
  t = await testApp({
    extend: (app) => {
      // A write the disk refuses: Linux's /dev/full answers every write with ENOSPC.
      app.post('/api/test/write-full', { config: { access: 'guest' } }, async () => {
        await fsp.writeFile('/dev/full', 'a file the disk has no room for');
        return { ok: true };
      });
    },
  });
  api = client(t.app);
  admin = await adminToken(t);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  const [p] = await makeProduct(t.app, admin, await makeBrand(t.app, admin), { price: '100', qty: '20' });
  rice = p!.id;
});

/** PostgreSQL answers every new order row with `disk_full`, as it does when it cannot extend a table. */
async function diskFull(on: boolean) {
  if (!on) {
    await t.database.pool.query('DROP TRIGGER IF EXISTS test_disk_full ON orders');
    return;
  }
  await t.database.pool.query(`
    CREATE OR REPLACE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'could not extend file "base/16384/16385": No space left on device'
        USING ERRCODE = 'disk_full', HINT = 'Check free disk space.';
    END $$`);
  await t.database.pool.query(
    'CREATE TRIGGER test_disk_full BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION test_disk_full()',
  );
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.database.pool.query<{ n: string }>(sql, params)).rows[0]?.n);

const order = {
  name: 'Rahima',
  address: 'House 4',
  area: 'Mirpur',
  note: '',
};

describe('a full disk', () => {
  it('refuses a storefront order with 503 storage_full and Retry-After; the same order goes in once there is room', async () => {
    const placed = () =>
      api.post(
        '/api/order/add',
        { ...order, phone: buyer.phone, carts: [{ product_id: rice, quantity: 2 }] },
        buyer.token,
        { 'idempotency-key': 'full-disk-1' },
      );
    const orders = await count('SELECT count(*) AS n FROM orders');
    await diskFull(true);
    try {
      const refused = await placed();
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        code: 'storage_full',
        message: "The shop's disk is full, so nothing was saved. Please try again in a few minutes.",
      });
      expect(refused.headers['retry-after']).toBe('60');
      const bangla = await api.post(
        '/api/order/add',
        { ...order, phone: buyer.phone, carts: [{ product_id: rice, quantity: 2 }] },
        buyer.token,
        { 'accept-language': 'bn' },
      );
      expect(bangla.status).toBe(503);
      expect(bangla.body.message).toBe(
        'দোকানের ডিস্ক ভরে গেছে, তাই কিছুই সেভ হয়নি। কয়েক মিনিট পরে আবার চেষ্টা করুন।',
      );
      // A till sale is refused the same way (the till keeps it and sends it again).
      const sale = await api.post(
        '/api/order/add',
        {
          terminal: 1,
          ship: 0,
          discount: 0,
          paid: 100,
          method: 'cash',
          carts: [{ product_id: rice, quantity: 1 }],
        },
        admin,
      );
      expect([sale.status, sale.body.code]).toEqual([503, 'storage_full']);
      // Nothing of them stays: no order, no stock taken.
      expect(await count('SELECT count(*) AS n FROM orders')).toBe(orders);
      expect(await count('SELECT qty AS n FROM products WHERE id = $1', [rice])).toBe(20);
    } finally {
      await diskFull(false);
    }
    // Room again: the very same request (its Idempotency-Key) is taken, once.
    const taken = await placed();
    expect(taken.status).toBe(201);
    expect((await placed()).status).toBe(200);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(orders + 1);
    expect(await count('SELECT qty AS n FROM products WHERE id = $1', [rice])).toBe(18);
  });

  it.skipIf(!fs.existsSync('/dev/full'))(
    'answers a file write that found no room (ENOSPC) the same way',
    async () => {
      const res = await api.post('/api/test/write-full', {});
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('storage_full');
      expect(res.headers['retry-after']).toBe('60');
    },
  );
});

describe('GET /api/disk-space', () => {
  it('tells an admin the free and total bytes of the disk DATA_DIR is on, as statfs does', async () => {
    expect((await api.get('/api/disk-space')).status).toBe(401);
    expect((await api.get('/api/disk-space', buyer.token)).status).toBe(403);
    const res = await api.get('/api/disk-space', admin);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const space = res.body.data as { free: number; total: number; low: boolean };
    const s = fs.statfsSync(t.ctx.config.dataDir);
    expect(space.total).toBe(s.blocks * s.bsize);
    // Other programs write meanwhile: the free space is that of a moment ago.
    expect(Math.abs(space.free - s.bavail * s.bsize)).toBeLessThan(256 * 1024 * 1024);
    expect(space.low).toBe(space.free < space.total / 10 || space.free < 1024 ** 3);
  });
});
