import { and, desc, sql } from 'drizzle-orm';
import type { Expense } from '@bazar/contracts/cash';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';
import { withinShopDays } from '../../lib/shop-day';

const toExpense = (r: typeof expenses.$inferSelect): Expense => ({
  id: r.id,
  details: r.details,
  amount: r.amount,
  created: r.createdAt.toISOString(),
});

export async function insertExpense(db: DbOrTx, values: { details: string; amount: number; userId: number }) {
  const [row] = await db.insert(expenses).values(values).returning();
  if (!row) throw new Error('insert expenses returned nothing');
  return toExpense(row);
}

/** Expenses of the shop days from..to (open ends allowed), newest first, one page of them. */
export async function listExpenses(
  db: DbOrTx,
  tz: string,
  from?: string,
  to?: string,
  page: { limit: number; offset: number } = { limit: 500, offset: 0 },
): Promise<Expense[]> {
  const rows = await db
    .select()
    .from(expenses)
    .where(and(...withinShopDays(expenses.createdAt, tz, from, to)))
    .orderBy(desc(expenses.createdAt), desc(expenses.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toExpense);
}

/** How many expenses the shop days from..to hold and their sum (every page). */
export async function expenseCount(db: DbOrTx, tz: string, from?: string, to?: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${expenses.amount}), 0)::bigint`,
    })
    .from(expenses)
    .where(and(...withinShopDays(expenses.createdAt, tz, from, to)));
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
}

/** An expense as the export writes it: its time in the shop's zone, and where the next batch starts. */
export type ExpenseExportRow = {
  id: number;
  created: string;
  details: string;
  amount: number;
  /** created_at exactly (microseconds), for the next batch's bound. */
  at: string;
};

/**
 * The expense list's next `limit` expenses of the shop days from..to after `after` (its order:
 * newest first, then by id): the export reads the whole range in batches.
 */
export async function expenseBatch(
  db: DbOrTx,
  tz: string,
  range: { from?: string | undefined; to?: string | undefined },
  after: { at: string; id: number } | undefined,
  limit: number,
): Promise<ExpenseExportRow[]> {
  return db
    .select({
      id: expenses.id,
      created: sql<string>`to_char(${expenses.createdAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI')`,
      details: expenses.details,
      amount: expenses.amount,
      at: sql<string>`${expenses.createdAt}::text`,
    })
    .from(expenses)
    .where(
      and(
        ...withinShopDays(expenses.createdAt, tz, range.from, range.to),
        after && sql`(${expenses.createdAt}, ${expenses.id}) < (${after.at}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(desc(expenses.createdAt), desc(expenses.id))
    .limit(limit);
}
