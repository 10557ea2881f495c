import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { ShopLanguage } from '@bazar/contracts/common';
import { isPermission, OWNER_ROLE, PERMISSIONS, type Permission } from '@bazar/contracts/permissions';
import { rawQuery, type DbOrTx } from '../../db/client';
import { authTokens, otpCodes, users } from '../../db/schema';

export type SessionUser = {
  id: number;
  name: string;
  phone: string;
  role: number;
  status: number;
  /** The language the user reads (users.lang): their SMS are written in it. */
  lang: ShopLanguage;
  tokenId: number;
  /** Staff only: their role's key (null for a customer). */
  staffRole: string | null;
  /** What they may do: their role's permissions (every one for the owner; none for a customer). */
  permissions: ReadonlySet<Permission>;
  /** Staff only: the largest discount (percent of the bill) they may give at the till alone; null: any. */
  discountLimit: number | null;
};

/** A role's stored permissions as this version reads them: the owner's are all of them. */
export function permissionsOf(roleKey: string | null, stored: readonly string[] | null): Set<Permission> {
  if (roleKey === null) return new Set();
  if (roleKey === OWNER_ROLE) return new Set(PERMISSIONS);
  return new Set((stored ?? []).filter(isPermission));
}

export type UserRow = typeof users.$inferSelect;

export type OtpPurpose = 'verify' | 'reset';

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByRefCode(db: DbOrTx, refCode: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.refCode, refCode));
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned nothing');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<UserRow, 'name' | 'passwordHash' | 'pinHash' | 'pinFailures' | 'status' | 'role' | 'active'>
  >,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

/**
 * Marks the phone verified if it was not yet; returns the referrer's id when this call made the
 * change (once per account), so the referral points are credited exactly once.
 */
export async function markVerified(
  db: DbOrTx,
  id: number,
): Promise<{ referredBy: number | null } | undefined> {
  const [row] = await db
    .update(users)
    .set({ status: 1, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.status, 0)))
    .returning({ referredBy: users.referredBy });
  return row;
}

/** Adds points to a verified account (an unverified referrer gets nothing). */
export async function addPointsIfVerified(db: DbOrTx, userId: number, points: number): Promise<void> {
  await db
    .update(users)
    .set({ point: sql`${users.point} + ${points}` })
    .where(and(eq(users.id, userId), eq(users.status, 1)));
}

export async function insertToken(db: DbOrTx, userId: number, tokenHash: string, now: Date): Promise<void> {
  await db.insert(authTokens).values({ userId, tokenHash, createdAt: now, lastUsedAt: now });
}

// An inactive account has no session (deactivating one deletes its tokens; this holds the line too).
const SESSION_SQL = `SELECT t.id AS "tokenId", t.last_used_at AS "lastUsedAt", t.created_at AS "createdAt",
  u.id, u.name, u.phone, u.role, u.status, u.lang, r.key AS "staffRole", r.permissions,
  r.discount_limit AS "discountLimit"
  FROM auth_tokens t JOIN users u ON u.id = t.user_id LEFT JOIN staff_roles r ON r.id = u.staff_role_id
  WHERE t.token_hash = $1 AND u.active`;

type SessionRow = Omit<SessionUser, 'permissions'> & {
  permissions: string[] | null;
  lastUsedAt: Date;
  createdAt: Date;
};

/** The session of a token's hash (every signed-in request asks: a raw, prepared statement). */
export async function findSession(
  db: DbOrTx,
  tokenHash: string,
): Promise<(SessionUser & { lastUsedAt: Date; createdAt: Date }) | undefined> {
  const res = await rawQuery<SessionRow>(db, SESSION_SQL, [tokenHash]);
  const row = res.rows[0];
  return row && { ...row, permissions: permissionsOf(row.staffRole, row.permissions) };
}

/** Gives an admin account the owner's role. */
export async function makeOwner(db: DbOrTx, userId: number): Promise<void> {
  await rawQuery(
    db,
    `UPDATE users SET staff_role_id = (SELECT id FROM staff_roles WHERE key = 'owner') WHERE id = $1`,
    [userId],
  );
}

/** A user's staff role and permissions (null role: not staff). */
export async function staffAccess(
  db: DbOrTx,
  userId: number,
): Promise<{ staffRole: string | null; permissions: Set<Permission>; discountLimit: number | null }> {
  const res = await rawQuery<{
    key: string | null;
    permissions: string[] | null;
    discount_limit: number | null;
  }>(
    db,
    'SELECT r.key, r.permissions, r.discount_limit FROM users u LEFT JOIN staff_roles r ON r.id = u.staff_role_id WHERE u.id = $1',
    [userId],
  );
  const row = res.rows[0];
  const staffRole = row?.key ?? null;
  return {
    staffRole,
    permissions: permissionsOf(staffRole, row?.permissions ?? null),
    discountLimit: row?.discount_limit ?? null,
  };
}

export async function touchToken(db: DbOrTx, tokenId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, tokenId));
}

export async function deleteToken(db: DbOrTx, tokenId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.id, tokenId));
}

/** Signs the user out everywhere, or everywhere but the token given. */
export async function deleteUserTokens(db: DbOrTx, userId: number, exceptTokenId?: number): Promise<void> {
  await db
    .delete(authTokens)
    .where(
      exceptTokenId === undefined
        ? eq(authTokens.userId, userId)
        : and(eq(authTokens.userId, userId), ne(authTokens.id, exceptTokenId)),
    );
}

export async function deleteIdleTokens(db: DbOrTx, idleSince: Date): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.lastUsedAt, idleSince));
}

export async function findOtp(db: DbOrTx, userId: number, purpose: OtpPurpose) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)));
  return row;
}

/** Stores a fresh code, replacing the previous one of that purpose. */
export async function upsertOtp(
  db: DbOrTx,
  values: { userId: number; purpose: OtpPurpose; codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insert(otpCodes)
    .values({ ...values, attempts: 0 })
    .onConflictDoUpdate({
      target: [otpCodes.userId, otpCodes.purpose],
      set: { codeHash: values.codeHash, sentAt: values.sentAt, expiresAt: values.expiresAt, attempts: 0 },
    });
}

/**
 * Spends one try of the live code before it is compared, in one statement: of any number of
 * parallel guesses only `maxTries` ever get a row back to compare against. Undefined when there is
 * no code, it has expired, or its tries are spent.
 */
export async function takeOtpTry(
  db: DbOrTx,
  userId: number,
  purpose: OtpPurpose,
  now: Date,
  maxTries: number,
): Promise<{ id: number; codeHash: string; attempts: number } | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.purpose, purpose),
        gt(otpCodes.expiresAt, now),
        lt(otpCodes.attempts, maxTries),
      ),
    )
    .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash, attempts: otpCodes.attempts });
  return row;
}

/** Deletes the code; true when this call deleted it (a code is used once, also by parallel requests). */
export async function deleteOtp(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(otpCodes).where(eq(otpCodes.id, id)).returning({ id: otpCodes.id })).length > 0;
}
