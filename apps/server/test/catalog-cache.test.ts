import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { CACHE_LIMITS } from '../src/lib/catalog-cache';
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
