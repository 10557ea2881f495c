import type { TillProduct } from '@bazar/contracts/till';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, mockFetch, refuse } from '../../../test/fetch-mock';
import { adminSettingsWith, freshDb, makeProduct, storeCatalog } from './catalog-test-data';
import {
  PAGE_SIZE,
  readStatus,
  SYNC_EVERY_MS,
  syncCatalog,
  syncCatalogOnce,
  useTillCatalog,
} from './catalog-sync';
import { scanCode } from './local-first';
import { searchLocal } from './lookup';
import { META_KEYS, readAreas, readCatalogLoad, readCatalogVersion, readSettings } from './till-meta';
import { TillDb } from './till-db';

const SETTINGS = adminSettingsWith([{ prefix: '21', kind: 'weight' }]);
const AREAS = [{ id: 1, title: 'Mirpur', title_bn: 'মিরপুর' }];

const catalog = (version: number, products: TillProduct[], deleted: number[] = []) => ({
  data: { version, products, deleted, next: null as number | null },
});
type Answer = ReturnType<typeof catalog>;

/** Products per page of the fakes below: the till follows `next`, whatever a page's length. */
const FAKE_PAGE = 2;

/**
 * A page of a full load as the server answers it: the products after `after`, FAKE_PAGE at a time,
 * and the next page's `after` (null after the last).
 */
function pageOf(
  full: Answer,
  query: URLSearchParams,
  withBounds = false,
): Answer & { data: { bounds?: number[] } } {
  expect(query.get('limit')).toBe(String(PAGE_SIZE));
  const after = Number(query.get('after'));
  const all = [...full.data.products].sort((a, b) => a.id - b.id);
  const rest = all.filter((p) => p.id > after);
  const products = rest.slice(0, FAKE_PAGE);
  const next = rest.length > FAKE_PAGE ? (products.at(-1)?.id ?? null) : null;
  // The first page names where the others start (every FAKE_PAGE-th id but the last), as the
  // server does: the till then asks for several at once.
  const bounds =
    withBounds && after === 0 && next !== null
      ? all.filter((_, i) => (i + 1) % FAKE_PAGE === 0 && i + 1 < all.length).map((p) => p.id)
      : [];
  return { data: { ...full.data, products, next, bounds } };
}

/**
 * The server: Setting, the areas and these catalogue answers by `since` (`since=0` in pages). The
 * catch-up after a full load (`since` = its version) finds nothing changed unless an answer says so.
 */
function server(answers: Record<number, Answer>, { withBounds = false } = {}) {
  return mockApi({
    'GET /api/settings': { data: SETTINGS },
    'GET /api/areas': { data: AREAS },
    'GET /api/till/catalog': ({ query }) => {
      const since = Number(query.get('since'));
      const full = answers[0];
      if (since === 0 && full) return pageOf(full, query, withBounds);
      return (
        answers[since] ??
        (since === full?.data.version ? catalog(since, []) : undefined) ??
        refuse(599, { message: `unexpected since=${since}` })
      );
    },
  });
}

const catalogCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET /api/till/catalog').map((url) => url.pathname + url.search);
const pageCall = (after: number) => `/api/till/catalog?since=0&after=${after}&limit=${PAGE_SIZE}`;

/** Fetch as `fetchMock` answers it, but a lost network for the calls `cut` picks. */
function cutting(fetchMock: ReturnType<typeof mockApi>, cut: (url: URL) => boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      cut(new URL(String(input), 'http://shop.test'))
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetchMock(input, init),
    ),
  );
}

/** The ids the store holds: in `products`, or in a first load's page not yet spread (ADR 0060). */
const ids = async (db: TillDb) =>
  [
    ...(await db.products.toArray()).map((p) => p.id),
    ...(await db.pages.toArray()).flatMap((page) => page.products.map((p) => p.id)),
  ].sort((a, b) => a - b);

