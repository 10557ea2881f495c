import { one } from './common';
import { auditEvent, auditQuery, auditVerify } from './audit';
import { pagedList, type Endpoints } from './endpoint';

/** The audit trail (apps/server/src/modules/audit): the owner's. */
export const auditApi = {
  'GET /api/audit': pagedList({ query: auditQuery, row: auditEvent }),
  'GET /api/audit/verify': { answer: one(auditVerify) },
} satisfies Endpoints;
