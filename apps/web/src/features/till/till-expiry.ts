import { expiredTaken, type BatchStock } from '@bazar/contracts/expiry';
import type { Unit } from '@bazar/contracts/catalog';
import { tillDb, type TillDb } from './offline/till-db';
import { productsById } from './offline/waiting';
import { roundQty, type TillLine } from './till-sale';

/**
 * Expired stock at the till (issue 28): a product that tracks expiry sells the stock with no date
 * first, then its batches first-expiring-first; when the cart's quantity of it would take a batch
 * that expired before today (the shop's day), the till warns at once and the sale needs a manager
 * (or is not made: Setting's `expired_sale`). The same rule as the server's (contracts'
 * `expiredTaken`), on the till's copy of the catalogue: its batches as the last sync brought them.
 */

/** A product of the cart that would take expired stock: what of it, and the first date. */
export interface ExpiredLine {
  id: number;
  title: string;
  title_bn?: string;
  attri: string;
  attri_bn?: string;
  unit?: Unit;
  /** How much of the cart's quantity comes from expired batches. */
  qty: number;
  /** The cart's whole quantity of the product. */
  inCart: number;
  /** The earliest expiry date it would take (YYYY-MM-DD). */
  expiry: string;
}

/** The cart's quantity of each product (a product weighed into several lines counts once, summed). */
export function quantitiesOf(lines: readonly TillLine[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.id, roundQty((sums.get(line.id) ?? 0) + line.qty));
  return sums;
}

/**
 * The products of the cart (those of `only`, when given) whose quantity would take expired stock,
 * judged on `stock` (each product's quantity and batches) on the shop's day `today`.
 */
export function expiredInCart(
  lines: readonly TillLine[],
  stock: ReadonlyMap<number, BatchStock>,
  today: string,
  only?: readonly number[],
): ExpiredLine[] {
  const found: ExpiredLine[] = [];
  for (const [id, inCart] of quantitiesOf(lines)) {
    if (only && !only.includes(id)) continue;
    const held = stock.get(id);
    if (!held || held.batches.length === 0) continue;
    const taken = expiredTaken(held, inCart, today);
    const line = lines.find((l) => l.id === id);
    if (!taken || !line) continue;
    found.push({
      id,
      title: line.title,
      attri: line.attri,
      ...(line.title_bn && { title_bn: line.title_bn }),
      ...(line.attri_bn && { attri_bn: line.attri_bn }),
      ...(line.unit && { unit: line.unit }),
      qty: taken.qty,
      inCart,
      expiry: taken.expiry,
    });
  }
  return found;
}

/**
 * The quantity and batches of these products in the till's copy of the catalogue; a product the
 * copy does not hold (no copy yet, a product added a moment ago) is left out: the server judges it.
 */
export async function batchStockOf(
  ids: readonly number[],
  db: TillDb = tillDb(),
): Promise<Map<number, BatchStock>> {
  const stock = new Map<number, BatchStock>();
  if (ids.length === 0 || typeof indexedDB === 'undefined') return stock;
  try {
    const products = await productsById(db, ids);
    // A product kept by a till from before expiry dates has no `batches`: none.
    for (const p of products) if (p) stock.set(p.id, { stock: p.stock, batches: p.batches ?? [] });
  } catch (error) {
    console.error('The till could not read its copy of the catalogue', error);
  }
  return stock;
}

/** The products of the cart that would take expired stock, by the till's copy of the catalogue. */
export async function findExpired(
  lines: readonly TillLine[],
  today: string,
  only?: readonly number[],
  db?: TillDb,
): Promise<ExpiredLine[]> {
  const ids = only ?? [...quantitiesOf(lines).keys()];
  if (ids.length === 0) return [];
  return expiredInCart(lines, await batchStockOf(ids, db), today, only);
}

/**
 * What a manager (or a cashier who may approve) accepted of the cart's expired stock: the expired
 * quantity of each product. A larger quantity later asks again.
 */
export type ExpiredApproved = ReadonlyMap<number, number>;

/** The expired products the approvals given so far do not cover. */
export const notApproved = (expired: readonly ExpiredLine[], approved: ExpiredApproved) =>
  expired.filter((e) => (approved.get(e.id) ?? 0) < e.qty);
