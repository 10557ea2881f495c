import { listOf, one } from '@bazar/contracts/common';
import { area, settingsResponse } from '@bazar/contracts/settings';
import { tillCatalog, type TillCatalog, type TillProduct } from '@bazar/contracts/till';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api';
import { noteCatalogChange, warmSearchIndex } from './lookup';
import { tillDb, type TillDb } from './till-db';
import { notePagesChanged } from './waiting';
import {
  META_KEYS,
  readCatalogLoad,
  readCatalogVersion,
  type CatalogLoad,
  type CatalogSyncInfo,
} from './till-meta';
import { whenIdle } from '../../../lib/when-idle';

const catalogAnswer = one(tillCatalog);
const areasAnswer = listOf(area);

/**
 * Products per page of a full load (the server takes up to TILL_CATALOG_PAGE_MAX): about 1.5 MB of
 * JSON, 150 KB compressed, so a load cut short loses little, and ten requests for 50,000 products.
 */
export const PAGE_SIZE = 5000;

/** Products written per IndexedDB call: a few ms of work each on a cheap phone. */
const WRITE_SLICE = 250;

type CatalogQuery = { since: number; after?: number; limit?: number };

// Parsed: the till stores what the contract says (an older server's answer gets its defaults).
const fetchCatalog = async (query: CatalogQuery) =>
  catalogAnswer.parse(await call('GET /api/till/catalog', { query })).data;

/** Writes products in slices: each in its own task, so a large page never holds the screen for long. */
async function putSlices(db: TillDb, products: readonly TillProduct[]) {
  for (let at = 0; at < products.length; at += WRITE_SLICE)
    await db.products.bulkPut(products.slice(at, at + WRITE_SLICE));
}

/**
 * What this sync last saw of the store: a sync writes only over exactly that, so a tab without Web
 * Locks that finds another tab's writes in between stops instead of mixing two loads.
 */
type Held = { version: number | null; load: CatalogLoad | null };
const readHeld = async (db: TillDb): Promise<Held> => ({
  version: await readCatalogVersion(db),
  load: await readCatalogLoad(db),
});
const sameHeld = (a: Held, b: Held) =>
  a.version === b.version && a.load?.version === b.load?.version && a.load?.after === b.load?.after;

/**
 * A full load's products so far, and its time: `ms` spent by earlier syncs, and this sync's since
 * `started`; for the catch-up delta's record of the whole load.
 */
type Loaded = { received: number; ms: number; started: number };

/**
 * Writes a delta on top of the stored version `since`, with its version, in one transaction, so the
 * store never holds a version without its products. `loaded`: the delta is a full load's catch-up,
 * and the record is of the whole load. Null when another tab had already written a newer copy.
 */
async function writeDelta(
  db: TillDb,
  since: number,
  answer: TillCatalog,
  started: number,
  loaded?: Loaded,
): Promise<CatalogSyncInfo | null> {
  const info: CatalogSyncInfo = {
    at: new Date().toISOString(),
    since: loaded ? 0 : since,
    version: answer.version,
    received: answer.products.length + (loaded?.received ?? 0),
    deleted: answer.deleted.length,
    ms: 0,
  };
  const fits = await db.transaction('rw', db.products, db.meta, async () => {
    // Another tab may have written while we fetched (browsers without Web Locks): a delta fits only
    // a store between its `since` and its version, and nothing older replaces a newer copy.
    const held = await readCatalogVersion(db);
    if (held === null || held < since || held > answer.version) return false;
    await putSlices(db, answer.products);
    if (answer.deleted.length > 0) await db.products.bulkDelete(answer.deleted);
    info.ms = Math.round((loaded?.ms ?? 0) + performance.now() - (loaded?.started ?? started));
    await db.meta.bulkPut([
      { key: META_KEYS.catalogVersion, value: answer.version },
      { key: META_KEYS.catalogSync, value: info },
    ]);
    return true;
  });
  if (!fits) return null;
  noteCatalogChange(db, {
    from: since,
    to: answer.version,
    products: answer.products,
    deleted: answer.deleted,
  });
  return info;
}

/** Pages asked for at once after the first (the server has two cores; the till writes in order). */
const PAGES_AHEAD = 3;

/**
 * The full load, page by page (ADR 0060), going on from a load an earlier sync left unfinished.
 * Each page is stored as it arrives as ONE record (`pages`): 50,000 product records take IndexedDB
 * seconds, ten page records a few hundred milliseconds. The first page names where the others start
 * (`bounds`), so several are asked for at once and written in order, each with the load's progress
 * (`catalogLoad`: the first page's version, the last id stored, the starts still to come), so a load
 * cut short resumes at its next page. The catalogue's version is written only with the last page:
 * until then the store is not a catalogue the till may trust. Then the pages are spread into
 * `products` (the lookups read the waiting pages meanwhile: waiting.ts), and the delta since the
 * FIRST page's version brings what changed or was deleted while the till paged. `behind`: the
 * server is behind this stored version (a new or restored database): the copy is dropped.
 */
