import type { FastifyInstance } from 'fastify';
import { inSnapshot } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { statementColumnsFields, statementMatchFields } from '@bazar/contracts/statements';
import { readMultipart, uploadRoutes } from '../../lib/multipart';
import { shopDay } from '../../lib/shop-day';
import { dayClose } from './day-close.service';
import { moneyMismatches } from './money-check.repository';
import { matchStatement, statementColumns } from './statements.service';

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

  await uploadRoutes(app, (scope) => {
    route(scope, 'POST /api/statements/columns', {
      config: { access: 'admin', permission: 'cash.close' },
      tags: ['money'],
      description:
        'multipart/form-data: `file` (a merchant statement, CSV or XLSX), `method` (bkash, nagad, card, ' +
        "sslcommerz). The file's header row, a few rows, and the columns remembered for the method or guessed.",
      handler: async (req) => {
        const { fields, files } = await readMultipart(req, statementColumnsFields, ['file']);
        return { data: await statementColumns(ctx, fields.method, files.file) };
      },
    });

    route(scope, 'POST /api/statements/match', {
      config: { access: 'admin', permission: 'cash.close' },
      tags: ['money'],
      description:
        'multipart/form-data: `file`, `method`, `trx_column`, `amount_column`, `time_column` (header names; ' +
        "remembered for the method), `from`/`to` (shop days; the statement's own when left out). What matches by " +
        'transaction id, what the shop recorded that the statement lacks, and what it has that the shop never recorded.',
      handler: async (req) => {
        const { fields, files } = await readMultipart(req, statementMatchFields, ['file']);
        return { data: await matchStatement(ctx, fields, files.file) };
      },
    });
  });
}
