import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { withinShopDays } from '../../lib/shop-day';

/**
 * What the shop lost between two shop days: the ledger's count differences and write-offs (their
 * rows keep the buy price they were worth), by reason, by month and by product; and the sales of
 * each month beside them (orders not cancelled, what they charge).
 */
export async function shrinkageRows(db: DbOrTx, tz: string, from?: string, to?: string) {
  const within = withinShopDays(sql`l.created_at`, tz, from, to);
  const where = sql`(l.reason = 'count' OR l.reason LIKE 'adjust:%')${within.length ? sql` AND ${sql.join(within, sql` AND `)}` : sql``}`;
  const reasons = await db.execute<{ reason: string; qty: string; value: string }>(sql`
    SELECT CASE WHEN l.reason = 'count' THEN 'count' ELSE substr(l.reason, 8) END AS reason,
      -sum(l.delta) AS qty, -sum(l.delta * coalesce(l.unit_cost, 0)) AS value
    FROM stock_ledger l WHERE ${where} GROUP BY 1 ORDER BY 3 DESC, 1`);
  const months = await db.execute<{ month: string; value: string }>(sql`
    SELECT to_char(l.created_at AT TIME ZONE ${tz}, 'YYYY-MM') AS month,
      -sum(l.delta * coalesce(l.unit_cost, 0)) AS value
    FROM stock_ledger l WHERE ${where} GROUP BY 1 ORDER BY 1`);
  const sold = withinShopDays(sql`o.created_at`, tz, from, to);
  const sales = await db.execute<{ month: string; sales: string }>(sql`
    SELECT to_char(o.created_at AT TIME ZONE ${tz}, 'YYYY-MM') AS month,
      sum(o.subtotal - o.returned + o.ship - o.discount) AS sales
    FROM orders o WHERE o.status <> 4${sold.length ? sql` AND ${sql.join(sold, sql` AND `)}` : sql``}
    GROUP BY 1 ORDER BY 1`);
  const products = await db.execute<{
    product_id: number | null;
    title: string | null;
    title_bn: string | null;
    attri: string | null;
    attri_bn: string | null;
    qty: string;
    value: string;
  }>(sql`
    SELECT l.product_id, p.title, p.title_bn, p.attri, p.attri_bn,
      -sum(l.delta) AS qty, -sum(l.delta * coalesce(l.unit_cost, 0)) AS value
    FROM stock_ledger l LEFT JOIN products p ON p.id = l.product_id
    WHERE ${where}
    GROUP BY l.product_id, p.title, p.title_bn, p.attri, p.attri_bn
    ORDER BY 7 DESC, 2 LIMIT 100`);
  return { reasons: reasons.rows, months: months.rows, sales: sales.rows, products: products.rows };
}
