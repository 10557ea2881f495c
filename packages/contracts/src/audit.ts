import { z } from 'zod';
import { dateRangeQuery } from './cash';
import { listPageQuery } from './paging';
import { id } from './numbers';

/** One event of the audit trail, as the Audit screen reads it. */
export const auditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  /** The person's name now (null: nobody signed in, such as a failed sign-in). */
  staff_name: z.string().nullable(),
  role: z.string().nullable(),
  ip: z.string().nullable(),
  till: z.string().nullable(),
  /** What was done: `sign_in`, `sign_in_failed`, `price_changed`, `staff_added` … */
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** `{ field: [before, after] }` of what changed, or the event's details. */
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEvent>;

const word = z.string().trim().max(60).optional();

/** `GET /api/audit`: shop days, a person, an action, an entity, and the page. */
export const auditQuery = dateRangeQuery.extend(listPageQuery.shape).extend({
  staff_id: id('text', 'id').optional(),
  action: word,
  entity: word,
});

export const auditVerify = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  first_broken_id: z.number().int().nullable(),
});
