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
