import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, otpCodes, users } from '../../db/schema';

export type SessionUser = {
  id: number;
  name: string;
  phone: string;
  role: number;
  status: number;
  tokenId: number;
};

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
  values: Partial<Pick<UserRow, 'name' | 'passwordHash' | 'status' | 'role'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

export async function addPoints(db: DbOrTx, userId: number, points: number): Promise<void> {
  await db
    .update(users)
    .set({ point: sql`${users.point} + ${points}` })
    .where(eq(users.id, userId));
}

export async function insertToken(db: DbOrTx, userId: number, tokenHash: string, now: Date): Promise<void> {
  await db.insert(authTokens).values({ userId, tokenHash, createdAt: now, lastUsedAt: now });
}

export async function findSession(
  db: DbOrTx,
  tokenHash: string,
): Promise<(Omit<SessionUser, 'tokenId'> & { tokenId: number; lastUsedAt: Date }) | undefined> {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      id: users.id,
      name: users.name,
      phone: users.phone,
      role: users.role,
      status: users.status,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, tokenHash));
  return row;
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

/** Counts one wrong try and returns the new count. */
export async function addOtpAttempt(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

export async function deleteOtp(db: DbOrTx, id: number): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}
