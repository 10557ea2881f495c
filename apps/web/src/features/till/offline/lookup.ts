import { barcodeParams } from '@bazar/contracts/catalog';
import { findIds, SearchIndex, STAFF_FIND, type IndexRow } from '@bazar/contracts/product-search';
import { labelQuantity, parseScaleLabel } from '@bazar/contracts/scale-labels';
import { say, type Message } from '@bazar/contracts/messages';
import type { ScaleRule } from '@bazar/contracts/settings';
import type { TillProduct } from '@bazar/contracts/till';
import { whenIdle } from '../../../lib/when-idle';
import { readCatalogVersion } from './till-meta';
import type { TillDb } from './till-db';
import { productsById, waitingProducts } from './waiting';

/**
 * Scans and searches against the till's copy of the catalogue (IndexedDB), with the server's rules
 * exactly: a scan as GET /api/product/barcode/{code} (barcode-lookup.service.ts), a search as
 * GET /api/product/find/{text} (products.repository.ts `findForStaff`), down to their error texts.
 */

/** The rules of a shop whose Setting never changed them: the database's default (db/schema.ts). */
export const DEFAULT_SCALE_RULES: readonly ScaleRule[] = [
  { prefix: '21', kind: 'weight' },
  { prefix: '23', kind: 'price' },
];

/** A scan found: the product, how much of it, and a price label's price (poisha; else null). */
export type ScanHit = { product: TillProduct; quantity: number; label_poisha: number | null };

/** Why a scan adds nothing, with the HTTP status and the message the server answers in that case. */
export type ScanFailure = {
  problem: 'invalid' | 'not-found' | 'no-plu' | 'wrong-check-digit' | 'zero' | 'no-price' | 'too-small';
  status: 404 | 422;
  message: Message;
};

const failure = (problem: ScanFailure['problem'], message: Message): ScanFailure => ({
  problem,
  status: problem === 'not-found' || problem === 'no-plu' ? 404 : 422,
  message,
});

/**
 * The product of a scanned code and how much of it: the product's own barcode first (quantity 1),
 * else a label of one of `rules` read against the product with its item code (PLU).
 */
export async function scanLocal(
  db: TillDb,
  rawCode: string,
  rules: readonly ScaleRule[],
): Promise<ScanHit | ScanFailure> {
  // The route's own check of the code, before any lookup.
  const parsed = barcodeParams.shape.code.safeParse(rawCode);
  // The schema's messages are said by key (contracts' messages.ts), zod's own too (zod-messages.ts).
  if (!parsed.success)
    return failure(
      'invalid',
      (parsed.error.issues[0]?.message as Message | undefined) ?? say('http.invalidValue'),
    );
  const code = parsed.data;

  // A first load's pages not yet spread into the store are read too (waiting.ts).
  const own: StoredProduct | undefined =
    (await db.products.where('barcode').equals(code).first()) ??
    (await waitingProducts(db))?.byBarcode.get(code);
  if (own) return { product: withNames(own), quantity: 1, label_poisha: null };

  const reading = parseScaleLabel(code, rules);
  if (reading.is === 'none') return failure('not-found', say('scan.noBarcode', { code }));
  if (reading.is === 'wrong-check-digit') return failure('wrong-check-digit', say('scan.checkDigit'));
  if (reading.is === 'zero')
    return failure('zero', say(reading.kind === 'weight' ? 'scan.zeroWeight' : 'scan.zeroPrice'));

  const { label } = reading;
  const stored: StoredProduct | undefined =
    (await db.products.where('plu').equals(label.plu).first()) ??
    (await waitingProducts(db))?.byPlu.get(label.plu);
  if (!stored) return failure('no-plu', say('scan.noPlu', { plu: label.plu }));
  const product = withNames(stored);
  const read = labelQuantity(label, product.offprice ?? product.price);
  if ('problem' in read) {
    return read.problem === 'no-price'
      ? failure('no-price', say('scan.noPrice', { title: product.title }))
      : failure(
          'too-small',
          say(label.kind === 'weight' ? 'scan.tinyWeight' : 'scan.tinyPrice', {
            unit: say(`scan.units.${product.unit}`),
          }),
        );
  }
  return { product, quantity: read.quantity, label_poisha: label.kind === 'price' ? label.value : null };
}

// ---- search ---------------------------------------------------------------------------------------

/**
 * The index of this till's copy: its products' names (what the index reads of each), the index
 * itself built from them once it is asked for, and the catalogue version they are of.
 */
type LocalIndex = {
  version: number | null;
  rows: Map<number, IndexRow>;
  /** The index of these names, once built (or being built): null after a change of names. */
  built: Promise<SearchIndex> | null;
};

/**
 * A product as IndexedDB may hand it back: a copy stored before Bangla names has no `title_bn` or
 * `attri_bn` (the contract reads those as '').
 */
type StoredProduct = Omit<TillProduct, 'title_bn' | 'attri_bn'> &
  Partial<Pick<TillProduct, 'title_bn' | 'attri_bn'>>;

/** A stored product with the names a copy from before Bangla names lacks, as the contract reads it. */
const withNames = (p: StoredProduct): TillProduct =>
  p.title_bn === undefined || p.attri_bn === undefined
    ? { ...p, title_bn: p.title_bn ?? '', attri_bn: p.attri_bn ?? '' }
    : (p as TillProduct);

/** The names a product is found by. */
const NAMES = ['title', 'attri', 'title_bn', 'attri_bn'] as const;

