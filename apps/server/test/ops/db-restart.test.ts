import { exec } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from '../catalog-factories';
import { expectSurvived, orderLoadWithFault, summary, watchCrashes, type Line } from './db-fault-load';
import { adminToken, client, registerCustomer, testApp, type TestApp } from '../helpers';

// An external PostgreSQL restarted under order load (a managed database's restart or failover).
// CI runs it on its own after `npm test` with the command that restarts the machine's cluster
// (.ci/run); restarting the server every other test file uses would break them mid-run, so it is
// skipped unless TEST_PG_RESTART_CMD is set, e.g.
//   TEST_PG_RESTART_CMD='pg_ctlcluster 15 main restart -m immediate' npx vitest run --project server db-restart
const restartCmd = process.env.TEST_PG_RESTART_CMD;
const crashes = watchCrashes();

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  if (!restartCmd) return;
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe.skipIf(!restartCmd)('the external PostgreSQL restarted under order load', () => {
  it('answers 503 meanwhile, reconnects by itself and keeps every acknowledged order', async () => {
    const admin = await adminToken(t);
    const brand = await makeBrand(t.app, admin);
    const [rice] = await makeProduct(t.app, admin, brand, { title: 'Restart Rice', qty: '100000' });
    const [oil] = await makeProduct(t.app, admin, brand, { title: 'Restart Oil', qty: '100000' });
    const lines: Line[] = [
      { product_id: rice?.id ?? 0, quantity: 1 },
      { product_id: oil?.id ?? 0, quantity: 2 },
    ];
    const buyers = await Promise.all(
      [1, 2, 3].map(() => registerCustomer(t.app, { verified: true, database: t.database })),
    );

    let restartOutput = '';
    const run = await orderLoadWithFault({
      baseUrl,
      admin,
      buyers,
      tills: 3,
      lines,
      fault: async () => {
        const { stdout, stderr } = await promisify(exec)(restartCmd ?? '', { timeout: 60_000 });
        restartOutput = stdout + stderr;
      },
    });
    console.log('external PostgreSQL restart under load:', summary(run), restartOutput.trim());

    expect(crashes).toEqual([]);
    await expectSurvived(run, t.database.pool, {
      lines,
      initialQty: new Map([
        [rice?.id ?? 0, 100000],
        [oil?.id ?? 0, 100000],
      ]),
    });
    expect((await client(t.app).get('/api/stock/check', admin)).body).toEqual({ data: [] });
    // The catalogue cache's listening connection comes back too.
    await expect.poll(() => t.ctx.catalog.listening, { timeout: 15_000 }).toBe(true);
    expect(crashes).toEqual([]);
  }, 120_000);
});
