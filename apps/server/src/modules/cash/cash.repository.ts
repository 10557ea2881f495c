import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Expense, ExpenseCategory } from '@bazar/contracts/cash';
import type { DbOrTx } from '../../db/client';
import { expenseCategories, expenses } from '../../db/schema';
import { withinShopDays } from '../../lib/shop-day';

export const toExpense = (r: typeof expenses.$inferSelect): Expense => ({
  id: r.id,
  details: r.details,
  amount: r.amount,
  category: r.category,
  created: r.createdAt.toISOString(),
});

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

// ---- expense categories -------------------------------------------------------------------

const categoryColumns = {
  id: expenseCategories.id,
  title: expenseCategories.title,
  title_bn: expenseCategories.titleBn,
};

export function listExpenseCategories(db: DbOrTx): Promise<ExpenseCategory[]> {
  return db.select(categoryColumns).from(expenseCategories).orderBy(asc(expenseCategories.id));
}

/** The category of this title (case aside), as it is written. */
export async function findExpenseCategory(db: DbOrTx, title: string): Promise<ExpenseCategory | undefined> {
  const [row] = await db
    .select(categoryColumns)
    .from(expenseCategories)
    .where(sql`lower(${expenseCategories.title}) = lower(${title})`);
  return row;
}

/** A new category, or undefined when one of that title (case aside) exists. */
export async function insertExpenseCategory(
  db: DbOrTx,
  values: { title: string; titleBn: string },
): Promise<ExpenseCategory | undefined> {
  const [row] = await db
    .insert(expenseCategories)
    .values(values)
    .onConflictDoNothing()
    .returning(categoryColumns);
  return row;
}

export async function deleteExpenseCategory(db: DbOrTx, id: number): Promise<boolean> {
  const res = await db
    .delete(expenseCategories)
    .where(eq(expenseCategories.id, id))
    .returning({ id: expenseCategories.id });
  return res.length > 0;
}

/** An expense as the export writes it: its time in the shop's zone, and where the next batch starts. */
export type ExpenseExportRow = {
  id: number;
  created: string;
  details: string;
  amount: number;
  category: string;
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
      category: expenses.category,
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
