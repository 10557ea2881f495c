import { and, desc, sql } from 'drizzle-orm';
import type { Expense } from '@bazar/contracts/cash';
import type { DbOrTx } from '../../db/client';
import { cashCloses, expenses } from '../../db/schema';
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

/** Records (or records again) the day's cash close with the figures counted now. */
export async function upsertCashClose(
  db: DbOrTx,
  values: Omit<typeof cashCloses.$inferInsert, 'id' | 'closedAt'>,
): Promise<void> {
  await db
    .insert(cashCloses)
    .values(values)
    .onConflictDoUpdate({
      target: cashCloses.day,
      set: {
        orders: values.orders,
        total: values.total,
        paid: values.paid,
        due: values.due,
        expance: values.expance,
        cash: values.cash,
        userId: values.userId,
        closedAt: sql`now()`,
      },
    });
}
