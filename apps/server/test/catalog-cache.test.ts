import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { CACHE_LIMITS, CatalogCache } from '../src/lib/catalog-cache';
import { adminToken, client, testApp, testDatabase, type TestApp } from './helpers';

// Two app servers on one PostgreSQL, as behind a load balancer.
let a: TestApp;
let b: TestApp;
let admin: string;
let brand: number;

beforeAll(async () => {
  const { database } = await testDatabase();
  a = await testApp({ database });
  b = await testApp({ database });
  admin = await adminToken(a);
  brand = await makeBrand(a.app, admin);
});

const titles = (body: Record<string, unknown>) => (body.data as Array<{ title: string }>).map((p) => p.title);

/**
 * Whether `done` holds within a few seconds, looked at on every turn of the event loop: for the
 * connections' own events, with the fake clock (if any) standing still.
 */
async function soon(done: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setImmediate(r));
  return done();
}

async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('catalogue cache', () => {
  it('answers ETag and 304 for an unchanged catalogue', async () => {
    await makeProduct(a.app, admin, brand, { title: 'Cached Tea', offer: 'on' });
    const first = await a.app.inject({ method: 'GET', url: '/api/productoffer' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await a.app.inject({
      method: 'GET',
      url: '/api/productoffer',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a write on one server is seen at once by the other server', async () => {
    const apiA = client(a.app);
    const apiB = client(b.app);
    // Both servers cache the current answers
    for (const api of [apiA, apiB]) {
      await api.get('/api/productoffer');
      await api.get('/api/categories');
      await api.get('/api/product/search/jasmine');
    }
    const etagBefore = (await apiA.get('/api/productoffer')).headers.etag;
    const [p] = await makeProduct(b.app, admin, brand, { title: 'Jasmine Rice Offer', offer: 'on' });
    await client(b.app).post('/api/category/add', { title: 'Cache Test Category', parent: null }, admin);

    expect(
      await eventually(async () =>
        titles((await apiA.get('/api/productoffer')).body).includes('Jasmine Rice Offer'),
      ),
    ).toBe(true);
    expect(
      await eventually(async () => titles((await apiA.get('/api/product/search/jasmine')).body).length === 1),
    ).toBe(true);
    expect(
      await eventually(async () =>
        JSON.stringify((await apiA.get('/api/categories')).body).includes('Cache Test Category'),
      ),
    ).toBe(true);
    expect((await apiA.get('/api/productoffer')).headers.etag).not.toBe(etagBefore);

    // and a delete on A reaches B
    await client(a.app).del(`/api/product/delete/${p?.id}`, admin);
    expect(
      await eventually(
        async () => !titles((await apiB.get('/api/productoffer')).body).includes('Jasmine Rice Offer'),
      ),
    ).toBe(true);
  });
});

describe('catalogue cache room', () => {
  it('keeps catalogue pages while endless different searches come in', async () => {
    const api = client(a.app);
    // No writes here; the earlier tests' notifications may still be on their way, so wait until
    // the catalogue page stays cached.
    const cached = async () => {
      expect((await api.get('/api/productoffer')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      return a.ctx.catalog.size('catalog') > 0;
    };
    expect(await eventually(cached)).toBe(true);
    const kept = a.ctx.catalog.size('catalog');
    for (let i = 0; i < CACHE_LIMITS.search + 20; i++) {
      expect((await api.get(`/api/product/search/zzq${i}`)).status).toBe(200);
    }
    expect(a.ctx.catalog.size('search')).toBe(CACHE_LIMITS.search);
    expect(a.ctx.catalog.size('catalog')).toBe(kept);
  });
});

describe('the cache listener after a long outage', () => {
  it('keeps trying until the database is back, however long it was away', async () => {
    const { url } = await testDatabase();
    const target = new URL(url);
    // A proxy to the database that can be closed (the database "away") and opened again.
    const sockets = new Set<net.Socket>();
    const open = (port = 0) =>
      new Promise<net.Server>((resolve) => {
        const server = net.createServer((inbound) => {
          const outbound = net.connect(Number(target.port || 5432), target.hostname);
          for (const s of [inbound, outbound]) {
            sockets.add(s);
            s.on('error', () => undefined);
            s.on('close', () => sockets.delete(s));
          }
          inbound.pipe(outbound).pipe(inbound);
        });
        server.listen(port, '127.0.0.1', () => resolve(server));
      });
    let proxy = await open();
    const port = (proxy.address() as net.AddressInfo).port;
    const viaProxy = new URL(url);
    viaProxy.host = `127.0.0.1:${port}`;
    let failedTries = 0;
    const quiet = {
      warn: (_: unknown, message: string) => {
        if (message.includes('could not reconnect')) failedTries++;
      },
      info: () => undefined,
    } as unknown as FastifyBaseLogger;
    const cache = new CatalogCache(viaProxy.toString(), quiet, 50);
    await cache.start();
    expect(cache.listening).toBe(true);
    // The listener's waits between tries on a fake clock; the connections stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });

    const closed = new Promise<void>((r) => proxy.close(() => r()));
    for (const s of sockets) s.destroy();
    await closed;
    expect(await soon(() => !cache.listening)).toBe(true);
    // Away for two minutes: each try fails, and the wait doubles from 50 ms up to 30 s, then stays.
    let wait = 50;
    for (let tries = 1; tries <= 12; tries++) {
      await vi.advanceTimersByTimeAsync(wait);
      expect(await soon(() => failedTries === tries), `try ${tries}, after ${wait} ms`).toBe(true);
      wait = Math.min(wait * 2, 30_000);
    }
    expect(cache.listening).toBe(false);
    proxy = await open(port);
    await vi.advanceTimersByTimeAsync(30_000);
    const back = await soon(() => cache.listening);
    await cache.close();
    const done = new Promise<void>((r) => proxy.close(() => r()));
    for (const s of sockets) s.destroy();
    await done;
    expect(back).toBe(true);
  });
});
