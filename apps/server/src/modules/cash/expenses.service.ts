import { recordAudit, type AuditActor } from '../audit/audit.repository';
import { sql } from 'drizzle-orm';
import type { expenseAddBody, expenseCategoryBody } from '@bazar/contracts/cash';
import type { Expense, ExpenseCategory } from '@bazar/contracts/cash';
import type { z } from 'zod';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import { spend } from '../money/money.repository';
import { openShiftId } from '../shifts/shifts.service';
import * as repo from './cash.repository';
import { toExpense } from './cash.repository';

/** The category an expense gets when the form sends none (the spec's Add Expance). */
const DEFAULT_CATEGORY = 'Other';

/**
 * Writes an expense: its category one of the list (its title as written there; 'Other' when none
 * is sent), its day today or a day before (an expense written later counts on its own day: it is
 * dated noon of that day, shop time, so every report by day finds it there). Through the money
 * core: today's comes out of the writer's drawer when they have a till shift open.
 */
export async function addExpense(
  ctx: Ctx,
  userId: number,
  input: z.output<typeof expenseAddBody>,
  actor: AuditActor,
): Promise<Expense> {
  const category = await repo.findExpenseCategory(ctx.db, input.category || DEFAULT_CATEGORY);
  if (!category && input.category) throw new Invalid('category', say('cash.categoryMissing'));
  const now = ctx.clock.now();
  const today = shopDay(now, ctx.config.shopTz);
  if (input.date && input.date > today) throw new Invalid('date', say('dates.future'));
  // Today's expense is stamped with the same clock that judged "today" (not the database's own,
  // which could already be past midnight): it always counts on the day it was accepted for.
  const createdAt = input.date && input.date !== today ? await noonOf(ctx, input.date) : now;
  return ctx.db.transaction(async (tx) => {
    // Today's expense comes out of the drawer of whoever writes it, when they have a shift open.
    const shiftId = createdAt === now ? await openShiftId(tx, userId) : null;
    const expense = toExpense(
      await spend(
        tx,
        {
          details: input.detail,
          amount: input.amount,
          userId,
          category: category?.title ?? DEFAULT_CATEGORY,
          createdAt,
        },
        { userId, shiftId },
      ),
    );
    await recordAudit(tx, actor, {
      action: 'expense_added',
      entity: 'expense',
      entityId: expense.id,
      changes: { amount: input.amount, detail: input.detail, category: expense.category },
    });
    return expense;
  });
}

/** 12:00 on a shop day in the shop's zone, as PostgreSQL reads the zone. */
async function noonOf(ctx: Ctx, day: string): Promise<Date> {
  const res = await ctx.db.execute<{ at: Date }>(
    // The database knows the zone's rules for that day (daylight saving where there is any).
    sqlNoon(day, ctx.config.shopTz),
  );
  return new Date(res.rows[0]!.at);
}

const sqlNoon = (day: string, tz: string) =>
  sql`SELECT ((${day}::date + time '12:00') AT TIME ZONE ${tz}) AS at`;

export const listCategories = (ctx: Ctx) => repo.listExpenseCategories(ctx.db);

export async function addCategory(
  ctx: Ctx,
  input: z.output<typeof expenseCategoryBody>,
): Promise<ExpenseCategory> {
  const made = await repo.insertExpenseCategory(ctx.db, { title: input.title, titleBn: input.title_bn });
  if (!made) throw new Conflict(say('cash.categoryTaken'));
  return made;
}

/** Removes a category from the list; expenses written with it keep its title. */
export async function removeCategory(ctx: Ctx, id: number): Promise<void> {
  if (!(await repo.deleteExpenseCategory(ctx.db, id))) throw new NotFound(say('cash.categoryNotFound'));
}
