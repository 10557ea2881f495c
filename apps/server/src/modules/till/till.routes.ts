import { ROLE } from '@bazar/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { can } from '../auth/can';
import { Forbidden, MissingPermission } from '../../lib/errors';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { placeOnlineOrder } from '../orders/checkout.service';
import { placeTillOrder, tillCatalogSince } from './till.service';

/**
 * `POST /api/order/add` places an order of either kind, as the spec's one call does: a storefront
 * order, or with `terminal: 1` a till sale. It lives here because the till is the module that knows
 * both (the till builds on orders, never the other way round).
 */
export async function tillRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  route(app, 'POST /api/order/add', {
    config: { access: 'verified' },
    tags: ['orders'],
    description:
      'A storefront order (verified customers; priced by the server from the area’s delivery charge, ' +
      'else the settings’; never oversells: 409 `stock_short` naming the lines; a fraction of a piece ' +
      'product 422; at most the open-orders and hourly limits, 429 `order_limit`; a delivery slot when ' +
      'the shop has slots), or with `terminal: 1` a till sale (admins only; shipping, discount and ' +
      'payments from the till, stock may go below zero; `client_id`, `sold_at` and `offline` for a sale ' +
      'from the till’s outbox). An Idempotency-Key header (or the sale’s `client_id`) makes a resend ' +
      'answer 200 with the order made the first time (201).',
    handler: async (req, reply) => {
      const user = currentUser(req);
      const body = req.body;
      const key = req.headers['idempotency-key'];
      const placed =
        body.terminal === 1 ? await placeTill(user, body, key) : await placeOnlineOrder(ctx, user, body, key);
      if (placed.replay) reply.code(200);
      return { data: placed.order };
    },
  });

  const placeTill = (
    user: ReturnType<typeof currentUser>,
    body: Parameters<typeof placeTillOrder>[2],
    key?: string,
  ) => {
    if (user.role !== ROLE.admin) throw new Forbidden();
    if (!can(user, 'till.sell')) throw new MissingPermission('till.sell');
    return placeTillOrder(ctx, user, body, key);
  };

  route(app, 'GET /api/till/catalog', {
    config: { access: 'admin', permission: 'till.sell' },
    tags: ['till'],
    description:
      "The till's copy of the catalogue, by delta: every product with `since=0`, else only the " +
      "products changed and the ids deleted since that version; keep the answer's `version` for the next call.",
    handler: async (req) => ({ data: await tillCatalogSince(ctx, req.query.since) }),
  });
}