async function fullLoad(db: TillDb, started: number, behind: number | null): Promise<CatalogSyncInfo | null> {
  let held: Held = { version: behind, load: await readCatalogLoad(db) };
  // The load this sync goes on with: none when the stored version is another database's.
  let load = behind === null ? held.load : null;
  // The time earlier syncs spent on this load (a load begun again starts from nothing).
  let earlierMs = load?.ms ?? 0;
  let startedOver = false;
  const page = (after: number): Promise<TillCatalog> => {
    const asked = fetchCatalog({ since: 0, after, limit: PAGE_SIZE });
    // Asked ahead of its turn: a failure is met when the page is awaited, not as an unhandled one.
    asked.catch(() => undefined);
    return asked;
  };
  // The pages to come, in order, each asked for up to PAGES_AHEAD ahead of the one being written.
  let starts: number[] = load ? [load.after, ...(load.bounds ?? [])] : [0];
  const asked = new Map<number, Promise<TillCatalog>>();
  const ask = () => {
    for (const after of starts.slice(0, PAGES_AHEAD)) if (!asked.has(after)) asked.set(after, page(after));
  };
  for (;;) {
    ask();
    const after = starts[0]!;
    const answer = await asked.get(after)!;
    asked.delete(after);
    if (load && answer.version < load.version) {
      // The load began on a database the server no longer has (restored meanwhile): begin again,
      // once; a server that goes back again at once is left to the next sync.
      if (startedOver) throw new Error('The server’s catalogue went back twice during one load.');
      startedOver = true;
      load = null;
      earlierMs = 0;
      asked.clear();
      starts = [0];
      continue;
    }
    // What comes after this page: the first page's bounds, else the pages still listed; past the
    // last listed page (products added meanwhile), its `next`.
    const rest = load === null && answer.bounds.length > 0 ? answer.bounds : starts.slice(1);
    starts = rest.length > 0 ? rest : answer.next !== null ? [answer.next] : [];
    ask();
    const before = load;
    const written = await db.transaction('rw', db.products, db.meta, db.pages, async () => {
      if (!sameHeld(await readHeld(db), held)) return undefined;
      if (before === null) {
        // The first page: whatever the store held (another database's copy, a load given up) goes.
        await db.products.clear();
        await db.pages.clear();
        await db.meta.delete(META_KEYS.catalogVersion);
      }
      if (answer.products.length > 0) await db.pages.put({ after, products: answer.products });
      // `after`: where the next page starts; `bounds`: where those after it start.
      const progress: CatalogLoad = {
        version: before?.version ?? answer.version,
        after: starts[0] ?? answer.products.at(-1)?.id ?? after,
        received: (before?.received ?? 0) + answer.products.length,
        ms: Math.round(earlierMs + performance.now() - started),
        bounds: starts.slice(1),
      };
      if (starts.length > 0) {
        await db.meta.put({ key: META_KEYS.catalogLoad, value: progress });
        return { version: null, load: progress };
      }
      // The last page: the store now holds a catalogue of the first page's version.
      const info: CatalogSyncInfo = {
        at: new Date().toISOString(),
        since: 0,
        version: progress.version,
        received: progress.received,
        deleted: 0,
        ms: progress.ms,
      };
      await db.meta.delete(META_KEYS.catalogLoad);
      await db.meta.bulkPut([
        { key: META_KEYS.catalogVersion, value: progress.version },
        { key: META_KEYS.catalogSync, value: info },
      ]);
      return { version: progress.version, load: progress };
    });
    notePagesChanged(db);
    if (written === undefined) return null;
    held = { version: written.version, load: written.version === null ? written.load : null };
    load = written.load;
    if (written.version !== null) break;
  }
  const version = load.version;
  noteCatalogChange(db, { from: null, to: version, products: [], deleted: [] });
  await spreadPages(db);
  const loaded: Loaded = { received: load.received, ms: earlierMs, started };
  const catchUp = await fetchCatalog({ since: version });
  // A server behind the load's version (restored since) fits no delta: the next sync starts again.
  return writeDelta(db, version, catchUp, started, loaded);
}

/**
 * Moves a complete first load's waiting pages into `products`, a page per transaction (the page
 * goes in the same one: a product is never in neither, nor read from both at once by a lookup's
 * transaction). A sync cut short here goes on with the pages left, before its delta.
 */
async function spreadPages(db: TillDb): Promise<void> {
  for (const after of await db.pages.toCollection().primaryKeys()) {
    await db.transaction('rw', db.products, db.pages, async () => {
      const page = await db.pages.get(after);
      if (!page) return;
      await putSlices(db, page.products);
      await db.pages.delete(after);
    });
    notePagesChanged(db);
  }
}

/**
 * Brings the stored products up to the server's catalogue: the delta since the stored version,
 * written with the new version in one transaction, so the store never holds a version without its
 * products; a full load, page by page, when there is none yet (or one under way). Returns what it
 * wrote, or null when another tab had already written (a newer copy, or a page of the load).
 */
async function syncProducts(db: TillDb): Promise<CatalogSyncInfo | null> {
  const started = performance.now();
  const since = await readCatalogVersion(db);
  if (since === null) return fullLoad(db, started, null);
  // A complete first load whose pages were not all spread yet (the tab closed): spread them first.
  await spreadPages(db);
  const answer = await fetchCatalog({ since });
  // Behind what we hold: a new or restored database that no longer knows our version. Start again.
  if (answer.version < since) return fullLoad(db, started, since);
  return writeDelta(db, since, answer, started);
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
  return db.transaction('r', db.products, db.meta, db.pages, async () => {
    const version = await readCatalogVersion(db);
    const info = (await db.meta.get(META_KEYS.catalogSync))?.value as CatalogSyncInfo | undefined;
    const checked = (await db.meta.get(META_KEYS.catalogChecked))?.value;
    let waiting = 0;
    // Pages of a first load not yet spread into products count too.
    await db.pages.each((page) => (waiting += page.products.length));
    return {
      ready: version !== null,
      version,
      count: (await db.products.count()) + waiting,
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
