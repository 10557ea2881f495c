import { and, desc } from 'drizzle-orm';
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

/** Expenses of the shop days from..to (open ends allowed), newest first. */
export async function listExpenses(db: DbOrTx, tz: string, from?: string, to?: string): Promise<Expense[]> {
  const rows = await db
    .select()
    .from(expenses)
    .where(and(...withinShopDays(expenses.createdAt, tz, from, to)))
    .orderBy(desc(expenses.createdAt), desc(expenses.id));
  return rows.map(toExpense);
}
