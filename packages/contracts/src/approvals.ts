import { z } from 'zod';
import { errorSchema, phoneSchema } from './common';
import { say } from './messages';
import { pinSchema } from './staff';

/**
 * What a cashier may not do alone at the till: a discount above their role's limit, a return, a
 * void (cancelling or deleting a saved sale), a line's price changed at the till, opening the
 * drawer with no sale. A manager (anyone holding `till.approve`) consents with their phone and PIN
 * on the same screen; the server stores the approval with both people.
 */
/**
 * What a manager approves: a discount above the cashier's limit, a return, a void, a price changed
 * at the till, the drawer opened with no sale, and credit to a walk-in customer (a till sale left
 * owing with no customer's phone to say who owes it).
 */
export const APPROVAL_KINDS = ['discount', 'return', 'void', 'price', 'drawer', 'credit', 'expired'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * A discount as a percentage of the bill (lines and shipping), rounded up: 5.01 % is above a 5 %
 * limit. The till asks for a manager by it before it saves; the server refuses by it.
 */
export const discountPercent = (discount: number, bill: number): number =>
  bill <= 0 ? (discount > 0 ? 100 : 0) : Math.ceil((discount * 100) / bill);

/**
 * True when a role's limit (null: none) does not cover this discount: compared in whole numbers
 * (discount × 100 against limit × bill), so no rounding decides who may give what.
 */
export const discountNeedsApproval = (discount: number, bill: number, limit: number | null): boolean =>
  limit !== null && (bill <= 0 ? discount > 0 && limit < 100 : discount * 100 > limit * bill);

/** A manager's consent, sent with the request that needs it. */
export const approvalSchema = z.object(
  { phone: phoneSchema, pin: pinSchema },
  { error: say('approval.shape') },
);
export type Approval = z.infer<typeof approvalSchema>;

/**
 * A 403 of a request that may need approval: `approval_required` says which `kind`; any other 403
 * (`forbidden` naming its `permission`, `pin_locked`) keeps its own fields.
 */
export const approvalRequired = errorSchema.extend({ kind: z.enum(APPROVAL_KINDS).optional() }).loose();

/** `POST /api/till/switch`: the next sales on this till are this person's (their phone and PIN). */
export const tillSwitchBody = z.object({ phone: phoneSchema, pin: pinSchema });

/** `POST /api/till/approver`: checks a manager's phone and PIN on the till before the request it is for. */
export const approverBody = z.object({ phone: phoneSchema, pin: pinSchema, kind: z.enum(APPROVAL_KINDS) });

/** Who approved: the till keeps them (and their PIN's hash) to approve with no server later. */
export const approverAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  staff_role: z.string(),
  permissions: z.array(z.string()),
  discount_limit: z.number().int().nullable(),
});

/** `POST /api/till/drawer`: the drawer opened with no sale, why, and the manager who allowed it. */
export const drawerOpenBody = z.object({
  reason: z
    .string({ error: say('approval.drawerReason') })
    .trim()
    .min(1, say('approval.drawerReason'))
    .max(200, say('approval.drawerReason')),
  approval: approvalSchema.optional(),
});

export const drawerOpened = z.object({
  id: z.number().int(),
  at: z.string(),
  by: z.string(),
  approved_by: z.string().nullable(),
});

/** `POST /api/order/delete/{id}` may carry the approval of a void (a JSON body, optional). */
export const deleteOrderBody = z.object({ approval: approvalSchema.optional() }).nullish();
