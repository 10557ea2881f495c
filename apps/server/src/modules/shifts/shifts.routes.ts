import { z } from 'zod';
import { dateRangeQuery } from '@bazar/contracts/cash';
import { listOf, one } from '@bazar/contracts/common';
import { closeShiftBody, openShiftBody, shift, shiftMoveBody } from '@bazar/contracts/shifts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import * as service from './shifts.service';

/** Cashiers' shifts: open with a float, cash in and out, close with the cash counted. */
export async function shiftRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['shifts'];

  app.post('/api/shift/open', {
    config: { access: 'admin' },
    schema: { tags, body: openShiftBody, response: { 201: one(shift) } },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await service.openShift(ctx, currentUser(req).id, req.body.float) }),
  });

  app.get('/api/shift/current', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: z.object({ data: shift.nullable() }) } },
    handler: async (req) => ({ data: await service.currentShift(ctx, currentUser(req).id) }),
  });

  app.post('/api/shift/move', {
    config: { access: 'admin' },
    schema: { tags, body: shiftMoveBody, response: { 200: one(shift) } },
    handler: async (req) => ({
      data: await service.moveCash(ctx, currentUser(req).id, req.body.amount, req.body.reason),
    }),
  });

  app.post('/api/shift/close', {
    config: { access: 'admin' },
    schema: { tags, body: closeShiftBody, response: { 200: one(shift) } },
    handler: async (req) => ({
      data: await service.closeShift(ctx, currentUser(req).id, req.body.counted, req.body.note),
    }),
  });

  app.get('/api/shifts', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'Shifts opened on the shop days from..to (default: all, newest first, at most 200).',
      querystring: dateRangeQuery,
      response: { 200: listOf(shift) },
    },
    handler: async (req) => ({
      data: await service.listShifts(ctx, req.query.from || undefined, req.query.to || undefined),
    }),
  });
}
