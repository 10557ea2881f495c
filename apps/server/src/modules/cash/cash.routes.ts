import { recordAudit } from '../audit/audit.repository';
import { actorOf } from '../audit/audit.service';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { inSnapshot } from '../../db/client';
import { listRoute, route } from '../../lib/route';
import { shopDay } from '../../lib/shop-day';
import { currentUser } from '../../plugins/access';
import * as reports from '../reports/reports.repository';
import * as repo from './cash.repository';
import * as expensesService from './expenses.service';

export async function cashRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['cash'];
  const tz = ctx.config.shopTz;

  listRoute(app, 'GET /api/expances', {
    config: { access: 'admin', permission: 'expenses.manage' },
    tags,
    description:
      'One page of the expenses of the shop days from..to (open ends allowed), newest first; ' +
      '`meta.totals.amount` is the sum of every expense in the range.',
    page: async (req, window) => {
      const from = req.query.from || undefined;
      const to = req.query.to || undefined;
      return inSnapshot(ctx.db, async (tx) => {
        const rows = await repo.listExpenses(tx, tz, from, to, window);
        const { count, amount } = await repo.expenseCount(tx, tz, from, to);
        return { rows, total: count, totals: { amount } };
      });
    },
  });

  route(app, 'POST /api/expance/add', {
    config: { access: 'admin', permission: 'expenses.manage' },
    tags,
    handler: async (req) => ({
      message: 'Expance added',
      data: await expensesService.addExpense(ctx, currentUser(req).id, req.body, actorOf(req)),
    }),
  });

  route(app, 'GET /api/expense-categories', {
    config: { access: 'admin', permission: 'expenses.manage' },
    tags,
    description:
      'The kinds of expense, in the order they were added (rent, salary, utilities, transport, other…).',
    handler: async () => ({ data: await expensesService.listCategories(ctx) }),
  });

  route(app, 'POST /api/expense-category/add', {
    config: { access: 'admin', permission: 'expenses.manage' },
    tags,
    handler: async (req) => ({ data: await expensesService.addCategory(ctx, req.body) }),
  });

  route(app, 'DELETE /api/expense-category/:id', {
    config: { access: 'admin', permission: 'expenses.manage' },
    tags,
    description: 'Removes a category from the list; expenses written with it keep its title.',
    handler: async (req) => {
      await expensesService.removeCategory(ctx, req.params.id);
      return { message: 'Category deleted' };
    },
  });

  route(app, 'POST /api/save-report', {
    config: { access: 'admin', permission: 'cash.close' },
    tags,
    description:
      "Close Cash: records today's figures as the server counts them (the numbers sent are ignored) and " +
      'freezes them: the daily report shows the day as closed, and anything entered for it afterwards ' +
      'as a change after closing. Closing again the same day records the figures again.',
    handler: async (req) => {
      const day = shopDay(ctx.clock.now(), tz);
      const [sums, figures] = await Promise.all([
        reports.orderSums(ctx.db, tz, day, day),
        reports.rangeFigures(ctx.db, tz, day, day),
      ]);
      await ctx.db.transaction(async (tx) => {
        await reports.upsertCashClose(tx, { day, due: sums.due, userId: currentUser(req).id, figures });
        await recordAudit(tx, actorOf(req), {
          action: 'cash_closed',
          entity: 'cash_close',
          entityId: day,
          changes: { due: sums.due, ...figures },
        });
      });
      return { message: 'Cash updated', data: { day, due: sums.due, ...figures } };
    },
  });
}
