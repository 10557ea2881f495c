import { listOf, one } from '@bazar/contracts/common';
import { area, settingsResponse } from '@bazar/contracts/settings';
import { tillCatalog } from '@bazar/contracts/till';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api';
import { noteCatalogChange, warmSearchIndex } from './lookup';
import { tillDb, type TillDb } from './till-db';
import { META_KEYS, readCatalogVersion, type CatalogSyncInfo } from './till-meta';
import { whenIdle } from '../../../lib/when-idle';

const catalogAnswer = one(tillCatalog);
const areasAnswer = listOf(area);

/** Products written per IndexedDB call: a few ms of work each on a cheap phone. */
const WRITE_SLICE = 250;

// Parsed: the till stores what the contract says (an older server's answer gets its defaults).
const fetchCatalog = async (since: number) =>
  catalogAnswer.parse(await call('GET /api/till/catalog', { query: { since } })).data;

/**
 * Brings the stored products up to the server's catalogue: the delta since the stored version
 * (everything on the first run), written with the new version in one transaction, so the store never
 * holds a version without its products. Returns what it wrote, or null when another tab had already
 * written a newer copy.
 */
async function syncProducts(db: TillDb): Promise<CatalogSyncInfo | null> {
  const started = performance.now();
  let since = (await readCatalogVersion(db)) ?? 0;
  let answer = await fetchCatalog(since);
  // Behind what we hold: a new or restored database that no longer knows our version. Start again.
  const reset = since > 0 && answer.version < since;
  if (reset) {
    since = 0;
    answer = await fetchCatalog(0);
  }
  const full = since === 0;
  const info: CatalogSyncInfo = {
    at: new Date().toISOString(),
    since,
    version: answer.version,
    received: answer.products.length,
    deleted: answer.deleted.length,
    ms: 0,
  };
  const from = await db.transaction('rw', db.products, db.meta, async () => {
    // Another tab may have written while we fetched (browsers without Web Locks): a delta fits only
    // a store between its `since` and its version, and nothing older replaces a newer copy.
    const held = await readCatalogVersion(db);
    const fits = full
      ? reset || held === null || held <= answer.version
      : held !== null && held >= since && held <= answer.version;
    if (!fits) return undefined;
    if (full) await db.products.clear();
    // In slices: each is written in its own task, so a large catalogue never holds the page for
    // long. The transaction stays one: the store still never holds a version without its products.
    for (let at = 0; at < answer.products.length; at += WRITE_SLICE)
      await db.products.bulkPut(answer.products.slice(at, at + WRITE_SLICE));
    if (answer.deleted.length > 0) await db.products.bulkDelete(answer.deleted);
    info.ms = Math.round(performance.now() - started);
    await db.meta.bulkPut([
      { key: META_KEYS.catalogVersion, value: answer.version },
      { key: META_KEYS.catalogSync, value: info },
    ]);
    return full ? null : held;
  });
  if (from === undefined) return null;
  noteCatalogChange(db, { from, to: answer.version, products: answer.products, deleted: answer.deleted });
  return info;
}

/** Setting and the areas, for the till's sums, scale labels and customer form with no server. */
async function syncShopData(db: TillDb): Promise<void> {
  const [settings, areas] = await Promise.allSettled([
    call('GET /api/settings').then((answer) => settingsResponse.parse(answer).data),
    call('GET /api/areas').then((answer) => areasAnswer.parse(answer).data),
  ]);
  const rows = [
    ...(settings.status === 'fulfilled' ? [{ key: META_KEYS.settings, value: settings.value }] : []),
    ...(areas.status === 'fulfilled' ? [{ key: META_KEYS.areas, value: areas.value }] : []),
  ];
  if (rows.length > 0) await db.meta.bulkPut(rows);
  if (settings.status === 'rejected') throw settings.reason;
  if (areas.status === 'rejected') throw areas.reason;
}

/**
 * One sync of everything the till keeps: the catalogue, Setting and the areas. A failure of one
 * does not stop the others; the first failure is thrown once all have ended.
 */
