import type { TillProduct } from '@bazar/contracts/till';
import type { TillDb } from './till-db';

/**
 * The products of a first catalogue load still kept as whole pages (`pages`, ADR 0060): the load
 * stores each page as one record, which takes a fraction of the time 50,000 product records take,
 * and the sync then spreads them into `products` in the background. Until it has, the lookups read
 * them here: by id, barcode and scale item code, from maps built once per set of waiting pages.
 */
export interface WaitingProducts {
  byId: Map<number, TillProduct>;
  byBarcode: Map<string, TillProduct>;
  byPlu: Map<string, TillProduct>;
}

const built = new WeakMap<TillDb, { keys: string; maps: Promise<WaitingProducts> }>();

function mapsOf(pages: ReadonlyArray<{ products: TillProduct[] }>): WaitingProducts {
  const maps: WaitingProducts = { byId: new Map(), byBarcode: new Map(), byPlu: new Map() };
  for (const page of pages)
    for (const p of page.products) {
      maps.byId.set(p.id, p);
      // The first of a code wins, as `where(...).first()` finds the lowest id first.
      if (p.barcode && !maps.byBarcode.has(p.barcode)) maps.byBarcode.set(p.barcode, p);
      if (p.plu && !maps.byPlu.has(p.plu)) maps.byPlu.set(p.plu, p);
    }
  return maps;
}

/**
 * Forgets the maps: this tab stored or spread a page. (The pages' keys alone could come back the
 * same with other products: a load begun again on a restored database.)
 */
export function notePagesChanged(db: TillDb): void {
  built.delete(db);
}

/**
 * The waiting products, or null when no page waits (the usual case: one cheap read of the pages'
 * keys). The maps are built again only when the set of pages changed (a page stored or spread).
 */
export async function waitingProducts(db: TillDb): Promise<WaitingProducts | null> {
  const keys = (await db.pages.toCollection().primaryKeys()).join(',');
  if (keys === '') {
    built.delete(db);
    return null;
  }
  const held = built.get(db);
  if (held?.keys === keys) return held.maps;
  const maps = db.pages.toArray().then(mapsOf);
  built.set(db, { keys, maps });
  return maps;
}

/** The products by id, from `products` or, still waiting, from a page. */
export async function productsById(
  db: TillDb,
  ids: readonly number[],
): Promise<Array<TillProduct | undefined>> {
  const stored = await db.products.bulkGet([...ids]);
  if (stored.every((p) => p !== undefined)) return stored;
  const waiting = await waitingProducts(db);
  return stored.map((p, i) => p ?? waiting?.byId.get(ids[i]!));
}