describe('syncCatalog', () => {
  it('loads everything on the first sync, with Setting and the areas', async () => {
    const db = freshDb();
    const products = [makeProduct({ id: 1 }), makeProduct({ id: 2, plu: '00002', unit: 'kg' })];
    const fetchMock = server({ 0: catalog(40, products) });
    const info = await syncCatalog(db);
    // The one page of the full load, then the catch-up delta since its version.
    expect(catalogCalls(fetchMock)).toEqual([pageCall(0), '/api/till/catalog?since=40']);
    expect(info).toMatchObject({ since: 0, version: 40, received: 2, deleted: 0 });
    expect(await db.products.toArray()).toEqual(products);
    expect(await readCatalogVersion(db)).toBe(40);
    expect(await readSettings(db)).toEqual(SETTINGS);
    expect(await readAreas(db)).toEqual(AREAS);
    expect((await db.meta.get(META_KEYS.catalogSync))?.value).toEqual(info);
  });

  it('asks for what changed since the stored version: changed products replaced, deleted ones dropped', async () => {
    const db = freshDb();
    await storeCatalog(db, [makeProduct({ id: 1 }), makeProduct({ id: 2 }), makeProduct({ id: 3 })], {
      version: 40,
    });
    const changed = makeProduct({ id: 2, title: 'Now cheaper', price: 80 });
    const added = makeProduct({ id: 4 });
    const fetchMock = server({ 40: catalog(45, [changed, added], [3]) });
    await syncCatalog(db);
    expect(catalogCalls(fetchMock)).toEqual(['/api/till/catalog?since=40']);
    expect(await ids(db)).toEqual([1, 2, 4]);
    expect(await db.products.get(2)).toEqual(changed);
    expect(await readCatalogVersion(db)).toBe(45);
  });

  it('never keeps a version without its products: a failed write leaves the store as it was', async () => {
    const db = freshDb();
    await storeCatalog(db, [makeProduct({ id: 1 })], { version: 40 });
    server({ 40: catalog(45, [makeProduct({ id: 2 })], [1]) });
    // The products are written, then the deletion fails: the transaction takes the writes back.
    vi.spyOn(db.products, 'bulkDelete').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(syncCatalog(db)).rejects.toThrow('QuotaExceededError');
    expect(await ids(db)).toEqual([1]);
    expect(await readCatalogVersion(db)).toBe(40);
  });

  it('writes nothing of an answer that is not a catalogue', async () => {
    const db = freshDb();
    // A deliberately broken answer (mockApi would refuse to send it): mocked by its URL.
    mockFetch({
      'GET /api/settings': { body: { data: SETTINGS } },
      'GET /api/areas': { body: { data: AREAS } },
      [`GET ${pageCall(0)}`]: {
        body: { data: { version: 3, products: [{ id: 1, title: 'No price' }], deleted: [] } },
        offContract: true,
      },
    });
    await expect(syncCatalog(db)).rejects.toThrow();
    expect(await db.products.count()).toBe(0);
    expect(await readCatalogVersion(db)).toBeNull();
  });

  it('starts again from nothing when the server is behind the stored version (a new database)', async () => {
    const db = freshDb();
    await storeCatalog(db, [makeProduct({ id: 1 }), makeProduct({ id: 2 })], { version: 900 });
    const fetchMock = server({ 900: catalog(12, []), 0: catalog(12, [makeProduct({ id: 7 })]) });
    await syncCatalog(db);
    expect(catalogCalls(fetchMock)).toEqual([
      '/api/till/catalog?since=900',
      pageCall(0),
      '/api/till/catalog?since=12',
    ]);
    expect(await ids(db)).toEqual([7]);
    expect(await readCatalogVersion(db)).toBe(12);
  });

  it('keeps the catalogue when Setting cannot be read, and says it failed', async () => {
    const db = freshDb();
    mockApi({
      'GET /api/settings': refuse(500, { message: 'Internal Server Error' }),
      'GET /api/areas': { data: AREAS },
      'GET /api/till/catalog': catalog(3, [makeProduct({ id: 1 })]),
    });
    await expect(syncCatalog(db)).rejects.toThrow('Internal Server Error');
    expect(await ids(db)).toEqual([1]);
    expect(await readAreas(db)).toEqual(AREAS);
    expect(await readSettings(db)).toBeNull();
  });

  it('does not lay an older answer over a newer copy another tab wrote meanwhile', async () => {
    const db = freshDb();
    await storeCatalog(db, [makeProduct({ id: 1 })], { version: 40 });
    const stale = makeProduct({ id: 1, title: 'Old title' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/till/catalog')) {
          // Another tab syncs to version 50 while this answer (version 45) is on its way.
          await db.products.put(makeProduct({ id: 1, title: 'New title' }));
          await db.meta.put({ key: META_KEYS.catalogVersion, value: 50 });
          return Response.json({ data: { version: 45, products: [stale], deleted: [] } });
        }
        return Response.json({ data: url === '/api/areas' ? AREAS : SETTINGS });
      }),
    );
    expect(await syncCatalog(db)).toBeNull();
    expect((await db.products.get(1))?.title).toBe('New title');
    expect(await readCatalogVersion(db)).toBe(50);
  });

  it('keeps the search index in step with a delta', async () => {
    const db = freshDb();
    server({
      0: catalog(1, [makeProduct({ id: 1, title: 'Mustard Oil' })]),
      // The full load's catch-up: nothing changed, a newer version.
      1: catalog(2, []),
      2: catalog(3, [], [1]),
    });
    await syncCatalog(db);
    expect((await searchLocal(db, 'mustard')).map((p) => p.id)).toEqual([1]);
    await syncCatalog(db);
    expect(await searchLocal(db, 'mustard')).toEqual([]);
  });
});

