import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { actorOf } from '../audit/audit.service';
import * as service from './stocktakes.service';

/** Counting the shelf, write-offs and the shrinkage report (issue 28). */
export async function stocktakeRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['stock'];
  // Counting is blind: what the books expect, and the differences, only for those who approve.
  const blind = { 'stock.approve': ['expected', 'difference', 'value'] } as const;

  route(app, 'GET /api/stocktakes', {
    config: { access: 'admin', permission: ['stock.count', 'stock.approve'] },
    tags,
    description:
      'Every count of the shelf, newest first (or of one `status`), with how many lines are counted and approved.',
    handler: async (req) => ({ data: await service.stocktakes(ctx, req.query.status) }),
  });

  route(app, 'POST /api/stocktakes', {
    config: { access: 'admin', permission: ['stock.count', 'stock.approve'] },
    tags,
    description:
      'Starts a count of `product_ids`, a `category_id` (with its subcategories) or a `brand_id` (none: ' +
      'every product), remembering the books at its start: one line per product (per Bind Stock group).',
    handler: async (req) => ({
      data: await service.startCount(ctx, actorOf(req), currentUser(req), req.body),
    }),
  });

  route(app, 'GET /api/stocktakes/:id', {
    config: { access: 'admin', permission: ['stock.count', 'stock.approve'], hides: blind },
    tags,
    description:
      'The count and its lines: what everyone counted and the caller’s own tally; for those who approve, ' +
      'the expected quantity, the difference and its value at buy price, largest first.',
    handler: async (req) => ({ data: await service.stocktakeDetail(ctx, currentUser(req), req.params.id) }),
  });

  route(app, 'POST /api/stocktakes/:id/counts', {
    config: { access: 'admin', permission: ['stock.count', 'stock.approve'] },
    tags,
    description:
      'Adds `qty` to the caller’s tally of a product (a scan adds 1; kg for weighed goods); `client_id` ' +
      'makes a resent count count once. 409 once the count is closed.',
    handler: async (req) => ({
      data: await service.addCount(ctx, currentUser(req), req.params.id, req.body),
    }),
  });

  route(app, 'POST /api/stocktakes/:id/approve', {
    config: { access: 'admin', permission: 'stock.approve' },
    tags,
    description:
      'Approves `product_ids` (a named line nobody counted counts as none), or every counted line, which ' +
      'closes the count: each difference moves the product through the stock ledger (reason `count`).',
    handler: async (req) => ({
      data: await service.approve(ctx, actorOf(req), currentUser(req), req.params.id, req.body.product_ids),
    }),
  });

  route(app, 'POST /api/stocktakes/:id/cancel', {
    config: { access: 'admin', permission: 'stock.approve' },
    tags,
    description: 'Closes an open count without changing stock.',
    handler: async (req) => ({
      data: await service.cancel(ctx, actorOf(req), currentUser(req), req.params.id),
    }),
  });

  route(app, 'POST /api/stock/adjust', {
    config: { access: 'admin', permission: 'stock.edit' },
    tags,
    description:
      'Writes stock off (negative `qty`) or in (`found`) with a `reason` (damaged, expired, lost, own_use, ' +
      'found, other with a `note`) through the stock ledger (reason `adjust:<reason>`); never more than on hand.',
    handler: async (req) => ({ data: await service.adjust(ctx, actorOf(req), currentUser(req), req.body) }),
  });

  route(app, 'GET /api/reports/shrinkage', {
    config: { access: 'admin', permission: 'reports.profit' },
    tags,
    description:
      'What counts and write-offs cost between two shop days (`from`, `to`), at buy price: by reason, by ' +
      'month beside that month’s sales, and the 100 products that cost most.',
    handler: async (req) => ({ data: await service.shrinkageReport(ctx, req.query.from, req.query.to) }),
  });
}
