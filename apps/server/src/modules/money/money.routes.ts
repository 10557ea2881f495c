import type { FastifyInstance } from 'fastify';
import { inSnapshot } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { shopDay } from '../../lib/shop-day';
import { dayClose } from './day-close.service';
import { moneyMismatches } from './money-check.repository';

/**
 * The money ledger's audit, read by the owner (permission `audit.view`, as the audit trail), and
 * the day close (those who read reports or close the cash).
 */
export async function moneyRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  route(app, 'GET /api/money/check', {
    config: { access: 'admin', permission: 'audit.view' },
    tags: ['money'],
    description:
      "The shop's money figures (orders' paid and due, customers' advances, suppliers' dues, payments, " +
      "expenses, drawers' floats and moves) that differ from the money ledger; empty when the books balance.",
    handler: async () => ({ data: await inSnapshot(ctx.db, (tx) => moneyMismatches(tx)) }),
  });

  route(app, 'GET /api/day-close', {
    config: { access: 'admin', permission: ['reports.view', 'cash.close'] },
    tags: ['money'],
    description:
      'A shop day (`date`, today when left out) from the money ledger: money by method with counts and ' +
      "references, refunds and change, each shift's drawer (expected, counted, difference), the day's " +
      'expected cash, credit given and collected, advances, suppliers paid and expenses.',
    handler: async (req) => ({
      data: await dayClose(ctx, req.query.date || shopDay(ctx.clock.now(), ctx.config.shopTz)),
    }),
  });
}
