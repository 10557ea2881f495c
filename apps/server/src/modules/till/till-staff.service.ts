import type { z } from 'zod';
import type { drawerOpenBody } from '@bazar/contracts/approvals';
import { ROLE } from '@bazar/contracts/common';
import { say } from '@bazar/contracts/messages';
import type { tillOrderBody } from '@bazar/contracts/orders';
import type { Ctx } from '../../lib/context';
import { Forbidden, Invalid } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/audit.repository';
import { findUserById, staffAccess, type SessionUser } from '../auth/auth.repository';
import { openSession, type AuthResult } from '../auth/auth.service';
import { insertApproval } from '../staff/approvals.repository';
import { approvalFor, approverOf, checkPin, type Approver } from '../staff/pin.service';
import type { TillSeller } from './till.service';

export type TillSaleBody = z.output<typeof tillOrderBody>;

/**
 * "Switch cashier" on a shared till: the person whose phone and PIN these are gets a session of
 * their own (the answer of a sign-in), so the sales, payments and shift that follow are theirs.
 * They must be active staff who may sell.
 */
export async function switchCashier(
  ctx: Ctx,
  body: { phone: string; pin: string },
  actor: AuditActor,
): Promise<AuthResult> {
  const holder = await checkPin(ctx, body.phone, body.pin, actor);
  if (!holder.permissions.has('till.sell')) throw new Forbidden('forbidden', say('staff.cannotSell'));
  await recordAudit(
    ctx.db,
    { ...actor, staffId: holder.id, role: holder.staffRole },
    { action: 'till_switch', entity: 'staff', entityId: holder.id, changes: { from: actor.staffId } },
  );
  return openSession(ctx, holder.row);
}

/** The active member of staff a sale made offline names, who may sell; 422 otherwise. */
export async function tillSellerOf(ctx: Ctx, staffId: number): Promise<TillSeller> {
  const row = await findUserById(ctx.db, staffId);
  const access = row && row.role === ROLE.admin && row.active ? await staffAccess(ctx.db, row.id) : null;
  if (!row || !access?.permissions.has('till.sell')) {
    throw new Invalid('staff_id', say('staff.cannotSell'));
  }
  return {
    id: row.id,
    name: row.name,
    staffRole: access.staffRole,
    permissions: access.permissions,
    discountLimit: access.discountLimit,
  };
}

/** The manager a sale made offline names as its approver (the till checked their PIN); 422 when they may not approve. */
export async function offlineApprover(ctx: Ctx, staffId: number): Promise<Approver> {
  const row = await findUserById(ctx.db, staffId);
  const access = row && row.role === ROLE.admin && row.active ? await staffAccess(ctx.db, row.id) : null;
  if (!row || !access?.permissions.has('till.approve')) {
    throw new Invalid('approved_by', say('approval.notManager'));
  }
  return { id: row.id, name: row.name, role: access.staffRole };
}

/** Who a manager is, for the till's copy (`POST /api/till/approver`). */
export async function approverDetails(ctx: Ctx, id: number) {
  const row = await findUserById(ctx.db, id);
  const access = await staffAccess(ctx.db, id);
  if (!row) throw new Invalid('phone', say('staff.notStaff'));
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    staff_role: access.staffRole ?? '',
    permissions: [...access.permissions],
    discount_limit: access.discountLimit,
  };
}

/**
 * The drawer opened with no sale: a manager's approval unless the caller may approve, stored with
 * both people, and the opening in the audit trail.
 */
export async function openDrawer(
  ctx: Ctx,
  user: SessionUser,
  body: z.output<typeof drawerOpenBody>,
  actor: AuditActor,
) {
  const approver = approvalFor(
    user,
    'drawer',
    await approverOf(ctx, body.approval, actor, 'drawer'),
    say('approval.drawer'),
  );
  const at = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const approvalId = await insertApproval(tx, {
      kind: 'drawer',
      staffId: user.id,
      approverId: approver?.id ?? user.id,
      orderId: null,
      detail: { reason: body.reason },
    });
    await recordAudit(tx, actor, {
      action: 'drawer_opened',
      entity: 'drawer',
      entityId: approvalId,
      changes: { reason: body.reason, approver_id: approver?.id ?? null, approver: approver?.name ?? null },
    });
    return approvalId;
  });
  return { id, at: at.toISOString(), by: user.name, approved_by: approver?.name ?? null };
}
