import { and, gte, ne, sql, type SQL } from 'drizzle-orm';
import type { ByMethod, DayFigures, ProductSaleRow, SaleTotals } from '@bazar/contracts/cash';
import type { DbOrTx } from '../../db/client';
import { cashCloses, orders, products } from '../../db/schema';
import { withinShopDays } from '../../lib/shop-day';

const CANCELED = 4;

const int = (v: unknown) => Number(v ?? 0);

const METHODS = ['cash', 'bkash', 'nagad', 'card', 'balance'] as const;

/** `column` on the shop days from..to (both given, inclusive), as SQL. */
const span = (
  column: SQL,
  tz: string,
  from: string,
  to: string,
) => sql`${column} >= (${from}::date::timestamp AT TIME ZONE ${tz})
  AND ${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})`;

/**
 * The orders placed on the shop days from..to (cancelled ones left out): how many, their total
 * (subtotal + ship − discount, less what returns on those days took back), what was paid on them
 * and what is still due.
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
  const returned = await returnsSum(db, tz, from, to);
  return {
    count: int(row?.count),
    total: int(row?.total) - returned,
    paid: int(row?.paid),
    due: int(row?.due),
  };
}

/** What goods brought back on the shop days from..to were worth (returns of orders not cancelled). */
async function returnsSum(db: DbOrTx, tz: string, from: string, to: string): Promise<number> {
  const res = await db.execute<{ n: string }>(sql`
    SELECT coalesce(sum(r.value), 0)::text AS n FROM returns r JOIN orders o ON o.id = r.order_id
    WHERE o.status <> ${CANCELED} AND ${span(sql`r.created_at`, tz, from, to)}`);
  return int(res.rows[0]?.n);
}

