import { changed, recordAudit, type AuditActor } from '../audit/audit.repository';
import { ROLE } from '@bazar/contracts/common';
import { say } from '@bazar/contracts/messages';
import { OWNER_ROLE, type Permission } from '@bazar/contracts/permissions';
import type { Role, StaffMember } from '@bazar/contracts/staff';
import { isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { hashPassword } from '../../lib/crypto';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { deleteUserTokens, findUserByPhone, insertUser, type SessionUser } from '../auth/auth.repository';
import { uniqueRefCode } from '../auth/auth.service';
import * as repo from './staff.repository';

const PHONE_TAKEN = say('auth.phoneTaken');

async function roleOrRefuse(ctx: Ctx, key: string): Promise<Role> {
  const role = await repo.findRole(ctx.db, { key });
  if (!role) throw new Invalid('role', say('staff.roleUnknown', { role: key }));
  return role;
}

async function memberOrRefuse(ctx: Ctx, id: number): Promise<StaffMember> {
  const member = await repo.findMember(ctx.db, id);
  if (!member) throw new NotFound(say('staff.notStaff'));
  return member;
}

/** A new member of staff: an admin account (verified: the owner vouches for the phone) with a role and a till PIN. */
export async function addStaff(
  ctx: Ctx,
  actor: AuditActor,
  input: { name: string; phone: string; password: string; pin: string; role: string },
): Promise<StaffMember> {
  const role = await roleOrRefuse(ctx, input.role);
  if (await findUserByPhone(ctx.db, input.phone)) throw new Invalid('phone', PHONE_TAKEN);
  const [passwordHash, pinHash] = await Promise.all([hashPassword(input.password), hashPassword(input.pin)]);
  try {
    const refCode = await uniqueRefCode(ctx);
    const user = await ctx.db.transaction(async (tx) => {
      const made = await insertUser(tx, {
        name: input.name,
        phone: input.phone,
        passwordHash,
        pinHash,
        role: ROLE.admin,
        staffRoleId: role.id,
        status: 1,
        refCode,
      });
      await recordAudit(tx, actor, {
        action: 'staff_added',
        entity: 'staff',
        entityId: made.id,
        changes: { name: [null, input.name], phone: [null, input.phone], role: [null, role.key] },
      });
      return made;
    });
    return await memberOrRefuse(ctx, user.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new Invalid('phone', PHONE_TAKEN);
    throw err;
  }
}

/**
 * Edits a member of staff: name, phone, role, active or not, a new password or PIN, unlocking the
 * PIN. Deactivating someone, or giving them a new password, ends their sessions at once (the
 * caller's own session survives a change of their own password). At least one active owner always
 * remains.
 */
export async function editStaff(
  ctx: Ctx,
  actor: SessionUser,
  audit: AuditActor,
  id: number,
  input: {
    name?: string | undefined;
    phone?: string | undefined;
    role?: string | undefined;
    active?: boolean | undefined;
    password?: string | undefined;
    pin?: string | undefined;
    unlock?: true | undefined;
  },
): Promise<StaffMember> {
  const before = await memberOrRefuse(ctx, id);
  const role = input.role === undefined ? undefined : await roleOrRefuse(ctx, input.role);
  const [passwordHash, pinHash] = await Promise.all([
    input.password === undefined ? undefined : hashPassword(input.password),
    input.pin === undefined ? undefined : hashPassword(input.pin),
  ]);
  if (input.phone !== undefined && input.phone !== before.phone) {
    const holder = await findUserByPhone(ctx.db, input.phone);
    if (holder && holder.id !== id) throw new Invalid('phone', PHONE_TAKEN);
  }
  const stopsOwning =
    before.role === OWNER_ROLE &&
    before.active &&
    ((role !== undefined && role.key !== OWNER_ROLE) || input.active === false);
  try {
    await ctx.db.transaction(async (tx) => {
      if (stopsOwning) {
        await repo.lockOwners(tx);
        if ((await repo.otherActiveOwners(tx, id)) === 0) throw new Conflict(say('staff.lastOwner'));
      }
      await repo.updateMember(tx, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(role && { staffRoleId: role.id }),
        ...(input.active !== undefined && { active: input.active }),
        ...(passwordHash && { passwordHash }),
        ...(pinHash && { pinHash, pinFailures: 0 }),
        ...(input.unlock && { pinFailures: 0 }),
      });
      const changes = {
        ...(input.name !== undefined && input.name !== before.name && { name: [before.name, input.name] }),
        ...(input.phone !== undefined &&
          input.phone !== before.phone && { phone: [before.phone, input.phone] }),
        ...(role && role.key !== before.role && { role: [before.role, role.key] }),
        ...(input.active !== undefined &&
          input.active !== before.active && { active: [before.active, input.active] }),
        // Secrets are never written down: only that they changed.
        ...(passwordHash && { password: 'changed' }),
        ...(pinHash && { pin: 'changed' }),
        ...(input.unlock && { pin_locked: [before.locked, false] }),
      };
      if (Object.keys(changes).length) {
        await recordAudit(tx, audit, { action: 'staff_changed', entity: 'staff', entityId: id, changes });
      }
      if (input.active === false) await deleteUserTokens(tx, id);
      else if (passwordHash) await deleteUserTokens(tx, id, actor.id === id ? actor.tokenId : undefined);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Invalid('phone', PHONE_TAKEN);
    throw err;
  }
  return memberOrRefuse(ctx, id);
}

export const listRoles = (ctx: Ctx) => repo.listRoles(ctx.db);

export const pageStaff = (ctx: Ctx, window: { limit: number; offset: number }) =>
  repo.pageStaff(ctx.db, window);

/** A key from a role's name: its Latin letters and digits, or `role_<n>` for a name written otherwise. */
async function keyFor(ctx: Ctx, name: string): Promise<string> {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 24) || 'role';
  const key = base.length < 2 ? `${base}_role` : base;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? key : `${key}_${n}`;
    if (!(await repo.findRole(ctx.db, { key: candidate }))) return candidate;
  }
}

/** A new role (a copy of another is a new role with its permissions). */
export async function addRole(
  ctx: Ctx,
  actor: AuditActor,
  input: { key?: string | undefined; name: string; permissions: Permission[]; discount_limit: number | null },
): Promise<Role> {
  const key = input.key ?? (await keyFor(ctx, input.name));
  try {
    const permissions = [...new Set(input.permissions)];
    const id = await ctx.db.transaction(async (tx) => {
      const made = await repo.insertRole(tx, {
        key,
        name: input.name,
        permissions,
        discountLimit: input.discount_limit,
      });
      await recordAudit(tx, actor, {
        action: 'role_added',
        entity: 'role',
        entityId: key,
        changes: {
          name: [null, input.name],
          permissions: [null, permissions],
          discount_limit: [null, input.discount_limit],
        },
      });
      return made;
    });
    const role = await repo.findRole(ctx.db, { id });
    if (!role) throw new Error('role vanished after insert');
    return role;
  } catch (err) {
    if (isUniqueViolation(err)) throw new Invalid('key', say('staff.roleTaken', { role: key }));
    throw err;
  }
}

/** Changes a role: its name, permissions or discount limit; the owner's role never changes. */
export async function editRole(
  ctx: Ctx,
  actor: AuditActor,
  id: number,
  input: {
    name?: string | undefined;
    permissions?: Permission[] | undefined;
    discount_limit?: number | null | undefined;
  },
): Promise<Role> {
  const role = await repo.findRole(ctx.db, { id });
  if (!role) throw new NotFound();
  if (role.key === OWNER_ROLE) throw new Conflict(say('staff.ownerFixed'));
  const next = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.permissions !== undefined && { permissions: [...new Set(input.permissions)] }),
    ...(input.discount_limit !== undefined && { discount_limit: input.discount_limit }),
  };
  await ctx.db.transaction(async (tx) => {
    await repo.updateRole(tx, id, {
      ...(next.name !== undefined && { name: next.name }),
      ...(next.permissions !== undefined && { permissions: next.permissions }),
      ...(next.discount_limit !== undefined && { discountLimit: next.discount_limit }),
    });
    const changes = changed(role, next);
    if (Object.keys(changes).length) {
      await recordAudit(tx, actor, { action: 'role_changed', entity: 'role', entityId: role.key, changes });
    }
  });
  const after = await repo.findRole(ctx.db, { id });
  if (!after) throw new NotFound();
  return after;
}
