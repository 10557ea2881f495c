import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazar/contracts/orders';
import type { StaffDay } from '@bazar/contracts/reports';
import type { DbOrTx } from '../../db/client';
import { withinShopDays } from '../../lib/shop-day';

/** A sale rung up at the till (orders.terminal). */
const TILL = 1;
const CANCELED = ORDER_STATUS.canceled;

type Row = { [K in keyof StaffDay]: K extends 'day' | 'name' ? string : string | number };

/**
 * What each member of staff did on each shop day from..to (either end open), newest day first,
 * then by name (and id, for two of the same name); only people with a figure that is not 0 that day:
 *
 * - sales: their till sales not cancelled (`orders.staff_id`, on the day they were made): how many,
 *   their total (subtotal + ship − discount) and the discounts given on them;
 * - returns: those they took (`returns.user_id`): how many and what they were worth;
 * - voids: till sales they cancelled (an `order_status_events` row to cancelled, by them) and till
 *   sales they deleted (the `order_deleted` audit event, by them). Deleting an order deletes its
 *   status events, so a sale cancelled and then deleted counts once, as its deletion;
 * - cash difference: counted − expected of their shifts closed that day.
 *
 * Each source is grouped by person and day on its own, in the shop's time zone; the parts meet in
 * one sum per person and day, named from `users`.
 */
export async function staffDays(db: DbOrTx, tz: string, from?: string, to?: string): Promise<StaffDay[]> {
  const within = (column: SQL) => {
    const parts = withinShopDays(column, tz, from, to);
    return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
  };
  const day = (column: SQL) => sql`(${column} AT TIME ZONE ${tz})::date`;
  const res = await db.execute<Row>(sql`
    WITH parts (staff_id, day, sales, sales_total, returns, returns_value, discounts, voids, cash_difference) AS (
      SELECT o.staff_id, ${day(sql`o.created_at`)}, count(*), sum(o.subtotal + o.ship - o.discount),
             0, 0, sum(o.discount), 0, 0
      FROM orders o
      WHERE o.terminal = ${TILL} AND o.status <> ${CANCELED} AND o.staff_id IS NOT NULL
        AND ${within(sql`o.created_at`)}
      GROUP BY 1, 2
      UNION ALL
      SELECT r.user_id, ${day(sql`r.created_at`)}, 0, 0, count(*), sum(r.value), 0, 0, 0
      FROM returns r
      WHERE r.user_id IS NOT NULL AND ${within(sql`r.created_at`)}
      GROUP BY 1, 2
      UNION ALL
      SELECT e.by_user_id, ${day(sql`e.at`)}, 0, 0, 0, 0, 0, count(*), 0
      FROM order_status_events e JOIN orders o ON o.id = e.order_id
      WHERE e.status = ${CANCELED} AND o.terminal = ${TILL} AND e.by_user_id IS NOT NULL
        AND ${within(sql`e.at`)}
      GROUP BY 1, 2
      UNION ALL
      SELECT a.staff_id, ${day(sql`a.at`)}, 0, 0, 0, 0, 0, count(*), 0
      FROM audit_events a
      WHERE a.action = 'order_deleted' AND a.changes->>'terminal' = ${String(TILL)}
        AND a.staff_id IS NOT NULL
        AND ${within(sql`a.at`)}
      GROUP BY 1, 2
      UNION ALL
      SELECT s.user_id, ${day(sql`s.closed_at`)}, 0, 0, 0, 0, 0, 0, sum(s.counted - s.expected)
      FROM shifts s
      WHERE s.closed_at IS NOT NULL AND s.counted IS NOT NULL AND s.expected IS NOT NULL
        AND s.user_id IS NOT NULL AND ${within(sql`s.closed_at`)}
      GROUP BY 1, 2
    )
    SELECT p.day::text AS day, p.staff_id, u.name,
           sum(p.sales)::bigint AS sales, sum(p.sales_total)::bigint AS sales_total,
           sum(p.returns)::bigint AS returns, sum(p.returns_value)::bigint AS returns_value,
           sum(p.discounts)::bigint AS discounts, sum(p.voids)::bigint AS voids,
           sum(p.cash_difference)::bigint AS cash_difference
    FROM parts p JOIN users u ON u.id = p.staff_id
    GROUP BY p.day, p.staff_id, u.name
    HAVING sum(p.sales) <> 0 OR sum(p.sales_total) <> 0 OR sum(p.returns) <> 0
        OR sum(p.returns_value) <> 0 OR sum(p.discounts) <> 0 OR sum(p.voids) <> 0
        OR sum(p.cash_difference) <> 0
    ORDER BY p.day DESC, u.name, p.staff_id`);
  return res.rows.map((r) => ({
    day: r.day,
    staff_id: Number(r.staff_id),
    name: r.name,
    sales: Number(r.sales),
    sales_total: Number(r.sales_total),
    returns: Number(r.returns),
    returns_value: Number(r.returns_value),
    discounts: Number(r.discounts),
    voids: Number(r.voids),
    cash_difference: Number(r.cash_difference),
  }));
}
