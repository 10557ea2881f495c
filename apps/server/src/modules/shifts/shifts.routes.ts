import { can } from '../auth/can';
import { actorOf } from '../audit/audit.service';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import * as service from './shifts.service';

/** Cashiers' shifts: open with a float, cash in and out, close with the cash counted. */
export async function shiftRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['shifts'];

  route(app, 'POST /api/shift/open', {
    config: { access: 'admin', permission: 'till.sell' },
    tags,
    description:
      "Opens the caller's shift with the cash in the drawer; 409 while the caller's shift is open.",
    handler: async (req) => ({
      data: await service.openShift(ctx, currentUser(req).id, req.body.float, actorOf(req)),
    }),
  });

  route(app, 'GET /api/shift/current', {
    config: { access: 'admin', permission: 'till.sell' },
    tags,
    description: "The caller's open shift, or null.",
    handler: async (req) => ({ data: await service.currentShift(ctx, currentUser(req).id) }),
  });

  route(app, 'POST /api/shift/move', {
    config: { access: 'admin', permission: 'till.drawer' },
    tags,
    description:
      "Cash put into (amount > 0) or taken out of (< 0) the drawer during the caller's shift; 409 without an open shift.",
    handler: async (req) => ({
      data: await service.moveCash(ctx, currentUser(req).id, req.body.amount, req.body.reason, actorOf(req)),
    }),
  });

  route(app, 'POST /api/shift/close', {
    config: { access: 'admin', permission: 'till.sell' },
    tags,
    description:
      "Closes the caller's shift with the cash counted: expected (opening float + cash taken − cash given back ± " +
      'cash moves), counted and the difference are kept; 409 when no shift of the caller is open.',
    handler: async (req) => ({
      data: await service.closeShift(ctx, currentUser(req).id, req.body.counted, req.body.note, actorOf(req)),
    }),
  });

  route(app, 'GET /api/shift/:id/report', {
    config: { access: 'admin', permission: 'till.sell' },
    tags,
    description:
      "A closed shift's Z report: its sales, cancelled sales, returns, discounts and each method's money " +
      "(payments with their count, refunds, change), beside the drawer's expected and counted cash. " +
      'A cashier reads their own shifts; `till.shifts` reads any. 409 while the shift is open.',
    handler: async (req) => {
      const user = currentUser(req);
      return {
        data: await service.zReport(ctx, req.params.id, {
          id: user.id,
          seesShifts: can(user, 'till.shifts'),
        }),
      };
    },
  });

  route(app, 'GET /api/shifts', {
    config: { access: 'admin', permission: 'till.shifts' },
    tags,
    description: 'Shifts opened on the shop days from..to (default: all, newest first, at most 200).',
    handler: async (req) => ({
      data: await service.listShifts(ctx, req.query.from || undefined, req.query.to || undefined),
    }),
  });
}
