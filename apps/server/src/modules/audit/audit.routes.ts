import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { listRoute, route } from '../../lib/route';
import * as service from './audit.service';

/** The audit trail: read and verified by the owner (permission `audit.view`). */
export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['audit'];
  const config = { access: 'admin', permission: 'audit.view' } as const;

  listRoute(app, 'GET /api/audit', {
    config,
    tags,
    description:
      'One page of the audit trail, newest first: `from`/`to` (shop days), `staff_id`, `action`, `entity`. Each ' +
      'event: who (staff id, name, role), when, from where (IP, till), what (action, entity, id) and `changes` ' +
      '(`{ field: [before, after] }`).',
    page: (req, window) => service.page(ctx, req.query, window),
  });

  route(app, 'GET /api/audit/verify', {
    config,
    tags,
    description:
      'Recomputes the chain of hashes over the whole trail: `ok`, how many rows were `checked`, and the first ' +
      'row that was edited, removed or put in (`first_broken_id`).',
    handler: async () => ({ data: await service.verify(ctx) }),
  });
}
