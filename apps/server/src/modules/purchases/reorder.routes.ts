import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import { currentUser } from '../../plugins/access';
import * as orders from './purchase-orders.service';
import * as service from './reorder.service';

/** What to order next, and orders placed with suppliers (issue 28). */
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

  const config = { access: 'admin', permission: 'purchases.manage' } as const;

  route(app, 'GET /api/purchase-orders', {
    config,
    tags,
    description:
      'Purchase orders, newest first (or of one `status`), with their lines, receipts and the text for the supplier.',
    handler: async (req) => ({ data: await orders.purchaseOrders(ctx, req.query.status) }),
  });

  route(app, 'POST /api/purchase-orders', {
    config,
    tags,
    description:
      'A draft purchase order with a supplier: each product once with its quantity and expected buy price.',
    handler: async (req) => ({
      data: await orders.createOrder(ctx, actorOf(req), currentUser(req).id, req.body),
    }),
  });

  route(app, 'GET /api/purchase-orders/:id', {
    config,
    tags,
    handler: async (req) => ({ data: await orders.purchaseOrder(ctx, req.params.id) }),
  });

  route(app, 'POST /api/purchase-orders/:id/send', {
    config,
    tags,
    description: 'Marks a draft sent (the owner sends its `message` to the supplier by SMS or WhatsApp).',
    handler: async (req) => ({ data: await orders.sendOrder(ctx, actorOf(req), req.params.id) }),
  });

  route(app, 'POST /api/purchase-orders/:id/receive', {
    config,
    tags,
    description:
      'What came against the order (all or part), as one purchase (stock in, the supplier’s due, what was ' +
      'paid) with its lines’ buy prices; the order becomes received when every line has come in full.',
    handler: async (req) => ({
      data: await orders.receiveOrder(ctx, actorOf(req), currentUser(req).id, req.params.id, req.body),
    }),
  });

  route(app, 'POST /api/purchase-orders/:id/close', {
    config,
    tags,
    description: 'Closes the order: nothing more will come against it.',
    handler: async (req) => ({ data: await orders.closeOrder(ctx, actorOf(req), req.params.id) }),
  });
}
