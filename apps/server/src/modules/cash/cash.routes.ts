import { z } from 'zod';
import { expenseTotals, listPageQuery, paginatedWithTotals } from '@bazar/contracts/paging';
import {
  dateRangeQuery,
  dayFigures,
  expense,
  expenseAddBody,
  expenseCategory,
  expenseCategoryBody,
  saveReportBody,
} from '@bazar/contracts/cash';
import { idParamSchema } from '@bazar/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { inSnapshot } from '../../db/client';
import { pageAnswer, pageLinks, pageWindow } from '../../lib/paginate';
import { typed } from '../../lib/route';
import { shopDay } from '../../lib/shop-day';
import { currentUser } from '../../plugins/access';
import * as reports from '../reports/reports.repository';
import * as repo from './cash.repository';
import * as expensesService from './expenses.service';

export async function cashRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['cash'];
  const tz = ctx.config.shopTz;

  app.get('/api/expances', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'One page of the expenses of the shop days from..to (open ends allowed), newest first; ' +
        '`meta.totals.amount` is the sum of every expense in the range.',
      querystring: dateRangeQuery.extend(listPageQuery.shape),
      response: { 200: paginatedWithTotals(expense, expenseTotals) },
    },
    handler: async (req) => {
      const { page, per_page, ...range } = req.query;
      const from = range.from || undefined;
      const to = range.to || undefined;
      const { data, count, amount } = await inSnapshot(ctx.db, async (tx) => ({
        data: await repo.listExpenses(tx, tz, from, to, pageWindow(page, per_page)),
        ...(await repo.expenseCount(tx, tz, from, to)),
      }));
      const link = pageLinks('/api/expances', range, per_page);
      const answer = pageAnswer({ data, total: count, page, perPage: per_page, link });
      return { ...answer, meta: { ...answer.meta, totals: { amount } } };
    },
  });

  app.post('/api/expance/add', {
    config: { access: 'admin' },
    schema: {
      tags,
      body: expenseAddBody,
      response: { 201: z.object({ message: z.string(), data: expense }) },
    },
    handler: async (req, reply) =>
      reply.code(201).send({
        message: 'Expance added',
        data: await expensesService.addExpense(ctx, currentUser(req).id, req.body),
      }),
  });

  app.get('/api/expense-categories', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'The kinds of expense, in the order they were added (rent, salary, utilities, transport, other…).',
      response: { 200: z.object({ data: z.array(expenseCategory) }) },
    },
    handler: async () => ({ data: await expensesService.listCategories(ctx) }),
  });

  app.post('/api/expense-category/add', {
    config: { access: 'admin' },
    schema: {
      tags,
      body: expenseCategoryBody,
      response: { 201: z.object({ data: expenseCategory }) },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await expensesService.addCategory(ctx, req.body) }),
  });

  app.delete('/api/expense-category/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'Removes a category from the list; expenses written with it keep its title.',
      params: idParamSchema,
      response: { 200: z.object({ message: z.string() }) },
    },
    handler: async (req) => {
      await expensesService.removeCategory(ctx, req.params.id);
      return { message: 'Category deleted' };
    },
  });

  app.post('/api/save-report', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "Close Cash: records today's figures as the server counts them (the numbers sent are ignored) and " +
        'freezes them: the daily report shows the day as closed, and anything entered for it afterwards ' +
        'as a change after closing. Closing again the same day records the figures again.',
      body: saveReportBody,
      response: {
        200: z.object({
          message: z.string(),
          data: dayFigures.extend({ day: z.string(), due: z.number().int() }),
        }),
      },
    },
    handler: async (req) => {
      const day = shopDay(ctx.clock.now(), tz);
      const [sums, figures] = await Promise.all([
        reports.orderSums(ctx.db, tz, day, day),
        reports.rangeFigures(ctx.db, tz, day, day),
      ]);
      await reports.upsertCashClose(ctx.db, { day, due: sums.due, userId: currentUser(req).id, figures });
      return { message: 'Cash updated', data: { day, due: sums.due, ...figures } };
    },
  });
}