describe('syncCatalog, the full load in pages', () => {
  const eight = () => [1, 2, 3, 4, 5, 6, 7, 8].map((id) => makeProduct({ id }));

  it('stores each page as it comes; a load cut after page 2 of 4 goes on at page 3, in a tab opened again', async () => {
    const first = freshDb();
    const fetchMock = server({ 0: catalog(40, eight()) });
    // The network goes at page 3 (asked while page 2 is written).
    cutting(fetchMock, (url) => url.searchParams.get('after') === '4');
    await expect(syncCatalog(first)).rejects.toThrow('Failed to fetch');
    expect(catalogCalls(fetchMock)).toEqual([pageCall(0), pageCall(2)]);
    expect(await ids(first)).toEqual([1, 2, 3, 4]);
    expect(await readCatalogLoad(first)).toMatchObject({ version: 40, after: 4, received: 4 });
    expect(await readCatalogVersion(first)).toBeNull();
    first.close();

    // The tab is closed; the till opened again later, with the network back.
    const db = new TillDb(first.name);
    cutting(fetchMock, () => false);
    const info = await syncCatalog(db);
    expect(catalogCalls(fetchMock)).toEqual([
      pageCall(0),
      pageCall(2),
      pageCall(4),
      pageCall(6),
      '/api/till/catalog?since=40',
    ]);
    // Every product once, the version set, the load's record of all its pages.
    expect(await db.products.toArray()).toEqual(eight());
    expect(await readCatalogVersion(db)).toBe(40);
    expect(await readCatalogLoad(db)).toBeNull();
    expect(info).toMatchObject({ since: 0, version: 40, received: 8, deleted: 0 });
    expect((await db.meta.get(META_KEYS.catalogSync))?.value).toEqual(info);
  });

  it('never reports a store with a load under way as ready, nor scans from it', async () => {
    const db = freshDb();
    const fetchMock = server({ 0: catalog(40, eight()) });
    cutting(fetchMock, (url) => url.searchParams.get('after') === '4');
    await expect(syncCatalog(db)).rejects.toThrow('Failed to fetch');
    expect(await readStatus(db)).toMatchObject({ ready: false, version: null, count: 4, lastSynced: null });
    // A scan asks the server until the copy is complete, though product 1 is in the store already.
    const asked = mockApi({ 'GET /api/product/barcode/:code': refuse(404, { message: 'Not found.' }) });
    await expect(scanCode('B1', db)).rejects.toThrow('Not found.');
    expect(callsTo(asked, 'GET /api/product/barcode/:code')).toHaveLength(1);

    // Still not ready while the server cannot be reached; ready once the load is complete.
    cutting(fetchMock, () => true);
    const { result } = renderHook(() => useTillCatalog(db));
    await waitFor(() => expect(result.current.error?.message).toBe('Failed to fetch'));
    expect(result.current).toMatchObject({ ready: false, version: null, count: 4, syncing: false });
    cutting(fetchMock, () => false);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current).toMatchObject({ ready: true, version: 40, count: 8 }));
  });

  it('keeps the FIRST page’s version and catches up with what changed or went during the load', async () => {
    const db = freshDb();
    let products = eight();
    let version = 40;
    // While the till pages: a product it has stored and one it has not yet are changed, two products
    // are deleted (one stored, one not), one is added.
    const changed = [
      makeProduct({ id: 1, price: 81 }),
      makeProduct({ id: 5, price: 85 }),
      makeProduct({ id: 9 }),
    ];
    const fetchMock = mockApi({
      'GET /api/settings': { data: SETTINGS },
      'GET /api/areas': { data: AREAS },
      'GET /api/till/catalog': ({ query }) => {
        if (query.get('since') !== '0') return catalog(47, changed, [4, 6]);
        if (query.get('after') === '4') {
          const kept = products.filter((p) => ![1, 4, 5, 6].includes(p.id));
          products = [...kept, ...changed].sort((a, b) => a.id - b.id);
          version = 46;
        }
        return pageOf(catalog(version, products), query);
      },
    });
    const info = await syncCatalog(db);
    // The catch-up asks from the first page's version (40), not the last page's (46).
    expect(catalogCalls(fetchMock).at(-1)).toBe('/api/till/catalog?since=40');
    expect(await ids(db)).toEqual([1, 2, 3, 5, 7, 8, 9]);
    expect((await db.products.get(1))?.price).toBe(81);
    expect((await db.products.get(5))?.price).toBe(85);
    expect(await readCatalogVersion(db)).toBe(47);
    expect(info).toMatchObject({ since: 0, version: 47, deleted: 2 });
  });

  it('begins again when the server went back under a load under way (a restored database)', async () => {
    const db = freshDb();
    const fetchMock = server({ 0: catalog(40, eight()) });
    cutting(fetchMock, (url) => url.searchParams.get('after') === '4');
    await expect(syncCatalog(db)).rejects.toThrow('Failed to fetch');
    const restored = server({ 0: catalog(12, [makeProduct({ id: 3 }), makeProduct({ id: 7 })]) });
    await syncCatalog(db);
    expect(catalogCalls(restored)).toEqual([pageCall(4), pageCall(0), '/api/till/catalog?since=12']);
    expect(await ids(db)).toEqual([3, 7]);
    expect(await readCatalogVersion(db)).toBe(12);
  });

  it('stops when another tab wrote a page of the load meanwhile (no Web Locks)', async () => {
    const db = freshDb();
    const other = { version: 40, after: 4, received: 4, ms: 9 };
    mockApi({
      'GET /api/settings': { data: SETTINGS },
      'GET /api/areas': { data: AREAS },
      'GET /api/till/catalog': async ({ query }) => {
        if (query.get('after') === '2')
          await db.transaction('rw', db.products, db.meta, async () => {
            await db.products.bulkPut(eight().slice(0, 4));
            await db.meta.put({ key: META_KEYS.catalogLoad, value: other });
          });
        return pageOf(catalog(40, eight()), query);
      },
    });
    expect(await syncCatalog(db)).toBeNull();
    expect(await readCatalogLoad(db)).toEqual(other);
    expect(await readCatalogVersion(db)).toBeNull();
    expect(await ids(db)).toEqual([1, 2, 3, 4]);
  });
});

