import type { TillProduct } from '@bazar/contracts/till';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, mockFetch, refuse } from '../../../test/fetch-mock';
import { adminSettingsWith, freshDb, makeProduct, storeCatalog } from './catalog-test-data';
import { SYNC_EVERY_MS, syncCatalog, syncCatalogOnce, useTillCatalog } from './catalog-sync';
import { searchLocal } from './lookup';
import { META_KEYS, readAreas, readCatalogVersion, readSettings } from './till-meta';
import type { TillDb } from './till-db';

const SETTINGS = adminSettingsWith([{ prefix: '21', kind: 'weight' }]);
const AREAS = [{ id: 1, title: 'Mirpur', title_bn: 'মিরপুর' }];

const catalog = (version: number, products: TillProduct[], deleted: number[] = []) => ({
  data: { version, products, deleted },
});

/** The server: Setting, the areas and these catalogue answers by `since`. */
function server(answers: Record<number, ReturnType<typeof catalog>>) {
  return mockApi({
    'GET /api/settings': { data: SETTINGS },
    'GET /api/areas': { data: AREAS },
    'GET /api/till/catalog': ({ query }) =>
      answers[Number(query.get('since'))] ??
      refuse(599, { message: `unexpected since=${query.get('since')}` }),
  });
}

const catalogCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET /api/till/catalog').map((url) => url.pathname + url.search);

const ids = async (db: TillDb) => (await db.products.toArray()).map((p) => p.id).sort((a, b) => a - b);

describe('syncCatalog', () => {
  it('loads everything on the first sync, with Setting and the areas', async () => {
    const db = freshDb();
    const products = [makeProduct({ id: 1 }), makeProduct({ id: 2, plu: '00002', unit: 'kg' })];
    const fetchMock = server({ 0: catalog(40, products) });
    const info = await syncCatalog(db);
    expect(catalogCalls(fetchMock)).toEqual(['/api/till/catalog?since=0']);
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
      'GET /api/till/catalog?since=0': {
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
    expect(catalogCalls(fetchMock)).toEqual(['/api/till/catalog?since=900', '/api/till/catalog?since=0']);
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
    server({ 0: catalog(1, [makeProduct({ id: 1, title: 'Mustard Oil' })]), 1: catalog(2, [], [1]) });
    await syncCatalog(db);
    expect((await searchLocal(db, 'mustard')).map((p) => p.id)).toEqual([1]);
    await syncCatalog(db);
    expect(await searchLocal(db, 'mustard')).toEqual([]);
  });
});

describe('syncCatalogOnce', () => {
  it('runs one sync at a time: a second call gets the running one', async () => {
    const db = freshDb();
    const fetchMock = server({ 0: catalog(3, [makeProduct({ id: 1 })]) });
    const [a, b] = await Promise.all([syncCatalogOnce(db), syncCatalogOnce(db)]);
    expect(a).toBe(b);
    expect(catalogCalls(fetchMock)).toHaveLength(1);
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
    await waitFor(() => expect(result.current.error?.message).toBe('Failed to fetch'));
    expect(result.current).toMatchObject({ ready: true, version: 9, count: 2, syncing: false });
  });

  it('is not ready before the first sync has stored a catalogue', async () => {
    const db = freshDb();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { result } = renderHook(() => useTillCatalog(db));
    await waitFor(() => expect(result.current.error).not.toBeNull());
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
      1: catalog(2, [makeProduct({ id: 2 })]),
      2: catalog(3, [makeProduct({ id: 3 })]),
    });
    const { result, unmount } = renderHook(() => useTillCatalog(db));
    await waitFor(() =>
      expect(result.current).toMatchObject({ ready: true, version: 1, count: 1, syncing: false }),
    );
    expect(result.current.lastSynced).not.toBeNull();

    expect(minute).toHaveLength(1);
    act(() => minute[0]?.());
    await waitFor(() => expect(result.current).toMatchObject({ version: 2, count: 2, syncing: false }));

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current).toMatchObject({ version: 3, count: 3, syncing: false }));
    expect(catalogCalls(fetchMock)).toEqual([
      '/api/till/catalog?since=0',
      '/api/till/catalog?since=1',
      '/api/till/catalog?since=2',
    ]);

    unmount();
    expect(cleared).toHaveBeenCalledWith(-1);
    window.dispatchEvent(new Event('online'));
    expect(catalogCalls(fetchMock)).toHaveLength(3);
  });
});
