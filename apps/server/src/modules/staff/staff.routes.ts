import { actorOf } from '../audit/audit.service';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { listRoute, route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import * as service from './staff.service';

/** Staff and roles: the owner's (permission `staff.manage`). */
export async function staffRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['staff'];
  const config = { access: 'admin', permission: 'staff.manage' } as const;

  listRoute(app, 'GET /api/staff', {
    config,
    tags,
    description: 'One page of the staff (every account with the admin role), active first, then by name.',
    page: (_req, window) => service.pageStaff(ctx, window),
  });

  route(app, 'POST /api/staff', {
    config,
    tags,
    description:
      'A new member of staff: `name`, `phone` (not used by another account), `password`, `pin` (4–6 digits, ' +
      'for the till) and `role` (a role key). They sign in through `POST /api/login`.',
    handler: async (req) => ({ data: await service.addStaff(ctx, actorOf(req), req.body) }),
  });

  route(app, 'POST /api/staff/:id', {
    config,
    tags,
    description:
      'Edits a member of staff: any of `name`, `phone`, `role`, `active` (false ends their sessions at once), ' +
      '`password` (ends their other sessions), `pin`, `unlock: true` (after 5 wrong PINs). 409 when it would ' +
      'leave no active owner.',
    handler: async (req) => ({
      data: await service.editStaff(ctx, currentUser(req), actorOf(req), req.params.id, req.body),
    }),
  });

  route(app, 'POST /api/staff/:id/unlock', {
    config: { access: 'admin', permission: 'till.approve' },
    tags,
    description:
      'Unlocks a member of staff’s till PIN after 5 wrong PINs in a row: a manager or the owner (permission ' +
      '`till.approve`).',
    handler: async (req) => ({
      data: await service.editStaff(ctx, currentUser(req), actorOf(req), req.params.id, { unlock: true }),
    }),
  });

  route(app, 'GET /api/roles', {
    config,
    tags,
    description: 'Every role with its permissions, its discount limit and how many active staff have it.',
    handler: async () => ({ data: await service.listRoles(ctx) }),
  });

  route(app, 'POST /api/roles', {
    config,
    tags,
    description:
      'A new role: `name`, `permissions`, `discount_limit` (percent, null: no limit), `key` (made from the name ' +
      'when left out). Copy a role by sending its permissions.',
    handler: async (req) => ({ data: await service.addRole(ctx, actorOf(req), req.body) }),
  });

  route(app, 'POST /api/roles/:id', {
    config,
    tags,
    description:
      "Changes a role's `name`, `permissions` or `discount_limit`; its people's next request follows. The " +
      "owner's role cannot change (409).",
    handler: async (req) => ({ data: await service.editRole(ctx, actorOf(req), req.params.id, req.body) }),
  });
}