describe('syncCatalogOnce', () => {
  it('runs one sync at a time: a second call gets the running one', async () => {
    const db = freshDb();
    const fetchMock = server({ 0: catalog(3, [makeProduct({ id: 1 })]) });
    const [a, b] = await Promise.all([syncCatalogOnce(db), syncCatalogOnce(db)]);
    expect(a).toBe(b);
    expect(catalogCalls(fetchMock)).toEqual([pageCall(0), '/api/till/catalog?since=3']);
  });
});

describe('useTillCatalog', () => {
  it('reports the stored catalogue at once, with the error, when the server cannot be reached', async () => {
    const db = freshDb();
    await storeCatalog(db, [makeProduct({ id: 1 }), makeProduct({ id: 2 })], { version: 9 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { result } = renderHook(() => useTillCatalog(db));
    // The error, then the store read again and the sync over: one state, waited for whole (a busy
    // machine shows the steps between).
    await waitFor(() =>
      expect(result.current).toMatchObject({
        error: expect.objectContaining({ message: 'Failed to fetch' }),
        ready: true,
        version: 9,
        count: 2,
        syncing: false,
      }),
    );
  });

  it('is not ready before the first sync has stored a catalogue', async () => {
    const db = freshDb();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { result } = renderHook(() => useTillCatalog(db));
    await waitFor(() =>
      expect(result.current).toMatchObject({
        error: expect.objectContaining({ message: 'Failed to fetch' }),
        syncing: false,
      }),
    );
    expect(result.current).toMatchObject({ ready: false, version: null, count: 0 });
  });

  it('syncs on mount, every minute, and when the browser is back online', async () => {
    // The minute's timer, run by hand; waitFor keeps its own (fake timers would stop its polling).
    const minute: (() => void)[] = [];
    const realSet = window.setInterval.bind(window);
    const realClear = window.clearInterval.bind(window);
    const fakeSet = (run: TimerHandler, ms?: number) => {
      if (ms !== SYNC_EVERY_MS || typeof run !== 'function') return realSet(run, ms);
      minute.push(() => void run());
      return -minute.length;
    };
    const fakeClear = (id?: number) => {
      if (id === undefined || id >= 0) realClear(id);
    };
    vi.spyOn(window, 'setInterval').mockImplementation(fakeSet as typeof window.setInterval);
    const cleared = vi
      .spyOn(window, 'clearInterval')
      .mockImplementation(fakeClear as typeof window.clearInterval);
    const db = freshDb();
    const fetchMock = server({
      0: catalog(1, [makeProduct({ id: 1 })]),
      // The full load's catch-up: nothing changed, a newer version.
      1: catalog(2, []),
      2: catalog(3, [makeProduct({ id: 2 })]),
      3: catalog(4, [makeProduct({ id: 3 })]),
    });
    const { result, unmount } = renderHook(() => useTillCatalog(db));
    await waitFor(() =>
      expect(result.current).toMatchObject({ ready: true, version: 2, count: 1, syncing: false }),
    );
    expect(result.current.lastSynced).not.toBeNull();

    expect(minute).toHaveLength(1);
    act(() => minute[0]?.());
    await waitFor(() => expect(result.current).toMatchObject({ version: 3, count: 2, syncing: false }));

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current).toMatchObject({ version: 4, count: 3, syncing: false }));
    expect(catalogCalls(fetchMock)).toEqual([
      pageCall(0),
      '/api/till/catalog?since=1',
      '/api/till/catalog?since=2',
      '/api/till/catalog?since=3',
    ]);

    unmount();
    expect(cleared).toHaveBeenCalledWith(-1);
    window.dispatchEvent(new Event('online'));
    expect(catalogCalls(fetchMock)).toHaveLength(4);
  });
});

