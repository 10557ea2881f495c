import { sql, type SQL } from 'drizzle-orm';
import type { DayClose } from '@bazar/contracts/money.api';
import type { DbOrTx } from '../../db/client';

/** The instants of one shop day in the shop's zone, for `column`. */
const onDay = (column: SQL, tz: string, day: string) =>
  sql`${column} >= (${day}::date::timestamp AT TIME ZONE ${tz})
    AND ${column} < ((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`;

const int = (v: string | number | null | undefined) => Number(v ?? 0);

/** The day's money by method from the ledger: taken, how often, with how many references, given back, change. */
export async function methodsOfDay(db: DbOrTx, tz: string, day: string): Promise<DayClose['methods']> {
  const res = await db.execute<Record<string, string | null> & { method: string }>(sql`
    SELECT method,
      sum(amount) FILTER (WHERE kind = 'payment') AS received,
      count(*) FILTER (WHERE kind = 'payment') AS count,
      count(DISTINCT nullif(reference, '')) FILTER (WHERE kind = 'payment') AS refs,
      -sum(amount) FILTER (WHERE kind = 'refund') AS refunds,
      -sum(amount) FILTER (WHERE kind = 'change') AS change
    FROM money_ledger
    WHERE kind IN ('payment', 'refund', 'change') AND ${onDay(sql`created_at`, tz, day)}
    GROUP BY method ORDER BY method`);
  return res.rows.map((r) => {
    const received = int(r.received);
    const refunds = int(r.refunds);
    const change = int(r.change);
    return {
      method: r.method,
      received,
      count: int(r.count),
      references: int(r.refs),
      refunds,
      change,
      net: received - refunds - change,
    };
  });
}

/** The day's cash from the ledger: every cash row, by kind, and what went through no shift. */
export async function cashOfDay(db: DbOrTx, tz: string, day: string) {
  const res = await db.execute<Record<string, string | null>>(sql`
    SELECT
      sum(amount) FILTER (WHERE kind = 'float') AS float,
      sum(amount) FILTER (WHERE kind IN ('payment', 'change')) AS sales,
      -sum(amount) FILTER (WHERE kind = 'refund') AS refunds,
      sum(amount) FILTER (WHERE kind = 'drawer') AS moves,
      -sum(amount) FILTER (WHERE kind = 'expense') AS expenses,
      -sum(amount) FILTER (WHERE kind = 'supplier_payment') AS suppliers,
      sum(amount) AS expected,
      sum(amount) FILTER (WHERE shift_id IS NULL) AS outside
    FROM money_ledger WHERE method = 'cash' AND ${onDay(sql`created_at`, tz, day)}`);
  const r = res.rows[0] ?? {};
  return {
    float: int(r.float),
    sales: int(r.sales),
    refunds: int(r.refunds),
    moves: int(r.moves),
    expenses: int(r.expenses),
    suppliers: int(r.suppliers),
    expected: int(r.expected),
    outside_shifts: int(r.outside),
  };
}

/**
 * The day's credit and advances: what the day's orders (not cancelled) still owed at the end of the
 * day, what customers paid that day of orders placed before it, advances put in and used, and
 * what suppliers were paid and expenses cost by every method.
 */
export async function othersOfDay(db: DbOrTx, tz: string, day: string) {
  const res = await db.execute<Record<string, string | null>>(sql`
    WITH day_orders AS (
      SELECT id, subtotal - returned + ship - discount AS total FROM orders
      WHERE status <> 4 AND ${onDay(sql`created_at`, tz, day)}),
    day_rows AS (SELECT * FROM money_ledger WHERE ${onDay(sql`created_at`, tz, day)})
    SELECT
      (SELECT sum(total) FROM day_orders) AS sold,
      (SELECT sum(amount) FROM day_rows
        WHERE kind IN ('payment', 'change', 'refund') AND order_id IN (SELECT id FROM day_orders)) AS paid_same_day,
      (SELECT sum(l.amount) FROM day_rows l JOIN orders o ON o.id = l.order_id
        WHERE l.kind IN ('payment', 'change') AND o.created_at < (${day}::date::timestamp AT TIME ZONE ${tz})) AS collected,
      (SELECT sum(amount) FROM day_rows WHERE kind = 'advance' AND amount > 0) AS added,
      (SELECT -sum(amount) FROM day_rows WHERE kind = 'advance' AND amount < 0) AS used,
      (SELECT -sum(amount) FROM day_rows WHERE kind = 'supplier_payment') AS suppliers,
      (SELECT -sum(amount) FROM day_rows WHERE kind = 'expense') AS expenses`);
  const r = res.rows[0] ?? {};
  return {
    dues: { given: Math.max(0, int(r.sold) - int(r.paid_same_day)), collected: int(r.collected) },
    advance: { added: int(r.added), used: int(r.used) },
    suppliers: int(r.suppliers),
    expenses: int(r.expenses),
  };
}

/** The shifts opened on the day, oldest first, with their cashier's name. */
export async function shiftsOfDay(db: DbOrTx, tz: string, day: string) {
  const res = await db.execute<{
    id: number;
    cashier: string | null;
    opened_at: Date | string;
    closed_at: Date | string | null;
    opening_float: number;
    expected: number | null;
    counted: number | null;
  }>(sql`
    SELECT s.id, u.name AS cashier, s.opened_at, s.closed_at, s.opening_float, s.expected, s.counted
    FROM shifts s LEFT JOIN users u ON u.id = s.user_id
    WHERE ${onDay(sql`s.opened_at`, tz, day)} ORDER BY s.opened_at, s.id`);
  return res.rows.map((r) => ({
    id: r.id,
    cashier: r.cashier,
    openedAt: new Date(r.opened_at),
    closedAt: r.closed_at === null ? null : new Date(r.closed_at),
    openingFloat: r.opening_float,
    expected: r.expected,
    counted: r.counted,
  }));
}