/** What the stock on hand cost: buy price × quantity of every product whose quantity is not negative. */
export async function investedValue(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(floor(sum(${products.buyprice} * ${products.qty})), 0)::bigint` })
    .from(products)
    .where(gte(products.qty, '0'));
  return int(row?.n);
}

/** What is owed now, all days together: customers' dues (orders not cancelled) and suppliers' dues. */
export async function owedNow(db: DbOrTx): Promise<{ toShop: number; toSuppliers: number }> {
  const res = await db.execute<{ shop: string | null; suppliers: string | null }>(sql`
    SELECT (SELECT sum(due) FROM orders WHERE status <> ${CANCELED} AND due > 0) AS shop,
           (SELECT sum(due) FROM suppliers) AS suppliers`);
  const row = res.rows[0];
  return { toShop: int(row?.shop), toSuppliers: int(row?.suppliers) };
}

type DayRow = {
  day: string;
  orders: number;
  total: number;
  paid: number;
  expance: number;
  refunds: number;
  returns: number;
  cash_moves: number;
  /** From the money ledger: every cash row (the drawers' expected cash), cash sales, floats, suppliers paid in cash. */
  drawer: number;
  cash_sales: number;
  float: number;
  cash_suppliers: number;
} & Record<(typeof METHODS)[number], number>;

/** The figures of one kind a shop day can have, by day; the others are 0 in `DayRow`. */
type DayPart = Partial<Omit<DayRow, 'day'>>;

/**
 * The figures of each shop day from..to that had orders, payments, returns, expenses or cash moves:
 * orders placed (not cancelled) and their total less the day's returns, money received (refunds
 * off) in all and by method, refunds given, returns' value, expenses, cash moved in/out of shifts.
 *
 * Each table is summed by its own statement, all at once on the pool (a year is 200,000 orders and
 * as many payments: two scans that take a core each), and the rows meet here. A row's day is its
 * place among the days' starts (`width_bucket` over the local midnights, converted once), not a time
 * zone conversion per row.
 */
async function daysOf(db: DbOrTx, tz: string, from: string, to: string): Promise<DayRow[]> {
  const day = (column: SQL) => sql`(${from}::date + width_bucket(${column}, (
      SELECT array_agg(d AT TIME ZONE ${tz} ORDER BY d)
      FROM generate_series(${from}::date::timestamp, (${to}::date + 1)::timestamp, interval '1 day') d
    )) - 1)::text`;
  const byDay = async (query: SQL): Promise<Array<{ day: string } & Record<string, string | null>>> =>
    (await db.execute<{ day: string } & Record<string, string | null>>(query)).rows;
  const parts = await Promise.all([
    byDay(sql`
      SELECT ${day(sql`created_at`)} AS day, count(*) AS orders, sum(subtotal + ship - discount) AS total
      FROM orders WHERE status <> ${CANCELED} AND ${span(sql`created_at`, tz, from, to)} GROUP BY 1`),
    byDay(sql`
      SELECT ${day(sql`created_at`)} AS day, sum(amount) AS paid,
             sum(amount) FILTER (WHERE method = 'cash') AS cash, sum(amount) FILTER (WHERE method = 'bkash') AS bkash,
             sum(amount) FILTER (WHERE method = 'nagad') AS nagad, sum(amount) FILTER (WHERE method = 'card') AS card,
             sum(amount) FILTER (WHERE method = 'balance') AS balance, -sum(amount) FILTER (WHERE amount < 0) AS refunds
      FROM payments WHERE ${span(sql`created_at`, tz, from, to)} GROUP BY 1`),
    byDay(sql`
      SELECT ${day(sql`r.created_at`)} AS day, -sum(r.value) AS total, sum(r.value) AS returns
      FROM returns r JOIN orders o ON o.id = r.order_id
      WHERE o.status <> ${CANCELED} AND ${span(sql`r.created_at`, tz, from, to)} GROUP BY 1`),
    byDay(sql`
      SELECT ${day(sql`created_at`)} AS day, sum(amount) AS expance
      FROM expenses WHERE ${span(sql`created_at`, tz, from, to)} GROUP BY 1`),
    byDay(sql`
      SELECT ${day(sql`created_at`)} AS day, sum(amount) AS cash_moves
      FROM shift_moves WHERE ${span(sql`created_at`, tz, from, to)} GROUP BY 1`),
    // The cash figures from the money ledger, computed as the till's drawer is (money.repository drawerCash).
    byDay(sql`
      SELECT ${day(sql`created_at`)} AS day, sum(amount) AS drawer,
             sum(amount) FILTER (WHERE kind IN ('payment', 'change')) AS cash_sales,
             sum(amount) FILTER (WHERE kind = 'float') AS float,
             -sum(amount) FILTER (WHERE kind = 'supplier_payment') AS cash_suppliers
      FROM money_ledger WHERE method = 'cash' AND ${span(sql`created_at`, tz, from, to)} GROUP BY 1`),
  ]);
  const days = new Map<string, DayRow>();
  for (const rows of parts)
    for (const r of rows) {
      const row = days.get(r.day) ?? { ...EMPTY, day: r.day };
      for (const [k, v] of Object.entries(r) as Array<[keyof DayPart | 'day', string | null]>)
        if (k !== 'day') row[k] += int(v);
      days.set(r.day, row);
    }
  return [...days.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}

/** A day's figures as the screens and Close Cash read them. */
function figures(d: DayRow): DayFigures {
  const byMethod: ByMethod = {
    cash: d.cash,
    bkash: d.bkash,
    nagad: d.nagad,
    card: d.card,
    balance: d.balance,
  };
  return {
    orders: d.orders,
    total: d.total,
    paid: d.paid,
    expance: d.expance,
    // The spec's "Cash in hand": paid minus expense, whatever the method.
    cash: d.paid - d.expance,
    by_method: byMethod,
    refunds: d.refunds,
    returns: d.returns,
    cash_moves: d.cash_moves,
    cash_sales: d.cash_sales,
    float: d.float,
    cash_suppliers: d.cash_suppliers,
    // What the owner counts in the drawers: every cash row of the money ledger (floats, cash taken
    // less change, cash refunds, moves, expenses and suppliers paid in cash), as the till counts it.
    drawer: d.drawer,
  };
}

const EMPTY: DayRow = {
  day: '',
  orders: 0,
  total: 0,
  paid: 0,
  expance: 0,
  refunds: 0,
  returns: 0,
  cash_moves: 0,
  drawer: 0,
  cash_sales: 0,
  float: 0,
  cash_suppliers: 0,
  cash: 0,
  bkash: 0,
  nagad: 0,
  card: 0,
  balance: 0,
};

/** The figures of the shop days from..to taken together. */
export async function rangeFigures(db: DbOrTx, tz: string, from: string, to: string): Promise<DayFigures> {
  const days = await daysOf(db, tz, from, to);
  const sum = { ...EMPTY };
  for (const d of days)
    for (const k of Object.keys(EMPTY) as Array<keyof DayRow>) if (k !== 'day') sum[k] += d[k];
  return figures(sum);
}

export type ClosedDay = { day: string; closedAt: Date; figures: DayFigures };

/** The days closed (Close Cash) from..to, with the figures frozen then. */
async function closedDays(db: DbOrTx, from: string, to: string): Promise<Map<string, ClosedDay>> {
  const rows = await db
    .select()
    .from(cashCloses)
    .where(sql`${cashCloses.day} BETWEEN ${from}::date AND ${to}::date`);
  return new Map(
    rows.map((c) => {
      const m = c.byMethod;
      return [
        c.day,
        {
          day: c.day,
          closedAt: c.closedAt,
          figures: {
            orders: c.orders,
            total: c.total,
            paid: c.paid,
            expance: c.expance,
            cash: c.cash,
            by_method: {
              cash: m.cash ?? 0,
              bkash: m.bkash ?? 0,
              nagad: m.nagad ?? 0,
              card: m.card ?? 0,
              balance: m.balance ?? 0,
            },
            refunds: c.refunds,
            returns: c.returns,
            cash_moves: c.cashMoves,
            cash_sales: c.cashSales,
            float: c.float,
            cash_suppliers: c.cashSuppliers,
            drawer: c.drawer,
          },
        },
      ];
    }),
  );
}

/** What changed after closing: now − closed, for the figures that differ (null when none does). */
function afterClose(now: DayFigures, closed: DayFigures): Partial<DayFigures> | null {
  const diff: Partial<DayFigures> = {};
  for (const k of [
    'orders',
    'total',
    'paid',
    'expance',
    'cash',
    'refunds',
    'returns',
    'cash_moves',
    'cash_sales',
    'float',
    'cash_suppliers',
    'drawer',
  ] as const)
    if (now[k] !== closed[k]) diff[k] = now[k] - closed[k];
  const methods = Object.fromEntries(
    METHODS.filter((m) => now.by_method[m] !== closed.by_method[m]).map((m) => [
      m,
      now.by_method[m] - closed.by_method[m],
    ]),
  );
  if (Object.keys(methods).length)
    diff.by_method = { ...{ cash: 0, bkash: 0, nagad: 0, card: 0, balance: 0 }, ...methods };
  return Object.keys(diff).length ? diff : null;
}

/**
 * One row per shop day from..to, newest first. A closed day shows the figures frozen at Close Cash
 * and, when anything was entered for it afterwards, `after_close` (now minus closed), never a
 * silent rewrite under the closed badge.
 */
export async function dailyReport(db: DbOrTx, tz: string, from: string, to: string) {
  const [days, closed] = await Promise.all([daysOf(db, tz, from, to), closedDays(db, from, to)]);
  const live = new Map(days.map((d) => [d.day, figures(d)]));
  const all = [...new Set([...live.keys(), ...closed.keys()])].sort().reverse();
  return all.map((day) => {
    const now = live.get(day) ?? figures(EMPTY);
    const close = closed.get(day);
    return {
      created_at: day,
      ...(close ? close.figures : now),
      closed: close !== undefined,
      closed_at: close?.closedAt.toISOString() ?? null,
      after_close: close ? afterClose(now, close.figures) : null,
    };
  });
}

/** Records (or records again) the day's cash close with the figures counted now: they are frozen. */
export async function upsertCashClose(
  db: DbOrTx,
  values: { day: string; due: number; userId: number; figures: DayFigures },
): Promise<void> {
  const f = values.figures;
  const row = {
    day: values.day,
    orders: f.orders,
    total: f.total,
    paid: f.paid,
    due: values.due,
    expance: f.expance,
    cash: f.cash,
    byMethod: f.by_method,
    refunds: f.refunds,
    returns: f.returns,
    cashMoves: f.cash_moves,
    cashSales: f.cash_sales,
    float: f.float,
    cashSuppliers: f.cash_suppliers,
    drawer: f.drawer,
    userId: values.userId,
  };
  await db
    .insert(cashCloses)
    .values(row)
    .onConflictDoUpdate({ target: cashCloses.day, set: { ...row, closedAt: sql`now()` } });
}

/**
 * What sold on the shop days from..to (open ends allowed), from the order lines' snapshots of
 * orders not cancelled, less what came back (return lines, on the days they came back): one row
 * per product, title, attribute, price and buy price, with what sold of it (`qty`, never 0). Of
 * all time (no dates), the tally the database keeps (schema.ts productSales): the same rows as
 * adding up every line, without reading them.
 */
function soldSql(tz: string, from?: string, to?: string): SQL {
  if (!from && !to)
    return sql`SELECT nullif(product_id, 0) AS product_id, title, attri, price, buyprice, qty
      FROM product_sales WHERE qty <> 0`;
  const within = (column: SQL) => {
    const parts = withinShopDays(column, tz, from, to);
    return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
  };
  return sql`
    SELECT product_id, title, attri, price, buyprice, sum(qty) AS qty FROM (
      SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, l.quantity AS qty
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.status <> ${CANCELED} AND ${within(sql`o.created_at`)}
      UNION ALL
      SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, -l.quantity
      FROM return_lines l JOIN returns r ON r.id = l.return_id JOIN orders o ON o.id = r.order_id
      WHERE o.status <> ${CANCELED} AND ${within(sql`r.created_at`)}
    ) moved
    GROUP BY product_id, title, attri, price, buyprice
    HAVING sum(qty) <> 0`;
}

/**
 * Most sold first, the rows of `sold` (a relation named so): the rest of the row breaks ties, so
 * pages never share or skip a row.
 */
const mostSoldFirst = (sold: 'sold' | 'page') =>
  sql.raw(
    `ORDER BY ${sold}.qty DESC, ${sold}.title, ${sold}.attri, ${sold}.price, ${sold}.buyprice, ${sold}.product_id NULLS LAST`,
  );

/**
 * The columns of an answered row of `page` (rows of soldSql), with the product's Bangla names as
 * they are now from `p` (products LEFT JOINed on its id: '' when it has none or is gone). Only the
 * rows answered are joined, never the whole aggregation.
 */
const PAGE_COLUMNS = sql`page.product_id, page.title AS name, page.attri,
  coalesce(p.title_bn, '') AS name_bn, coalesce(p.attri_bn, '') AS attri_bn,
  page.price, page.buyprice, page.qty::text AS qty`;

const saleRow = (r: SaleRow): ProductSaleRow => ({
  product_id: r.product_id,
  name: r.name,
  attri: r.attri,
  name_bn: r.name_bn,
  attri_bn: r.attri_bn,
  price: r.price,
  buyprice: r.buyprice,
  qty: Number(r.qty),
});

/**
 * What sold on the shop days from..to (empty: all time), most sold first, with each product's
 * Bangla names as now; `limit`: only the first rows.
 */
export async function productSales(
  db: DbOrTx,
  tz: string,
  from?: string,
  to?: string,
  limit?: number,
): Promise<ProductSaleRow[]> {
  const sold = soldSql(tz, from, to);
  // With a limit (the dashboard's five), the first rows are chosen before the products are joined.
  const page =
    limit === undefined
      ? sql`(${sold}) page`
      : sql`(SELECT * FROM (${sold}) sold ${mostSoldFirst('sold')} LIMIT ${limit}) page`;
  const res = await db.execute<SaleRow>(sql`
    SELECT ${PAGE_COLUMNS}
    FROM ${page} LEFT JOIN products p ON p.id = page.product_id
    ${mostSoldFirst('page')}`);
  return res.rows.map(saleRow);
}

/**
 * One page of the product sale, most sold first, with the Total (Σ price × qty), Cost (Σ buy price
 * × qty) and Profit of every row of the range, counted by the money rule (the exact sum, rounded
 * down once) in the same statement. Only the page's rows are joined to the products (their
 * Bangla names); the sums are not.
 */
export async function productSalePage(
  db: DbOrTx,
  tz: string,
  range: { from?: string; to?: string },
  window: { limit: number; offset: number },
): Promise<{ rows: ProductSaleRow[]; count: number; totals: SaleTotals }> {
  // A range that sold nothing still answers its one row of sums, with the page's columns null.
  type Row = { [K in keyof SaleRow]: SaleRow[K] | null } & { n: string; total: string; cost: string };
  const res = await db.execute<Row>(sql`
    WITH sold AS MATERIALIZED (${soldSql(tz, range.from, range.to)}),
    sums AS (
      SELECT count(*) AS n, floor(coalesce(sum(price * qty), 0)) AS total,
             floor(coalesce(sum(buyprice * qty), 0)) AS cost
      FROM sold
    )
    SELECT ${PAGE_COLUMNS},
           sums.n::text AS n, sums.total::text AS total, sums.cost::text AS cost
    FROM sums LEFT JOIN LATERAL (
      SELECT * FROM sold ${mostSoldFirst('sold')} LIMIT ${window.limit} OFFSET ${window.offset}
    ) page ON true
    LEFT JOIN products p ON p.id = page.product_id
    ${mostSoldFirst('page')}`);
  const first = res.rows[0];
  const total = int(first?.total);
  const cost = int(first?.cost);
  return {
    // The row of an empty page has null columns; a row of the page has all of them.
    rows: res.rows.flatMap((r) => (r.qty === null ? [] : [saleRow(r as SaleRow)])),
    count: int(first?.n),
    totals: { total, cost, profit: total - cost },
  };
}

/**
 * Every row of the product sale of the shop days from..to (empty: all time), most sold first as the
 * report pages them, in batches of `size` through a cursor: the sums are made once and the rows are
 * handed on a batch at a time. Only inside a transaction (the export's snapshot).
 */
export async function* productSaleBatches(
  tx: DbOrTx,
  tz: string,
  range: { from?: string | undefined; to?: string | undefined },
  size: number,
): AsyncGenerator<ProductSaleRow[]> {
  await tx.execute(sql`
    DECLARE product_sale_export NO SCROLL CURSOR FOR
    SELECT ${PAGE_COLUMNS}
    FROM (${soldSql(tz, range.from, range.to)}) page LEFT JOIN products p ON p.id = page.product_id
    ${mostSoldFirst('page')}`);
  try {
    for (;;) {
      const res = await tx.execute<SaleRow>(
        sql`FETCH ${sql.raw(String(Math.trunc(size)))} FROM product_sale_export`,
      );
      if (res.rows.length) yield res.rows.map(saleRow);
      if (res.rows.length < size) return;
    }
  } finally {
    await tx.execute(sql`CLOSE product_sale_export`);
  }
}

type SaleRow = {
  product_id: number | null;
  name: string;
  attri: string;
  name_bn: string;
  attri_bn: string;
  price: number;
  buyprice: number;
  qty: string;
};
