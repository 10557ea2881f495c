import { eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, stockLedger, type STOCK_REASONS } from '../../db/schema';

export type StockReason = (typeof STOCK_REASONS)[number];
export type StockRefs = { orderId?: number; stockEntryId?: number; userId?: number | null };

const qtyText = (n: number) => n.toFixed(2);

/**
 * Adds `delta` to one product's quantity and writes the ledger row, in the caller's transaction.
 * Returns the new quantity. Use it for every quantity change, so the ledger stays complete.
 */
export async function adjustStock(
  tx: DbOrTx,
  productId: number,
  delta: number,
  reason: StockReason,
  refs: StockRefs = {},
): Promise<number> {
  if (delta === 0) {
    const [row] = await tx.select({ qty: products.qty }).from(products).where(eq(products.id, productId));
    return Number(row?.qty ?? 0);
  }
  // One statement: the change and its ledger row cannot part ways.
  const res = await tx.execute<{ qty_after: string }>(sql`
    WITH changed AS (
      UPDATE products SET qty = qty + ${qtyText(delta)}::numeric, updated_at = now()
      WHERE id = ${productId} RETURNING id, qty)
    INSERT INTO stock_ledger (product_id, delta, qty_after, reason, order_id, stock_entry_id, user_id)
    SELECT id, ${qtyText(delta)}::numeric, qty, ${reason}, ${refs.orderId ?? null}, ${refs.stockEntryId ?? null}, ${refs.userId ?? null}
    FROM changed
    RETURNING qty_after`);
  const row = res.rows[0];
  if (!row) throw new Error(`product ${productId} vanished during a stock change`);
  return Number(row.qty_after);
}

/**
 * Applies several quantity changes in one statement, each with its ledger row, in the caller's
 * transaction (an order's lines). Changes to the same product are added up into one ledger row.
 * The caller holds the products' row locks.
 */
export async function adjustStockMany(
  tx: DbOrTx,
  moves: Array<{ productId: number; delta: number }>,
  reason: StockReason,
  refs: StockRefs = {},
): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const m of moves)
    byProduct.set(m.productId, (byProduct.get(m.productId) ?? 0) + Math.round(m.delta * 100));
  const changes = [...byProduct].filter(([, hundredths]) => hundredths !== 0);
  if (changes.length === 0) return;
  // Integers and fixed-point numbers only, so the array literals are safe to send as text.
  const ids = `{${changes.map(([id]) => Math.trunc(id)).join(',')}}`;
  const deltas = `{${changes.map(([, h]) => qtyText(h / 100)).join(',')}}`;
  const res = await tx.execute(sql`
    WITH moves AS (
      SELECT * FROM unnest(${ids}::int[], ${deltas}::numeric[]) AS m(id, delta)),
    changed AS (
      UPDATE products p SET qty = p.qty + moves.delta, updated_at = now()
      FROM moves WHERE p.id = moves.id RETURNING p.id, p.qty, moves.delta)
    INSERT INTO stock_ledger (product_id, delta, qty_after, reason, order_id, stock_entry_id, user_id)
    SELECT id, delta, qty, ${reason}, ${refs.orderId ?? null}, ${refs.stockEntryId ?? null}, ${refs.userId ?? null}
    FROM changed`);
  if (res.rowCount !== changes.length) throw new Error('a product vanished during a stock change');
}

/** Writes a ledger row for a quantity set directly (a new product's opening stock). */
export async function recordStock(
  tx: DbOrTx,
  productId: number,
  delta: number,
  qtyAfter: number,
  reason: StockReason,
  refs: StockRefs = {},
): Promise<void> {
  if (delta === 0) return;
  await tx.insert(stockLedger).values({
    productId,
    delta: qtyText(delta),
    qtyAfter: qtyText(qtyAfter),
    reason,
    orderId: refs.orderId ?? null,
    stockEntryId: refs.stockEntryId ?? null,
    userId: refs.userId ?? null,
  });
}

/** Products whose quantity differs from the sum of their ledger rows (should always be none). */
export async function ledgerMismatches(db: DbOrTx) {
  const res = await db.execute<{ id: number; qty: string; ledger: string }>(sql`
    SELECT p.id, p.qty::text AS qty, coalesce(sum(l.delta), 0)::text AS ledger
    FROM products p LEFT JOIN stock_ledger l ON l.product_id = p.id
    GROUP BY p.id HAVING p.qty <> coalesce(sum(l.delta), 0)
    ORDER BY p.id`);
  return res.rows.map((r) => ({ id: r.id, qty: Number(r.qty), ledger: Number(r.ledger) }));
}

/** Products with their buy price, by title: all of them (live stock), or those at or below `atMost` units. */
export async function stockList(db: DbOrTx, opts: { atMost?: number; limit?: number } = {}) {
  const q = db
    .select({
      id: products.id,
      image: products.image,
      barcode: products.barcode,
      title: products.title,
      attri: products.attri,
      price: products.price,
      offprice: products.offprice,
      buyprice: products.buyprice,
      qty: products.qty,
    })
    .from(products)
    .where(opts.atMost === undefined ? undefined : lte(products.qty, String(opts.atMost)))
    .orderBy(...(opts.atMost === undefined ? [products.title, products.id] : [products.qty, products.id]));
  const rows = opts.limit === undefined ? await q : await q.limit(opts.limit);
  return rows.map((r) => ({ ...r, qty: Number(r.qty) }));
}
