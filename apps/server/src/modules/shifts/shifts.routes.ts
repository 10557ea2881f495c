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
    schema: {
      tags,
      description:
        "Opens the caller's shift with the cash in the drawer; 409 while the caller's shift is open.",
      body: openShiftBody,
      response: { 201: one(shift) },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await service.openShift(ctx, currentUser(req).id, req.body.float) }),
  });

  app.get('/api/shift/current', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: "The caller's open shift, or null.",
      response: { 200: z.object({ data: shift.nullable() }) },
    },
    handler: async (req) => ({ data: await service.currentShift(ctx, currentUser(req).id) }),
  });

  app.post('/api/shift/move', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "Cash put into (amount > 0) or taken out of (< 0) the drawer during the caller's shift; 409 without an open shift.",
      body: shiftMoveBody,
      response: { 200: one(shift) },
    },
    handler: async (req) => ({
      data: await service.moveCash(ctx, currentUser(req).id, req.body.amount, req.body.reason),
    }),
  });

  app.post('/api/shift/close', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "Closes the caller's shift with the cash counted: expected (opening float + cash taken − cash given back ± " +
        'cash moves), counted and the difference are kept; 409 when no shift of the caller is open.',
      body: closeShiftBody,
      response: { 200: one(shift) },
    },
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
