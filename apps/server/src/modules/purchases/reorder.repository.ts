import { eq, sql } from 'drizzle-orm';
import { SALES_DAYS } from '@bazar/contracts/reorder';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

/** A product the reorder suggestion looks at: its shelf, levels, sales and usual supplier. */
export type ReorderRow = {
  id: number;
  title: string;
  title_bn: string;
  attri: string;
  attri_bn: string;
  unit: string;
  qty: string;
  reorder_min: string | null;
  reorder_target: string | null;
  sold: string;
  buyprice: number;
  supplier_id: number | null;
  supplier_name: string | null;
  supplier_phone: string | null;
  lead_days: number;
  /** Still to come on open purchase orders (draft, sent, partly received). */
  on_order: string;
};

/**
 * The products that may need ordering, in one statement: at or below their minimum, or (without
 * one) selling and holding no more than the lead time's sales. Sales are the last 28 days' stock
 * ledger rows of orders (returns, cancellations and deletions taken off); the usual supplier and
 * buy price are the product's last purchase line's; what open purchase orders will still bring
 * counts as on the shelf (the suggestion orders only the rest). One product per Bind Stock group (its members
 * share the count, and each member's ledger already carries the group's moves).
 */
export async function reorderCandidates(db: DbOrTx, defaultLeadDays: number): Promise<ReorderRow[]> {
  const res = await db.execute<ReorderRow>(sql`
    WITH sold AS (
      SELECT product_id, -sum(delta) AS q FROM stock_ledger
      WHERE created_at >= now() - make_interval(days => ${SALES_DAYS})
        AND reason IN ('order', 'return', 'cancel', 'reactivate', 'order-delete')
      GROUP BY product_id),
    units AS (
      SELECT DISTINCT ON (CASE WHEN link_qty THEN 'g' || group_id ELSE 'p' || id END) *
      FROM products ORDER BY CASE WHEN link_qty THEN 'g' || group_id ELSE 'p' || id END, id),
    on_order AS (
      SELECT l.product_id, sum(greatest(l.quantity - l.received, 0)) AS q
      FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.order_id
      WHERE o.status IN ('draft', 'sent', 'partly_received') AND l.product_id IS NOT NULL
      GROUP BY l.product_id),
    last AS (
      SELECT DISTINCT ON (pl.product_id) pl.product_id, pu.supplier_id, pl.buyprice
      FROM purchase_lines pl JOIN purchases pu ON pu.id = pl.purchase_id
      WHERE pl.product_id IS NOT NULL
      ORDER BY pl.product_id, pl.id DESC)
    SELECT u.id, u.title, u.title_bn, u.attri, u.attri_bn, u.unit, u.qty::text AS qty,
      u.reorder_min::text AS reorder_min, u.reorder_target::text AS reorder_target,
      coalesce(s.q, 0)::text AS sold, coalesce(l.buyprice, u.buyprice) AS buyprice,
      l.supplier_id, sup.name AS supplier_name, sup.phone AS supplier_phone,
      coalesce(sup.lead_days, ${defaultLeadDays})::int AS lead_days, coalesce(oo.q, 0)::text AS on_order
    FROM units u
      LEFT JOIN on_order oo ON oo.product_id = u.id
      LEFT JOIN sold s ON s.product_id = u.id
      LEFT JOIN last l ON l.product_id = u.id
      LEFT JOIN suppliers sup ON sup.id = l.supplier_id
    WHERE (u.reorder_min IS NOT NULL AND u.qty <= u.reorder_min)
       OR (u.reorder_min IS NULL AND coalesce(s.q, 0) > 0
           AND u.qty <= coalesce(s.q, 0) / ${SALES_DAYS}::numeric * coalesce(sup.lead_days, ${defaultLeadDays}))
    ORDER BY sup.name NULLS LAST, u.title, u.id`);
  return res.rows;
}

export async function setLevels(
  db: DbOrTx,
  id: number,
  levels: { min: number | null; target: number | null },
): Promise<{ min: string | null; target: string | null } | undefined> {
  const [row] = await db
    .update(products)
    .set({
      reorderMin: levels.min === null ? null : levels.min.toFixed(2),
      reorderTarget: levels.target === null ? null : levels.target.toFixed(2),
    })
    .where(eq(products.id, id))
    .returning({ min: products.reorderMin, target: products.reorderTarget });
  return row;
}
