import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { listRoute, route } from '../../lib/route';
import { shopDay } from '../../lib/shop-day';
import * as repo from './reports.repository';
import { DAILY_REPORT_DAYS, dailyReportRange } from './reports.service';
import { staffDays } from './staff-report.repository';

export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['reports'];
  const tz = ctx.config.shopTz;
  const today = () => shopDay(ctx.clock.now(), tz);

  route(app, 'GET /api/profit-loss', {
    config: { access: 'admin', permission: 'reports.profit' },
    tags,
    description:
      "The dashboard's and the cash report's figures for the shop days from..to (default: today): " +
      'orders (cancelled left out), their total less returns, paid and due, expenses, the stock on hand ' +
      'at buy price, money received by method, refunds, returns, cash moved in/out of shifts and the ' +
      'cash in the drawer.',
    handler: async (req) => {
      const from = req.query.from || today();
      const to = req.query.to || from;
      const [sums, days, invested, owed] = await Promise.all([
        repo.orderSums(ctx.db, tz, from, to),
        repo.rangeFigures(ctx.db, tz, from, to),
        repo.investedValue(ctx.db),
        repo.owedNow(ctx.db),
      ]);
      return {
        day: from,
        order_count: sums.count,
        order_total: sums.total,
        order_paid: sums.paid,
        order_due: sums.due,
        expance: days.expance,
        received: days.paid,
        invested,
        owed_to_shop: owed.toShop,
        owed_to_suppliers: owed.toSuppliers,
        by_method: days.by_method,
        refunds: days.refunds,
        returns: days.returns,
        cash_moves: days.cash_moves,
        cash_sales: days.cash_sales,
        float: days.float,
        cash_suppliers: days.cash_suppliers,
        drawer: days.drawer,
      };
    },
  });

  route(app, 'GET /api/daily-report', {
    config: { access: 'admin', permission: 'reports.view' },
    tags,
    description: `One row per shop day (default: the last ${DAILY_REPORT_DAYS} days), newest first.`,
    handler: async (req) => {
      const { from, to } = dailyReportRange(ctx, req.query);
      return { data: await repo.dailyReport(ctx.db, tz, from, to) };
    },
  });

  route(app, 'GET /api/product-sale', {
    config: {
      access: 'admin',
      permission: 'reports.view',
      hides: { 'reports.profit': ['buyprice', 'cost', 'profit'] },
    },
    tags,
    description:
      'What sold (orders not cancelled) on the shop days from..to, most first; empty dates mean all time. ' +
      '`limit`: only the first so many rows (the dashboard asks for 5).',
    handler: async (req) =>
      repo.productSales(ctx.db, tz, req.query.from || undefined, req.query.to || undefined, req.query.limit),
  });

  route(app, 'GET /api/analytics/staff', {
    config: { access: 'admin', permission: 'reports.view' },
    tags,
    description:
      'Per member of staff and shop day from..to (default: all), newest day first then by name: till ' +
      'sales not cancelled (count, total) and the discounts on them, returns taken (count, value), ' +
      'till sales voided (cancelled, or deleted while not cancelled) and the cash difference (counted − ' +
      'expected) of their shifts closed that day. Only people with a figure that is not 0 that day.',
    handler: async (req) => ({
      data: await staffDays(ctx.db, tz, req.query.from || undefined, req.query.to || undefined),
    }),
  });

  listRoute(app, 'GET /api/product-sale/page', {
    config: {
      access: 'admin',
      permission: 'reports.view',
      hides: { 'reports.profit': ['buyprice', 'cost', 'profit'] },
    },
    tags,
    description:
      'The Product Sale report one page at a time (`page`, `per_page`: 50, at most 200), most sold ' +
      'first, with `meta.totals` (Total, Cost and Profit) counted over every row of the dates; empty ' +
      'dates mean all time. The rows are those of GET /api/product-sale.',
    page: async (req, window) => {
      const { from, to } = req.query;
      const { rows, count, totals } = await repo.productSalePage(
        ctx.db,
        tz,
        { from: from || undefined, to: to || undefined },
        window,
      );
      return { rows, total: count, totals };
    },
  });
}
