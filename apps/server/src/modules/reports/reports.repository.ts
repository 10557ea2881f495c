import { and, desc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import type { DailyReportRow, ProductSaleRow } from '@bazar/contracts/cash';
import type { DbOrTx } from '../../db/client';
import { expenses, orderLines, orders, payments, products } from '../../db/schema';
import { withinShopDays } from '../../lib/shop-day';

const CANCELED = 4;
const int = (v: unknown) => Number(v ?? 0);

/**
 * The orders placed on the shop days from..to (cancelled ones left out): how many, their total
 * (subtotal + ship − discount), what was paid on them and what is still due.
 */
export async function orderSums(db: DbOrTx, tz: string, from: string, to: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${orders.subtotal} + ${orders.ship} - ${orders.discount}), 0)::bigint`,
      paid: sql<number>`coalesce(sum(${orders.paid}), 0)::bigint`,
      due: sql<number>`coalesce(sum(${orders.due}), 0)::bigint`,
    })
    .from(orders)
    .where(and(ne(orders.status, CANCELED), ...withinShopDays(orders.createdAt, tz, from, to)));
  return { count: int(row?.count), total: int(row?.total), paid: int(row?.paid), due: int(row?.due) };
}

export async function expenseSum(db: DbOrTx, tz: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${expenses.amount}), 0)::bigint` })
    .from(expenses)
    .where(and(...withinShopDays(expenses.createdAt, tz, from, to)));
  return int(row?.n);
}

/** Money received on the shop days from..to (payment rows by the day they were taken). */
export async function receivedSum(db: DbOrTx, tz: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint` })
    .from(payments)
    .where(and(...withinShopDays(payments.createdAt, tz, from, to)));
  return int(row?.n);
}

/** What the stock on hand cost: buy price × quantity of every product whose quantity is not negative. */
export async function investedValue(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(floor(sum(${products.buyprice} * ${products.qty})), 0)::bigint` })
    .from(products)
    .where(gte(products.qty, '0'));
  return int(row?.n);
}

/**
 * One row per shop day from..to that had orders, payments or expenses, newest first: orders placed,
 * their total, money received, expenses, and cash (received − expenses); `closed` after Close Cash.
 */
export async function dailyReport(
  db: DbOrTx,
  tz: string,
  from: string,
  to: string,
): Promise<DailyReportRow[]> {
  const span = (column: SQL) => sql`${column} >= (${from}::date::timestamp AT TIME ZONE ${tz})
    AND ${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})`;
  const res = await db.execute<{
    day: string;
    orders: number;
    total: number;
    paid: number;
    expance: number;
    closed: boolean;
  }>(sql`
    WITH days AS (
      SELECT (created_at AT TIME ZONE ${tz})::date AS day, count(*) AS orders,
             sum(subtotal + ship - discount) AS total, 0 AS paid, 0 AS expance
      FROM orders WHERE status <> ${CANCELED} AND ${span(sql`created_at`)} GROUP BY 1
      UNION ALL
      SELECT (created_at AT TIME ZONE ${tz})::date, 0, 0, sum(amount), 0
      FROM payments WHERE ${span(sql`created_at`)} GROUP BY 1
      UNION ALL
      SELECT (created_at AT TIME ZONE ${tz})::date, 0, 0, 0, sum(amount)
      FROM expenses WHERE ${span(sql`created_at`)} GROUP BY 1
    )
    SELECT d.day::text AS day, sum(d.orders)::int AS orders, sum(d.total)::bigint AS total,
           sum(d.paid)::bigint AS paid, sum(d.expance)::bigint AS expance,
           EXISTS (SELECT 1 FROM cash_closes c WHERE c.day = d.day) AS closed
    FROM days d GROUP BY d.day ORDER BY d.day DESC`);
  return res.rows.map((r) => ({
    created_at: r.day,
    orders: int(r.orders),
    total: int(r.total),
    paid: int(r.paid),
    expance: int(r.expance),
    cash: int(r.paid) - int(r.expance),
    closed: Boolean(r.closed),
  }));
}

/**
 * What sold on the shop days from..to (open ends allowed), from the order lines' snapshots of
 * orders not cancelled: one row per product, title, attribute, price and buy price; most sold first.
 */
export async function productSales(
  db: DbOrTx,
  tz: string,
  from?: string,
  to?: string,
): Promise<ProductSaleRow[]> {
  const rows = await db
    .select({
      product_id: orderLines.productId,
      name: orderLines.title,
      attri: orderLines.attri,
      price: orderLines.price,
      buyprice: orderLines.buyprice,
      qty: sql<string>`sum(${orderLines.quantity})`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(ne(orders.status, CANCELED), ...withinShopDays(orders.createdAt, tz, from, to)))
    .groupBy(orderLines.productId, orderLines.title, orderLines.attri, orderLines.price, orderLines.buyprice)
    .orderBy(desc(sql`sum(${orderLines.quantity})`), orderLines.title);
  return rows.map((r) => ({ ...r, qty: Number(r.qty) }));
}
