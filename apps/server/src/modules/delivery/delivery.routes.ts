import { one } from '@bazar/contracts/common';
import { slotDays, slotSettings, slotSettingsAnswer } from '@bazar/contracts/delivery';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { typed } from '../../lib/route';
import * as service from './delivery.service';

/** Delivery slots (issue 15): what shoppers may book, and the owner's settings of them. */
export async function deliveryRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['delivery'];

  app.get('/api/delivery-slots', {
    config: { access: 'guest' },
    schema: {
      tags,
      description:
        'The bookable shop days (today and `days_ahead` more) with each slot, its places left and ' +
        'whether it is open, full or closed (past its cut-off); `enabled: false` when the shop has no slots.',
      response: { 200: one(slotDays) },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await service.slotDays(ctx) };
    },
  });

  app.get('/api/delivery-slots/settings', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: one(slotSettingsAnswer) } },
    handler: async () => ({ data: await service.slotSettingsOf(ctx) }),
  });

  app.post('/api/delivery-slots/settings', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'The delivery slots (start, end, capacity), days ahead and cut-off minutes; no slots turns them off.',
      body: slotSettings,
      response: { 200: one(slotSettingsAnswer) },
    },
    handler: async (req) => ({ data: await service.saveSlotSettings(ctx, req.body) }),
  });
}
