import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import * as service from './batches.service';

/** Expiry dates and batches (issue 28). */
export async function batchesRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['stock'];

  route(app, 'POST /api/product/:id/expiry', {
    config: { access: 'admin', permission: 'stock.edit' },
    tags,
    description:
      'Whether the product tracks expiry: its stock then comes in by batch (expiry date, batch code) and ' +
      'is sold first-expiring-first. Off forgets its batches. Refused for a Bind Stock product.',
    handler: async (req) => ({
      data: await service.setTracking(ctx, actorOf(req), req.params.id, req.body.track),
    }),
  });

  route(app, 'GET /api/product/:id/batches', {
    config: { access: 'admin', permission: 'stock.view', hides: { 'products.buy_prices': ['value'] } },
    tags,
    description: 'The product’s batches holding stock (first-expiring first), and its stock with no date.',
    handler: async (req) => ({ data: await service.productBatches(ctx, req.params.id) }),
  });

  route(app, 'GET /api/stock/expiring', {
    config: {
      access: 'admin',
      permission: 'stock.view',
      hides: { 'products.buy_prices': ['value', 'expired_value'] },
    },
    tags,
    description:
      'Batches expiring within `days` (the shop’s Expiring soon setting when left out: today and the days ' +
      'after it) and every expired batch still held, with quantity and value at the buy price.',
    handler: async (req) => ({ data: await service.expiringSoon(ctx, req.query.days) }),
  });

  route(app, 'POST /api/stock/batches/:id/offer', {
    config: { access: 'admin', permission: 'products.prices' },
    tags,
    description:
      'Puts the batch’s product on offer at `percent` (default 20) off its price, rounded down to the taka, ' +
      'unless it is offered for less already.',
    handler: async (req) => ({
      data: await service.putOnOffer(ctx, actorOf(req), req.params.id, req.body?.percent ?? 20),
    }),
  });
}