describe('syncCatalog, pages stored whole and asked for several at once (ADR 0060)', () => {
  const eight = () => [1, 2, 3, 4, 5, 6, 7, 8].map((id) => makeProduct({ id }));

  it('asks for the pages the first one names at once, and ends with every product in the store', async () => {
    const db = freshDb();
    const fetchMock = server({ 0: catalog(40, eight()) }, { withBounds: true });
    const info = await syncCatalog(db);
    const calls = catalogCalls(fetchMock);
    expect(calls[0]).toBe(pageCall(0));
    // Pages 2, 4 and 6 were all asked for before page 2 was written (any order), then the catch-up.
    expect(calls.slice(1, 4).sort()).toEqual([pageCall(2), pageCall(4), pageCall(6)].sort());
    expect(calls.slice(4)).toEqual(['/api/till/catalog?since=40']);
    expect(await db.products.toArray()).toEqual(eight());
    expect(await db.pages.count()).toBe(0);
    expect(info).toMatchObject({ since: 0, version: 40, received: 8 });
  });

  it('a load cut at a named page goes on from it, with the pages after it still asked for at once', async () => {
    const first = freshDb();
    const fetchMock = server({ 0: catalog(40, eight()) }, { withBounds: true });
    cutting(fetchMock, (url) => url.searchParams.get('after') === '4');
    await expect(syncCatalog(first)).rejects.toThrow('Failed to fetch');
    expect(await ids(first)).toEqual([1, 2, 3, 4]);
    expect(await readCatalogLoad(first)).toMatchObject({ version: 40, after: 4, bounds: [6] });
    first.close();

    const db = new TillDb(first.name);
    const again = server({ 0: catalog(40, eight()) }, { withBounds: true });
    await syncCatalog(db);
    expect(catalogCalls(again).slice(0, 2).sort()).toEqual([pageCall(4), pageCall(6)].sort());
    expect(await db.products.toArray()).toEqual(eight());
    expect(await readCatalogVersion(db)).toBe(40);
  });

  it('while a complete load’s pages wait to be spread, scans, searches and counts read them', async () => {
    const db = freshDb();
    const oil = makeProduct({ id: 3, title: 'Mustard Oil', barcode: '4000000000003' });
    const dal = makeProduct({ id: 4, title: 'Mosur Dal', plu: '00044', unit: 'kg', price: 140 });
    await db.pages.bulkPut([
      { after: 0, products: [makeProduct({ id: 1 }), makeProduct({ id: 2 })] },
      { after: 2, products: [oil, dal] },
    ]);
    await db.meta.put({ key: META_KEYS.catalogVersion, value: 40 });
    expect(await scanCode('4000000000003', db)).toMatchObject({ product: { id: 3 }, quantity: 1 });
    expect(await scanCode('2100044015003', db)).toMatchObject({ product: { id: 4 }, quantity: 1.5 });
    expect((await searchLocal(db, 'mustard')).map((p) => p.id)).toEqual([3]);
    expect(await readStatus(db)).toMatchObject({ ready: true, version: 40, count: 4 });

    // The next sync spreads them into the store before its delta.
    const fetchMock = server({ 40: catalog(41, [], [2]) });
    await syncCatalog(db);
    expect(catalogCalls(fetchMock)).toEqual(['/api/till/catalog?since=40']);
    expect(await db.pages.count()).toBe(0);
    expect(await ids(db)).toEqual([1, 3, 4]);
    expect(await readStatus(db)).toMatchObject({ ready: true, version: 41, count: 3 });
  });
});