/** What the index reads of a product: as the server's `loadFindIndex` reads it of its row. */
const rowOf = (p: Pick<StoredProduct, 'id' | 'title' | 'attri' | 'title_bn' | 'attri_bn'>): IndexRow => ({
  id: p.id,
  title: p.title,
  attri: p.attri,
  title_bn: p.title_bn ?? '',
  attri_bn: p.attri_bn ?? '',
});

// One index per database, built once per catalogue version and kept current by each sync of this
// tab, so a keystroke is set work in memory instead of a scan of 50,000 rows in IndexedDB.
const indexes = new WeakMap<TillDb, Promise<LocalIndex>>();

async function buildIndex(db: TillDb): Promise<LocalIndex> {
  return db.transaction('r', db.products, db.meta, db.pages, async () => {
    const version = await readCatalogVersion(db);
    const products: StoredProduct[] = await db.products.toArray();
    const rows = new Map(products.map((p) => [p.id, rowOf(p)]));
    // A first load's pages not yet spread (read in the same transaction: no product in neither).
    await db.pages.each((page) => page.products.forEach((p) => rows.set(p.id, rowOf(p))));
    return { version, rows, built: null };
  });
}

/**
 * Between two slices of a build: after 8 ms of work, the browser runs what waits (a scan's keys, a
 * frame) and the build goes on at its next quiet moment.
 */
const BUILD_RUN_MS = 8;
let running = 0;
const pause = (): Promise<void> => {
  if (performance.now() - running < BUILD_RUN_MS) return Promise.resolve();
  return new Promise<void>((resolve) => {
    whenIdle(() => {
      running = performance.now();
      resolve();
    }, 1000);
  });
};

/**
 * The index itself (the server's code), built from the names on first use after a change, in
 * slices: a build is some hundreds of milliseconds at 50,000 products, and a scan must not wait
 * behind it in one piece.
 */
const searchIndexOf = (local: LocalIndex): Promise<SearchIndex> => {
  if (!local.built) {
    const building = SearchIndex.build([...local.rows.values()], STAFF_FIND.options, pause);
    local.built = building;
    // A failed build is tried again by the next search.
    building.catch(() => {
      if (local.built === building) local.built = null;
    });
  }
  return local.built;
};

async function currentIndex(db: TillDb): Promise<LocalIndex> {
  const stored = await readCatalogVersion(db);
  const held = indexes.get(db);
  if (held) {
    const index = await held.catch(() => undefined);
    if (index && index.version === stored) return index;
    // Another tab synced, or the build failed: build it again (once, for every caller).
    if (indexes.get(db) !== held) return currentIndex(db);
  }
  const building = buildIndex(db);
  indexes.set(db, building);
  return building;
}

/**
 * Builds the search index ahead of the first keystroke (after a sync, on the till's mount), from
 * the browser's next quiet moment on.
 */
export function warmSearchIndex(db: TillDb): Promise<void> {
  return currentIndex(db).then(
    (local) =>
      new Promise<void>((resolve, reject) => {
        whenIdle(() => {
          searchIndexOf(local).then(() => resolve(), reject);
        }, 2000);
      }),
  );
}

/**
 * A sync of this tab wrote a delta on top of `from`: the index follows without reading the table
 * again (its names are patched; the index is built again from them when next asked for, and only
 * when a name changed or a product came or went: a sale elsewhere changes a product's stock, not
 * what it is found by). A full load (or an index of another version) is dropped and built on the
 * next search.
 */
export function noteCatalogChange(
  db: TillDb,
  change: { from: number | null; to: number; products: readonly TillProduct[]; deleted: readonly number[] },
) {
  const held = indexes.get(db);
  if (!held) return;
  indexes.set(
    db,
    held.then((index) => {
      if (change.from === null || index.version !== change.from) return buildIndex(db);
      let renamed = false;
      for (const p of change.products) {
        const row = rowOf(p);
        const held = index.rows.get(p.id);
        if (!held || NAMES.some((name) => held[name] !== row[name])) renamed = true;
        index.rows.set(p.id, row);
      }
      for (const id of change.deleted) if (index.rows.delete(id)) renamed = true;
      if (renamed) index.built = null;
      index.version = change.to;
      return index;
    }),
  );
}

/**
 * The till's suggestions for `text`, as GET /api/product/find/{text} answers them: the product whose
 * barcode is exactly the text, alone; else up to 30 by the search's rule (`findIds` of the contracts'
 * product-search.ts, the very code the server runs): every word of the text in a title or attribute,
 * English or Bangla, or its Banglish key ("alu" → আলু), a typo forgiven; whole words and titles
 * beginning with the text first, then by (English) title as written.
 */
export async function searchLocal(db: TillDb, rawText: string): Promise<TillProduct[]> {
  const text = rawText.trim();
  if (text.length === 0 || text.length > STAFF_FIND.maxText) return [];
  const byBarcode: StoredProduct[] = await db.products.where('barcode').equals(text).toArray();
  if (byBarcode.length > 0) return byBarcode.map(withNames);
  const waiting = (await waitingProducts(db))?.byBarcode.get(text);
  if (waiting) return [withNames(waiting)];

  const ids = findIds(text, await searchIndexOf(await currentIndex(db)));
  if (ids.length === 0) return [];
  const found: Array<StoredProduct | undefined> = await productsById(db, ids);
  return found.filter((p): p is StoredProduct => p !== undefined).map(withNames);
}
