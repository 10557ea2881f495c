import { z } from 'zod';
import { ROLE, errorSchema, one } from '@bazar/contracts/common';
import { orderAddBody, order, shortLines } from '@bazar/contracts/orders';
import { tillCatalog, tillCatalogQuery } from '@bazar/contracts/till';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { Forbidden } from '../../lib/errors';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { placeOnlineOrder } from '../orders/checkout.service';
import { placeTillOrder, tillCatalogSince } from './till.service';

const idempotencyHeader = z.object({ 'idempotency-key': z.string().trim().min(1).max(100).optional() });

/**
 * `POST /api/order/add` places an order of either kind, as the spec's one call does: a storefront
 * order, or with `terminal: 1` a till sale. It lives here because the till is the module that knows
 * both (the till builds on orders, never the other way round).
 */
export async function tillRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);

  app.post('/api/order/add', {
    config: { access: 'verified' },
    schema: {
      tags: ['orders'],
      description:
        'A storefront order (verified customers; priced by the server; an Idempotency-Key header makes ' +
        'retries safe), or with `terminal: 1` a till sale (admins only; shipping, discount and payment ' +
        'from the till, stock may go below zero).',
      headers: idempotencyHeader,
      body: orderAddBody,
      response: { 200: one(order), 201: one(order), 409: z.union([shortLines, errorSchema]) },
    },
    handler: async (req, reply) => {
      const user = currentUser(req);
      const body = req.body;
      const key = req.headers['idempotency-key'];
      if (body.terminal === 1) {
        if (user.role !== ROLE.admin) throw new Forbidden();
        const sale = await placeTillOrder(ctx, user, body, key);
        return reply.code(sale.replay ? 200 : 201).send({ data: sale.order });
      }
      const placed = await placeOnlineOrder(ctx, user, body, key);
      return reply.code(placed.replay ? 200 : 201).send({ data: placed.order });
    },
  });

  app.get('/api/till/catalog', {
    config: { access: 'admin' },
    schema: {
      tags: ['till'],
      description:
        "The till's copy of the catalogue, by delta: every product with `since=0`, else only the " +
        "products changed and the ids deleted since that version; keep the answer's `version` for the next call.",
      querystring: tillCatalogQuery,
      response: { 200: one(tillCatalog) },
    },
    handler: async (req) => ({ data: await tillCatalogSince(ctx, req.query.since) }),
  });
}
