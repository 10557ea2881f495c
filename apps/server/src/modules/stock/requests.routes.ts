import type { FastifyInstance } from 'fastify';
import { say } from '@bazar/contracts/messages';
import { inSnapshot } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Conflict, NotFound } from '../../lib/errors';
import { listRoute, route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { findAvailability, listRequests, openRequest, requestCount } from './requests.repository';
import { isAvailable } from './stock.service';

/** "Notify me": a customer asks for an SMS when a product is back (sent by the stock core). */
export async function requestRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['stock'];

  // Verified phones only: the request ends in an SMS the shop pays for.
  route(app, 'GET /api/request/add/:id', {
    config: { access: 'verified' },
    tags,
    handler: async (req) => {
      const product = await findAvailability(ctx.db, req.params.id);
      if (!product) throw new NotFound(say('catalog.productNotFound'));
      if (isAvailable(product)) throw new Conflict(say('stock.inStock'));
      await openRequest(ctx.db, currentUser(req).id, product.id);
      return { message: 'Request send successfuly' };
    },
  });

  listRoute(app, 'GET /api/requests', {
    config: { access: 'admin', permission: 'stock.requests' },
    tags,
    description: 'One page of the product requests, newest first.',
    page: (_req, window) =>
      inSnapshot(ctx.db, async (tx) => {
        const rows = await listRequests(tx, window);
        const total = await requestCount(tx);
        return { rows: rows.map((r) => ({ ...r, created: r.created.toISOString() })), total };
      }),
  });
}
