import { eq, sql } from 'drizzle-orm';
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

/** The products that share one stock count with this one: its bound group, or itself. */
export async function stockUnit(
  tx: DbOrTx,
  product: { id: number; linkQty: boolean; groupId: number },
): Promise<number[]> {
  if (!product.linkQty) return [product.id];
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.groupId, product.groupId));
  return rows.map((r) => r.id);
}

/** Moves stock of a product and, with Bind Stock, of every product of its group; one ledger row each. */
export async function moveStock(
  tx: DbOrTx,
  product: { id: number; linkQty: boolean; groupId: number },
  delta: number,
  reason: StockReason,
  refs: StockRefs = {},
): Promise<void> {
  for (const id of await stockUnit(tx, product)) await adjustStock(tx, id, delta, reason, refs);
}
