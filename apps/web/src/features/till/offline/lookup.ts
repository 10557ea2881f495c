import { barcodeParams } from '@bazar/contracts/catalog';
import { labelQuantity, parseScaleLabel } from '@bazar/contracts/scale-labels';
import { say, type Message } from '@bazar/contracts/messages';
import type { ScaleRule } from '@bazar/contracts/settings';
import type { TillProduct } from '@bazar/contracts/till';
import { readCatalogVersion } from './till-meta';
import type { TillDb } from './till-db';

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

export type ScanHit = { product: TillProduct; quantity: number };

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

  const own: StoredProduct | undefined = await db.products.where('barcode').equals(code).first();
  if (own) return { product: withNames(own), quantity: 1 };

  const reading = parseScaleLabel(code, rules);
  if (reading.is === 'none') return failure('not-found', say('scan.noBarcode', { code }));
  if (reading.is === 'wrong-check-digit') return failure('wrong-check-digit', say('scan.checkDigit'));
  if (reading.is === 'zero')
    return failure('zero', say(reading.kind === 'weight' ? 'scan.zeroWeight' : 'scan.zeroPrice'));

  const { label } = reading;
  const stored: StoredProduct | undefined = await db.products.where('plu').equals(label.plu).first();
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
  return { product, quantity: read.quantity };
}

// ---- search ---------------------------------------------------------------------------------------

/** The server's page of suggestions, and the longest text its route takes. */
const FIND_LIMIT = 30;
const FIND_TEXT_MAX = 100;

type Entry = { id: number; title: string; hay: string; bnAt: number };
type SearchIndex = { version: number | null; entries: Map<number, Entry> };

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

/**
 * A text as the search compares it: one Unicode form (NFC), without the joiners (ZWNJ, ZWJ) a Bangla
 * keyboard puts inside conjuncts, in lower case. Both sides go through it, so "ক্‌ষ" finds "ক্ষ".
 */
const normalize = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u200c\u200d]/g, '')
    .toLowerCase();

// The four texts normalized, apart: English title, Bangla title, attribute, Bangla attribute. No
// text can hold NUL (PostgreSQL's text cannot either), so one `includes` on `hay` is "one of them
// contains it", and `startsWith` at 0 or at `bnAt` is "the English or the Bangla title starts with it".
const entryOf = (p: Pick<StoredProduct, 'id' | 'title' | 'attri' | 'title_bn' | 'attri_bn'>): Entry => {
  const title = normalize(p.title);
  const titleBn = normalize(p.title_bn ?? '');
  return {
    id: p.id,
    title: p.title,
    hay: `${title}\u0000${titleBn}\u0000${normalize(p.attri)}\u0000${normalize(p.attri_bn ?? '')}`,
    bnAt: title.length + 1,
  };
};

// One index per database, built once per catalogue version and patched by each sync of this tab, so
// a keystroke scans a compact array in memory instead of 50,000 rows in IndexedDB.
const indexes = new WeakMap<TillDb, Promise<SearchIndex>>();

async function buildIndex(db: TillDb): Promise<SearchIndex> {
  return db.transaction('r', db.products, db.meta, async () => {
    const version = await readCatalogVersion(db);
    const products: StoredProduct[] = await db.products.toArray();
    return { version, entries: new Map(products.map((p) => [p.id, entryOf(p)])) };
  });
}

async function currentIndex(db: TillDb): Promise<SearchIndex> {
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

/** Builds the search index ahead of the first keystroke (after a sync, on the till's mount). */
export function warmSearchIndex(db: TillDb): Promise<void> {
  return currentIndex(db).then(() => undefined);
}

/**
 * A sync of this tab wrote a delta on top of `from`: the index follows without reading the table
 * again. A full load (or an index of another version) is dropped and built on the next search.
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
      for (const p of change.products) index.entries.set(p.id, entryOf(p));
      for (const id of change.deleted) index.entries.delete(id);
      index.version = change.to;
      return index;
    }),
  );
}

// PostgreSQL's ORDER BY title under the shop's C / C.UTF-8 collation: code point order (a UTF-16
// comparison differs only beyond U+FFFF, which titles do not use); equal titles by id.
const byTitle = (a: Entry, b: Entry) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id);

/**
 * The till's suggestions for `text`, as GET /api/product/find/{text}: the product whose barcode is
 * exactly the text, else up to 30 whose title, attribute, Bangla title or Bangla attribute contains
 * the whole text (any case; NFC and without joiners on both sides), those whose English or Bangla
 * title starts with it first, then by (English) title.
 */
export async function searchLocal(db: TillDb, rawText: string): Promise<TillProduct[]> {
  const text = rawText.trim();
  if (text.length === 0 || text.length > FIND_TEXT_MAX) return [];
  const byBarcode: StoredProduct[] = await db.products.where('barcode').equals(text).toArray();
  if (byBarcode.length > 0) return byBarcode.map(withNames);

  const wanted = normalize(text);
  // Joiners alone are nothing to look for once they are gone (not the whole shop); a NUL would
  // reach across the four texts of an entry (and PostgreSQL's text cannot hold one).
  if (wanted.length === 0 || wanted.includes('\u0000')) return [];
  const index = await currentIndex(db);
  const first: Entry[] = [];
  const rest: Entry[] = [];
  for (const entry of index.entries.values()) {
    const { hay } = entry;
    if (hay.startsWith(wanted) || hay.startsWith(wanted, entry.bnAt)) first.push(entry);
    else if (hay.includes(wanted)) rest.push(entry);
  }
  first.sort(byTitle);
  const ids = first.slice(0, FIND_LIMIT).map((e) => e.id);
  if (ids.length < FIND_LIMIT)
    ids.push(
      ...rest
        .sort(byTitle)
        .slice(0, FIND_LIMIT - ids.length)
        .map((e) => e.id),
    );
  const found: Array<StoredProduct | undefined> = await db.products.bulkGet(ids);
  return found.filter((p): p is StoredProduct => p !== undefined).map(withNames);
}
