import { idParamSchema, listOf, one } from './common';
import { pagedList, type Endpoints } from './endpoint';
import {
  role,
  roleCreateBody,
  roleUpdateBody,
  staffCreateBody,
  staffListQuery,
  staffMember,
  staffUpdateBody,
} from './staff';

/** Staff and their roles (apps/server/src/modules/staff): the owner's. */
export const staffApi = {
  'GET /api/staff': pagedList({ query: staffListQuery, row: staffMember }),
  'POST /api/staff': { body: staffCreateBody, status: 201, answer: one(staffMember) },
  'POST /api/staff/:id': { params: idParamSchema, body: staffUpdateBody, answer: one(staffMember) },
  'POST /api/staff/:id/unlock': { params: idParamSchema, answer: one(staffMember) },
  'GET /api/roles': { answer: listOf(role) },
  'POST /api/roles': { body: roleCreateBody, status: 201, answer: one(role) },
  'POST /api/roles/:id': { params: idParamSchema, body: roleUpdateBody, answer: one(role) },
} satisfies Endpoints;
