import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type OpenDatabase } from '../../src/db/open';
import { makeBrand, makeProduct, pngImage } from '../catalog-factories';
import { adminToken, client, postForm, testConfig, type TestApp } from '../helpers';

/**
 * A shop whose disk fills up (issue 24): DATA_DIR on a small filesystem of its own (a tmpfs), the
 * embedded PostgreSQL in it, a file written until the disk has no room. Orders are then refused
 * with 503 storage_full (not 500), every order acknowledged before stays, and orders are taken
 * again as soon as the file is removed. Mounting needs root: elsewhere the test is skipped.
 */

const TOKEN = 'metrics-token-for-the-disk-test';
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-full-disk-'));

/** A 256 MB tmpfs on `mountPoint`, or false where this process may not mount one. */
const mounted = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256m,mode=0755', 'tmpfs', mountPoint], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
})();
if (!mounted) fs.rmSync(mountPoint, { recursive: true, force: true });

let t: TestApp & { database: OpenDatabase };
let admin: string;
let rice: number;
let brand: number;
const filler = path.join(mountPoint, 'filler');

beforeAll(async () => {
  if (!mounted) return;
  const config = testConfig({ dataDir: mountPoint, databaseUrl: undefined, metricsToken: TOKEN });
  const database = await openDatabase(config, { info: () => undefined, warn: () => undefined });
  const { app, ctx } = await buildApp({ config, database });
  await app.ready();
  t = { app, ctx, database };
  admin = await adminToken(t);
  brand = await makeBrand(app, admin);
  const [p] = await makeProduct(app, admin, brand, { price: '50', qty: '100000' });
  rice = p!.id;
}, 120_000);

afterAll(async () => {
  if (!mounted) return;
  await t?.app.close();
  await t?.database.stop();
  execFileSync('umount', [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
}, 60_000);

/** Writes into `filler` until the disk has no room left (ENOSPC), in large pieces, then small ones. */
function fillTheDisk(): void {
  const fd = fs.openSync(filler, 'a');
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const piece = Buffer.alloc(size, 1);
      for (;;) {
        try {
          fs.writeSync(fd, piece);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

const sale = () =>
  client(t.app).post(
    '/api/order/add',
    {
      terminal: 1,
      ship: 0,
      discount: 0,
      paid: 50,
      method: 'cash',
      carts: [{ product_id: rice, quantity: 1 }],
    },
    admin,
  );

describe.skipIf(!mounted)('a shop whose disk is full (DATA_DIR on a small tmpfs, as root)', () => {
  it('refuses orders with 503 storage_full, keeps every order it acknowledged, and takes orders again once there is room', async () => {
    const api = client(t.app);
    expect((await sale()).status).toBe(201);

    fillTheDisk();
    // The dashboard and the metrics see it.
    const space = (await api.get('/api/disk-space', admin)).body.data as { free: number; low: boolean };
    expect(space.free).toBeLessThan(64 * 1024);
    expect(space.low).toBe(true);
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const free = /^bazar_data_dir_free_bytes (\S+)$/m.exec(metrics.body)?.[1];
    expect(Number(free)).toBeLessThan(64 * 1024);

    // PostgreSQL writes into the free room left in its pages and its write-ahead log first: sales go
    // on until a table or an index needs a new page, and the disk has none to give.
    const acknowledged: number[] = [];
    let refused: Awaited<ReturnType<typeof sale>> | undefined;
    for (let i = 0; i < 3000 && !refused; i++) {
      const res = await sale();
      if (res.status === 201) acknowledged.push((res.body.data as { id: number }).id);
      else refused = res;
    }
    expect(refused?.status, JSON.stringify(refused?.body)).toBe(503);
    expect(refused?.body.code).toBe('storage_full');
    expect(refused?.headers['retry-after']).toBe('60');
    // Again, and a picture too (a file write that finds no room).
    expect((await sale()).body.code).toBe('storage_full');
    const upload = await postForm(
      t.app,
      '/api/product/add',
      {
        title: 'Full Disk Tea',
        price: '10',
        qty: '1',
        tags: 't',
        brand_id: String(brand),
        image: await pngImage(300, 200),
      },
      admin,
    );
    expect([upload.status, upload.body.code]).toEqual([503, 'storage_full']);

    // Room again: the next sale is taken at once, and every sale acknowledged before is there.
    fs.rmSync(filler);
    const again = await sale();
    expect(again.status).toBe(201);
    const ids = [...acknowledged, (again.body.data as { id: number }).id];
    const kept = await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::int[])',
      [ids],
    );
    expect(kept.rows[0]?.n).toBe(ids.length);
  }, 300_000);
});
