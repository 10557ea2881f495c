import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import * as service from './delivery.service';

/** Delivery slots (issue 15): what shoppers may book, and the owner's settings of them. */
export async function deliveryRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['delivery'];

  route(app, 'GET /api/delivery-slots', {
    config: { access: 'guest' },
    tags,
    description:
      'The bookable shop days (today and `days_ahead` more) with each slot, its places left and ' +
      'whether it is open, full or closed (past its cut-off); `enabled: false` when the shop has no slots.',
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await service.slotDays(ctx) };
    },
  });

  route(app, 'GET /api/delivery-slots/settings', {
    config: { access: 'admin', permission: 'settings.edit' },
    tags,
    handler: async () => ({ data: await service.slotSettingsOf(ctx) }),
  });

  route(app, 'POST /api/delivery-slots/settings', {
    config: { access: 'admin', permission: 'settings.edit' },
    tags,
    description:
      'The delivery slots (start, end, capacity), days ahead and cut-off minutes; no slots turns them off.',
    handler: async (req) => ({ data: await service.saveSlotSettings(ctx, req.body) }),
  });
}
