import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import * as service from './reorder.service';

/** What to order next (issue 28). */
export async function reorderRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['purchases'];

  route(app, 'GET /api/reorder-suggestions', {
    config: { access: 'admin', permission: 'purchases.manage' },
    tags,
    description:
      'Products at or below their minimum, or (without one) running out within their supplier’s lead ' +
      'time at the last 28 days’ pace, by the supplier each was last bought from, with the quantity to ' +
      'order (up to the target, or the lead time’s and two more weeks’ sales) and its cost at the last buy price.',
    handler: async () => ({ data: await service.reorderSuggestions(ctx) }),
  });

  route(app, 'POST /api/product/:id/reorder', {
    config: { access: 'admin', permission: 'stock.edit' },
    tags,
    description:
      'Sets a product’s minimum and target on the shelf (null for none: the suggestion works it out).',
    handler: async (req) => ({
      data: await service.setReorderLevels(ctx, actorOf(req), req.params.id, req.body),
    }),
  });
}
