import type { FastifyInstance } from 'fastify';
import { inSnapshot } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { moneyMismatches } from './money-check.repository';

/** The money ledger's audit: read by the owner (permission `audit.view`, as the audit trail). */
export async function moneyRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  route(app, 'GET /api/money/check', {
    config: { access: 'admin', permission: 'audit.view' },
    tags: ['money'],
    description:
      "The shop's money figures (orders' paid and due, customers' advances, suppliers' dues, payments, " +
      "expenses, drawers' floats and moves) that differ from the money ledger; empty when the books balance.",
    handler: async () => ({ data: await inSnapshot(ctx.db, (tx) => moneyMismatches(tx)) }),
  });
}
