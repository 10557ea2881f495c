import { z } from 'zod';
import { listOf } from '@bazar/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { typed } from '../../lib/route';
import { ledgerMismatches } from './stock.repository';

export async function stockRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);

  // The audit: products whose quantity is not the sum of their stock ledger (an empty list is healthy).
  app.get('/api/stock/check', {
    config: { access: 'admin' },
    schema: {
      tags: ['stock'],
      response: { 200: listOf(z.object({ id: z.number().int(), qty: z.number(), ledger: z.number() })) },
    },
    handler: async () => ({ data: await ledgerMismatches(ctx.db) }),
  });
}