export async function syncCatalog(db: TillDb): Promise<CatalogSyncInfo | null> {
  // A browser that cannot keep the store (no IndexedDB) asks the server nothing.
  await db.open();
  const [products, shop] = await Promise.allSettled([syncProducts(db), syncShopData(db)]);
  if (products.status === 'rejected') throw products.reason;
  // The copy is current as of now, whether or not this sync had anything to write.
  await db.meta.put({ key: META_KEYS.catalogChecked, value: new Date().toISOString() });
  if (shop.status === 'rejected') throw shop.reason;
  return products.value;
}

const running = new WeakMap<TillDb, Promise<CatalogSyncInfo | null>>();

/**
 * `syncCatalog`, never two at once: a call while one runs in this tab gets that one, and tabs take
 * turns through a Web Lock where the browser has them (the next tab's turn is then a small delta).
 */
export function syncCatalogOnce(db: TillDb): Promise<CatalogSyncInfo | null> {
  const held = running.get(db);
  if (held) return held;
  const locks = 'locks' in navigator ? navigator.locks : undefined;
  // The lock is held until the callback's promise settles, and `request` answers with its result.
  const turn: Promise<CatalogSyncInfo | null> = locks
    ? locks.request('till-catalog', () => syncCatalog(db)).then((result) => result)
    : syncCatalog(db);
  const run = turn.finally(() => running.delete(db));
  running.set(db, run);
  return run;
}

export interface TillCatalogStatus {
  /** The store holds a catalogue (of some version): scans and searches can be answered here. */
  ready: boolean;
  version: number | null;
  /** Products in the store. */
  count: number;
  syncing: boolean;
  /** When the last sync that wrote the catalogue ended (ISO), in this tab or another. */
  lastSynced: string | null;
  /** When a sync last found the copy current (ISO), even with nothing to write. */
  checked: string | null;
  /** Why the last sync failed (the server unreachable, most often); null after a good one. */
  error: Error | null;
}

export const SYNC_EVERY_MS = 60_000;

const START: TillCatalogStatus = {
  ready: false,
  version: null,
  count: 0,
  syncing: false,
  lastSynced: null,
  checked: null,
  error: null,
};

/** What the till's store holds now: its catalogue's version and size, and when it was synced. */
export async function readStatus(db: TillDb): Promise<Omit<TillCatalogStatus, 'syncing' | 'error'>> {
  return db.transaction('r', db.products, db.meta, async () => {
    const version = await readCatalogVersion(db);
    const info = (await db.meta.get(META_KEYS.catalogSync))?.value as CatalogSyncInfo | undefined;
    const checked = (await db.meta.get(META_KEYS.catalogChecked))?.value;
    return {
      ready: version !== null,
      version,
      count: await db.products.count(),
      lastSynced: info?.at ?? null,
      checked: typeof checked === 'string' ? checked : (info?.at ?? null),
    };
  });
}

/**
 * Keeps the till's copy of the catalogue current while the till is open: a sync at the browser's
 * first idle moment after the till shows (opening the store, fetching and writing never delay the
 * first screen), then every minute and whenever the browser is back online. Reports what the store
 * holds before that sync ends, so a till with no server knows at once that it can scan.
 */
export function useTillCatalog(db: TillDb = tillDb()): TillCatalogStatus {
  const [status, setStatus] = useState(START);

  useEffect(() => {
    let alive = true;
    const update = (patch: Partial<TillCatalogStatus>) => {
      if (alive) setStatus((now) => ({ ...now, ...patch }));
    };
    const refresh = () => readStatus(db).then(update, () => undefined);
    const run = async () => {
      update({ syncing: true });
      try {
        await syncCatalogOnce(db);
        update({ error: null });
      } catch (error) {
        update({ error: error instanceof Error ? error : new Error(String(error)) });
      }
      await refresh();
      update({ syncing: false });
      // The first search of the session then finds the index built.
      await warmSearchIndex(db).catch(() => undefined);
    };

    const cancelFirst = whenIdle(() => {
      void refresh();
      void run();
    });
    const timer = window.setInterval(() => {
      if (navigator.onLine) void run();
    }, SYNC_EVERY_MS);
    const online = () => void run();
    window.addEventListener('online', online);
    return () => {
      alive = false;
      cancelFirst();
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [db]);

  return status;
}
