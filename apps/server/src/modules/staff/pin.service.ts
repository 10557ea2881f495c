import { ROLE } from '@bazar/contracts/common';
import type { Approval, ApprovalKind } from '@bazar/contracts/approvals';
import { say, type Message } from '@bazar/contracts/messages';
import type { Permission } from '@bazar/contracts/permissions';
import { rawQuery } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { dummyPasswordHash, verifyPassword } from '../../lib/crypto';
import { ApprovalRequired, PinLocked, Unauthenticated } from '../../lib/errors';
import { clientKey, limits } from '../../lib/rate-limit';
import { recordAudit, type AuditActor } from '../audit/audit.repository';
import { findUserByPhone, staffAccess, type SessionUser, type UserRow } from '../auth/auth.repository';
import { can } from '../auth/can';

/** Wrong PINs in a row that lock a person's PIN (until a manager or the owner unlocks it). */
const PIN_TRIES = 5;

/** A member of staff whose PIN was just checked, with what they may do. */
export type PinHolder = {
  id: number;
  name: string;
  phone: string;
  staffRole: string | null;
  permissions: ReadonlySet<Permission>;
  row: UserRow;
};

/** Adds one wrong PIN to the account (its own statement: the refused request's work is rolled back, this is not). */
async function countWrongPin(ctx: Ctx, id: number): Promise<number> {
  const res = await rawQuery<{ pin_failures: number }>(
    ctx.db,
    'UPDATE users SET pin_failures = LEAST(pin_failures + 1, $2) WHERE id = $1 RETURNING pin_failures',
    [id, PIN_TRIES],
  );
  return res.rows[0]?.pin_failures ?? PIN_TRIES;
}

/**
 * The active member of staff with this phone and PIN, or a refusal: wrong (401, the same answer
 * whether or not the phone is staff, after the same work) or locked (403 `pin_locked`, the 5th wrong
 * PIN in a row locks it; a right PIN clears the count). Every wrong PIN is in the audit trail.
 * Tries per client address are limited as logins are.
 */
export async function checkPin(
  ctx: Ctx,
  phone: string,
  pin: string,
  actor: AuditActor,
  wrong: () => Error = () => new Unauthenticated(say('staff.wrongPin')),
): Promise<PinHolder> {
  const ip = actor.ip ?? '';
  await ctx.limiter.hit(limits.loginIp(ip));
  const user = await findUserByPhone(ctx.db, phone);
  const staff = user && user.role === ROLE.admin && user.active && user.pinHash ? user : undefined;
  const whose = { client: clientKey(ip) };
  if (staff && staff.pinFailures >= PIN_TRIES) throw new PinLocked();
  const ok = await verifyPassword(pin, staff?.pinHash ?? (await dummyPasswordHash(whose)), whose);
  if (!staff || !ok) {
    if (staff) {
      const failures = await countWrongPin(ctx, staff.id);
      await recordAudit(ctx.db, actor, {
        action: failures >= PIN_TRIES ? 'pin_locked' : 'pin_failed',
        entity: 'staff',
        entityId: staff.id,
        changes: { failures, name: staff.name },
      });
      if (failures >= PIN_TRIES) throw new PinLocked();
    }
    throw wrong();
  }
  if (staff.pinFailures > 0) {
    await rawQuery(ctx.db, 'UPDATE users SET pin_failures = 0 WHERE id = $1', [staff.id]);
  }
  const { staffRole, permissions } = await staffAccess(ctx.db, staff.id);
  return { id: staff.id, name: staff.name, phone: staff.phone, staffRole, permissions, row: staff };
}

/**
 * A member of staff's act through the back office: who (their permissions decide whether it needs
 * approval), from where (the audit trail's actor) and the manager who approved it, if any.
 */
export type StaffAct = {
  user: Pick<SessionUser, 'id' | 'permissions'>;
  actor: AuditActor;
  approver: Approver | null;
};

/** Who approved a request at the till. */
export type Approver = { id: number; name: string; role: string | null };

/**
 * The manager behind a request's `approval` (checked before the request's own work, so a wrong PIN
 * counts even when the work is refused), or null when it carries none. A right PIN of someone
 * who may not approve (no `till.approve`) is refused like a wrong one, with why.
 */
export async function approverOf(
  ctx: Ctx,
  approval: Approval | undefined,
  actor: AuditActor,
  kind: ApprovalKind,
): Promise<Approver | null> {
  if (!approval) return null;
  const holder = await checkPin(
    ctx,
    approval.phone,
    approval.pin,
    actor,
    () => new ApprovalRequired(kind, say('staff.wrongPin')),
  );
  if (!holder.permissions.has('till.approve')) {
    throw new ApprovalRequired(kind, say('approval.notManager'));
  }
  return { id: holder.id, name: holder.name, role: holder.staffRole };
}

/**
 * The approval a request needs, when it needs one: none for a caller who may approve (a manager at
 * the till), else the approver the request brought, or 403 `approval_required` saying why.
 */
export function approvalFor(
  user: Pick<SessionUser, 'permissions'>,
  kind: ApprovalKind,
  approver: Approver | null,
  why: Message,
): Approver | null {
  if (can(user, 'till.approve')) return null;
  if (!approver) throw new ApprovalRequired(kind, why);
  return approver;
}
