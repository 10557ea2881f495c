import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { ROLE } from '@bazar/contracts/common';
import type { Role, StaffMember } from '@bazar/contracts/staff';
import type { DbOrTx } from '../../db/client';
import { staffRoles, users } from '../../db/schema';
import { permissionsOf } from '../auth/auth.repository';

/** Wrong PINs in a row that lock a member of staff's PIN until a manager or the owner unlocks it. */
const PIN_TRIES = 5;

/** Serialises changes to who is an active owner, so two at once cannot leave the shop with none. */
const OWNERS_LOCK = 1517;

type RoleRow = typeof staffRoles.$inferSelect;

const isStaff = eq(users.role, ROLE.admin);

const memberColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  role: staffRoles.key,
  role_name: staffRoles.name,
  active: users.active,
  locked: sql<boolean>`${users.pinFailures} >= ${PIN_TRIES}`,
  has_pin: sql<boolean>`${users.pinHash} IS NOT NULL`,
};

/** One page of the staff, active first, then by name. */
export async function pageStaff(
  db: DbOrTx,
  window: { limit: number; offset: number },
): Promise<{ rows: StaffMember[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(memberColumns)
      .from(users)
      .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
      .where(isStaff)
      .orderBy(desc(users.active), asc(users.name), asc(users.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(users).where(isStaff),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findMember(db: DbOrTx, id: number): Promise<StaffMember | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(and(isStaff, eq(users.id, id)));
  return row;
}

export async function updateMember(
  db: DbOrTx,
  id: number,
  values: Partial<{
    name: string;
    phone: string;
    staffRoleId: number;
    active: boolean;
    passwordHash: string;
    pinHash: string;
    pinFailures: number;
  }>,
): Promise<void> {
  if (Object.keys(values).length === 0) return; // nothing to change: nothing written
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(isStaff, eq(users.id, id)));
}

/** Waits for any other change to the owners (in this transaction's lifetime). */
export async function lockOwners(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${OWNERS_LOCK})`);
}

/** Active owners other than `exceptId`. */
export async function otherActiveOwners(tx: DbOrTx, exceptId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(and(isStaff, eq(staffRoles.key, 'owner'), eq(users.active, true), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

// ---- roles ------------------------------------------------------------------------------------

/** A role as the API answers it, with how many active staff have it. */
function toRole(row: RoleRow & { staff: number }): Role {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    permissions: [...permissionsOf(row.key, row.permissions)],
    discount_limit: row.discountLimit,
    built_in: row.builtIn,
    staff: row.staff,
  };
}

// The role's id written out in full: drizzle leaves a lone table's columns unqualified, and inside
// the subquery "id" would be the user's.
const staffCount = sql<number>`(SELECT count(*) FROM users u WHERE u.staff_role_id = "staff_roles"."id" AND u.active)::int`;

/** Every role: the built-in ones first, then by name. */
export async function listRoles(db: DbOrTx): Promise<Role[]> {
  const rows = await db
    .select({ role: staffRoles, staff: staffCount })
    .from(staffRoles)
    .orderBy(desc(staffRoles.builtIn), asc(staffRoles.id));
  return rows.map((r) => toRole({ ...r.role, staff: r.staff }));
}

export async function findRole(
  db: DbOrTx,
  where: { id: number } | { key: string },
): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: staffRoles, staff: staffCount })
    .from(staffRoles)
    .where('id' in where ? eq(staffRoles.id, where.id) : eq(staffRoles.key, where.key));
  return row && toRole({ ...row.role, staff: row.staff });
}

export async function insertRole(
  db: DbOrTx,
  values: { key: string; name: string; permissions: string[]; discountLimit: number | null },
): Promise<number> {
  const [row] = await db.insert(staffRoles).values(values).returning({ id: staffRoles.id });
  if (!row) throw new Error('insert staff_roles returned nothing');
  return row.id;
}

export async function updateRole(
  db: DbOrTx,
  id: number,
  values: Partial<{ name: string; permissions: string[]; discountLimit: number | null }>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(staffRoles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staffRoles.id, id));
}
