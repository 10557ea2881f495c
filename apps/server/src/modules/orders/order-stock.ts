import { and, eq, inArray, or } from 'drizzle-orm';
import { linesTotal } from '@bazar/contracts/money';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findProducts, lockForUpdate, type ProductRow } from '../catalog/products.repository';
import { isAvailable } from '../catalog/restock';
import { adjustStockMany, type StockReason, type StockRefs } from '../stock/stock.repository';

/**
 * What online and till orders share: locking an order's products, pricing its lines, writing the
 * order with its line snapshots, and moving its stock with ledger rows.
 */
export type LineInput = { product_id: number; quantity: number };

/** 409 listing the lines the shop cannot fill: the order changed nothing. */
export class ShortStock extends AppError {
  constructor(
    readonly lines: Array<{ product_id: number; title: string; attri: string; available: number }>,
    message = 'Some products in your cart are not available in the quantity you asked for.',
  ) {
    super(409, message, undefined, { lines });
  }
}

/** The products that share one stock count are one unit: a Bind Stock group, or the product alone. */
export const unitKey = (p: ProductRow) => (p.linkQty ? `g${p.groupId}` : `p${p.id}`);
const hundredths = (n: number) => Math.round(n * 100);

export type Locked = {
  /** The lines' own products, by id. */
  byId: Map<number, ProductRow>;
  /** Every locked product, the lines' bound-group members included. */
  all: ProductRow[];
};

/** Locks every product of these lines (and of their bound groups) in id order, so orders never deadlock. */
export async function lockProducts(tx: DbOrTx, ids: number[]): Promise<Locked> {
  // The lines' products and every member of their bound groups, in one locking read.
  const boundGroups = tx
    .select({ groupId: products.groupId })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.linkQty, true)));
  const all = await lockForUpdate(tx, or(inArray(products.id, ids), inArray(products.groupId, boundGroups)));
  const wanted = new Set(ids);
  return { byId: new Map(all.filter((p) => wanted.has(p.id)).map((p) => [p.id, p])), all };
}

/**
 * Moves the stock of these lines (sign -1 takes, +1 puts back) in one statement: with Bind Stock
 * every member of the product's group moves too (they are locked by lockProducts). Ledger rows included.
 */
export async function moveLines(
  tx: DbOrTx,
  locked: Locked,
  lines: Array<{ productId: number; quantity: number }>,
  sign: 1 | -1,
  reason: StockReason,
  refs: StockRefs,
): Promise<void> {
  const moves: Array<{ productId: number; delta: number }> = [];
  for (const l of lines) {
    const p = locked.byId.get(l.productId);
    if (!p) continue;
    const unit = p.linkQty ? locked.all.filter((m) => m.groupId === p.groupId) : [p];
    for (const m of unit) moves.push({ productId: m.id, delta: sign * l.quantity });
  }
  await adjustStockMany(tx, moves, reason, refs);
}

/** True when these lines take the last of a product that was available (computed from the locked rows). */
export function runsOut(lines: LineInput[], locked: Locked): boolean {
  const asked = new Map<string, number>();
  for (const l of lines) {
    const p = locked.byId.get(l.product_id);
    if (p) asked.set(unitKey(p), (asked.get(unitKey(p)) ?? 0) + hundredths(l.quantity));
  }
  return locked.all.some(
    (p) => isAvailable(p) && hundredths(Number(p.qty)) - (asked.get(unitKey(p)) ?? 0) <= 0,
  );
}

/** The storefront shows "Stock Out" from availability: only a change of it needs fresh catalogue answers. */
export async function availabilityChanged(tx: DbOrTx, before: ProductRow[]): Promise<boolean> {
  const after = new Map(
    (
      await findProducts(
        tx,
        before.map((p) => p.id),
      )
    ).map((p) => [p.id, p]),
  );
  return before.some((p) => {
    const now = after.get(p.id);
    return !now || isAvailable(now) !== isAvailable(p);
  });
}

/** Checks lines against locked stock; returns the shortages (none means the order can be filled). */
export function shortages(lines: LineInput[], locked: Map<number, ProductRow>) {
  const asked = new Map<string, number>();
  for (const l of lines) {
    const p = locked.get(l.product_id);
    if (p) asked.set(unitKey(p), (asked.get(unitKey(p)) ?? 0) + hundredths(l.quantity));
  }
  const short: ShortStock['lines'] = [];
  for (const l of lines) {
    const p = locked.get(l.product_id);
    if (!p) {
      short.push({
        product_id: l.product_id,
        title: 'This product is no longer sold',
        attri: '',
        available: 0,
      });
      continue;
    }
    const left = Math.max(0, Number(p.qty));
    if (p.stockOut || (asked.get(unitKey(p)) ?? 0) > hundredths(left)) {
      short.push({ product_id: p.id, title: p.title, attri: p.attri, available: p.stockOut ? 0 : left });
    }
  }
  return short;
}

export type PricedLine = { p: ProductRow; quantity: number; price: number };

/** Prices every line from the locked product rows: the offer price if there is one, else the price. */
export function priceLines(lines: LineInput[], locked: Locked): PricedLine[] {
  return lines.map((l) => {
    const p = locked.byId.get(l.product_id);
    if (!p) throw new Error(`product ${l.product_id} was not locked`);
    return { p, quantity: l.quantity, price: p.offprice ?? p.price };
  });
}

/** The lines' total in whole taka, rounded down once from the exact sum (quantities in hundredths). */
export function subtotalOf(priced: PricedLine[]): number {
  return linesTotal(priced);
}

/** Writes the order row and a snapshot of each line (title, attribute, price and buy price now). */
export async function insertOrder(tx: DbOrTx, priced: PricedLine[], values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insert orders returned nothing');
  const lines = await tx
    .insert(orderLines)
    .values(
      priced.map((l) => ({
        orderId: row.id,
        productId: l.p.id,
        title: l.p.title,
        attri: l.p.attri,
        price: l.price,
        buyprice: l.p.buyprice,
        quantity: l.quantity.toFixed(2),
      })),
    )
    .returning();
  return { row, lines };
}
