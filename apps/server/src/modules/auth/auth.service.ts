import { recordAudit } from '../audit/audit.repository';
import { ROLE, type ShopLanguage } from '@bazar/contracts/common';
import type { AuthResponse, Profile } from '@bazar/contracts/auth';
import { OWNER_ROLE, type Permission } from '@bazar/contracts/permissions';
import { say } from '@bazar/contracts/messages';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  newToken,
  refCode,
  sha256,
  verifyPassword,
} from '../../lib/crypto';
import { Forbidden, Invalid, Unauthenticated } from '../../lib/errors';
import { clientKey, limits } from '../../lib/rate-limit';
import { getSettings } from '../settings/settings.repository';
import { smsTexts } from '../sms/sms-texts';
import * as repo from './auth.repository';
import { consumeCode, issueCode, issueNoCode } from './otp.service';

/** Tokens expire after this long without use. */
export const TOKEN_IDLE_MS = 30 * 24 * 3600_000;
/** An admin's session ends this long after it began, however busy (a till left signed in overnight). */
const ADMIN_SESSION_MS = 12 * 3600_000;
// Writing last_used_at on every request would turn each read into a write; a minute's precision is plenty.
const TOUCH_EVERY_MS = 60_000;

export type AuthResult = { token: string; user: AuthResponse['user'] };

/** A member of staff's role and permissions, for the login answer and the profile (nothing for a customer). */
async function staffFields(
  db: DbOrTx,
  u: repo.UserRow,
): Promise<{
  staff_role?: string;
  permissions?: Permission[];
  staff_id?: number;
  discount_limit?: number | null;
}> {
  if (u.role !== ROLE.admin) return {};
  const { staffRole, permissions, discountLimit } = await repo.staffAccess(db, u.id);
  return staffRole === null
    ? {}
    : {
        staff_role: staffRole,
        permissions: [...permissions],
        staff_id: u.id,
        discount_limit: staffRole === OWNER_ROLE ? null : discountLimit,
      };
}

const toProfile = async (db: DbOrTx, u: repo.UserRow): Promise<Profile> => ({
  id: u.id,
  name: u.name,
  phone: u.phone,
  role: u.role,
  status: u.status,
  ref_code: u.refCode,
  point: u.point,
  area: u.area,
  address: u.address,
  ...(await staffFields(db, u)),
});

export async function openSession(ctx: Ctx, user: repo.UserRow): Promise<AuthResult> {
  const token = newToken();
  await repo.insertToken(ctx.db, user.id, sha256(token), ctx.clock.now());
  return {
    token,
    user: { name: user.name, phone: user.phone, role: user.role, ...(await staffFields(ctx.db, user)) },
  };
}

/** The user behind a bearer token, or null; an idle-expired token is deleted. */
export async function authenticate(
  ctx: Ctx,
  authorization: string | undefined,
): Promise<repo.SessionUser | null> {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const session = await repo.findSession(ctx.db, sha256(match[1]));
  if (!session) return null;
  const now = ctx.clock.now().getTime();
  const idle = now - session.lastUsedAt.getTime();
  const adminExpired = session.role === ROLE.admin && now - session.createdAt.getTime() > ADMIN_SESSION_MS;
  if (idle > TOKEN_IDLE_MS || adminExpired) {
    await repo.deleteToken(ctx.db, session.tokenId);
    return null;
  }
  if (idle > TOUCH_EVERY_MS) await repo.touchToken(ctx.db, session.tokenId, new Date(now));
  const { lastUsedAt: _lastUsedAt, createdAt: _createdAt, ...user } = session;
  return user;
}

export async function uniqueRefCode(ctx: Ctx): Promise<string> {
  for (;;) {
    const code = refCode();
    if (!(await repo.findUserByRefCode(ctx.db, code))) return code;
  }
}

/**
 * Creates an unverified customer (in the storefront's language, `lang`; English when left out) and
 * queues the verification SMS in that language, in one transaction; returns a session token. A
 * referral is remembered; its points go to the referrer once this phone is verified (fake sign-ups
 * earn nothing).
 */
export async function register(
  ctx: Ctx,
  input: {
    name: string;
    phone: string;
    password: string;
    ref?: string | null | undefined;
    lang?: ShopLanguage | undefined;
  },
  ip: string,
): Promise<AuthResult> {
  await ctx.limiter.hit(limits.registerIp(ip));
  if (await repo.findUserByPhone(ctx.db, input.phone)) {
    throw new Invalid('phone', say('auth.phoneTaken'));
  }
  const passwordHash = await hashPassword(input.password, { client: clientKey(ip) });
  const code = await uniqueRefCode(ctx);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      // An unknown referral code does not stop a registration: the link may be old or mistyped.
      const referrer = input.ref ? await repo.findUserByRefCode(tx, input.ref.toUpperCase()) : undefined;
      const created = await repo.insertUser(tx, {
        name: input.name,
        phone: input.phone,
        passwordHash,
        role: ROLE.customer,
        status: 0,
        refCode: code,
        referredBy: referrer?.id ?? null,
        // The storefront's language at registration: the code below is already written in it.
        lang: input.lang ?? 'en',
      });
      await issueCode(ctx, tx, created, 'verify');
      return created;
    });
    return await openSession(ctx, user);
  } catch (err) {
    // Two registrations of one phone at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new Invalid('phone', say('auth.phoneTaken'));
    throw err;
  }
}

export async function login(
  ctx: Ctx,
  input: { phone: string; password: string },
  ip: string,
  signal?: AbortSignal,
): Promise<AuthResult> {
  await ctx.limiter.hit(limits.loginIp(ip));
  // Wrong passwords slow down this phone from this client only: the owner at the till is not locked out.
  const pair = limits.loginPair(input.phone, ip);
  await ctx.limiter.slowDown(pair.key, pair.free, pair.maxWaitMs);
  const user = await repo.findUserByPhone(ctx.db, input.phone);
  // Same work whether or not the phone exists, so timing does not tell.
  const whose = { client: clientKey(ip), signal };
  const ok = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await dummyPasswordHash(whose)),
    whose,
  );
  if (!user || !ok) {
    if (user?.role === ROLE.admin) await auditSignIn(ctx, user, ip, false);
    throw new Unauthenticated(say('auth.wrongLogin'));
  }
  await ctx.limiter.reset(pair.key);
  // A deactivated member of staff: the right password, told why (after it, so no one learns it sooner).
  if (!user.active) {
    await auditSignIn(ctx, user, ip, false);
    throw new Forbidden('forbidden', say('staff.inactive'));
  }
  if (user.role === ROLE.admin) await auditSignIn(ctx, user, ip, true);
  // A hash made with older (cheaper) parameters is replaced now that the password is at hand.
  if (needsRehash(user.passwordHash)) {
    await repo.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.password, whose) });
  }
  return openSession(ctx, user);
}

/** A member of staff's sign-in, or a refused one, in the audit trail. */
async function auditSignIn(ctx: Ctx, user: repo.UserRow, ip: string, ok: boolean): Promise<void> {
  const { staffRole } = await repo.staffAccess(ctx.db, user.id);
  await recordAudit(
    ctx.db,
    { staffId: user.id, role: staffRole, ip },
    { action: ok ? 'sign_in' : 'sign_in_failed', entity: 'staff', entityId: user.id },
  );
}

export async function logout(ctx: Ctx, tokenId: number): Promise<void> {
  await repo.deleteToken(ctx.db, tokenId);
}

export async function profile(ctx: Ctx, userId: number): Promise<Profile> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new Unauthenticated();
  return toProfile(ctx.db, user);
}

/**
 * The password in use now, typed again before a new one is set: a session left open or stolen
 * cannot take the account over. Wrong tries slow down as wrong logins do, on the same key (this
 * phone from this client), so the session cannot guess faster than the login form could.
 */
async function checkCurrentPassword(
  ctx: Ctx,
  session: repo.SessionUser,
  given: string,
  ip: string,
): Promise<void> {
  const pair = limits.loginPair(session.phone, ip);
  await ctx.limiter.slowDown(pair.key, pair.free, pair.maxWaitMs);
  const user = await repo.findUserById(ctx.db, session.id);
  if (!user) throw new Unauthenticated();
  if (!(await verifyPassword(given, user.passwordHash, { client: clientKey(ip) })))
    throw new Invalid('current_password', say('auth.currentPasswordWrong'));
  await ctx.limiter.reset(pair.key);
}

/**
 * Renames the user; a new password (with the current one: checkCurrentPassword) also signs out
 * every other session and texts the account's phone that it was changed.
 */
export async function updateProfile(
  ctx: Ctx,
  session: repo.SessionUser,
  input: {
    name: string;
    password?: string | null | undefined;
    current_password?: string | null | undefined;
    pin?: string | undefined;
  },
  ip: string,
): Promise<Profile> {
  // A PIN is the till's, so staff only; like a new password it needs the current password.
  if (input.pin && session.role !== ROLE.admin) throw new Invalid('pin', say('staff.notStaff'));
  if (input.password || input.pin) {
    await checkCurrentPassword(ctx, session, input.current_password ?? '', ip);
  }
  const passwordHash = input.password
    ? await hashPassword(input.password, { client: clientKey(ip) })
    : undefined;
  const pinHash = input.pin ? await hashPassword(input.pin, { client: clientKey(ip) }) : undefined;
  const user = await ctx.db.transaction(async (tx) => {
    const updated = await repo.updateUser(tx, session.id, {
      name: input.name,
      ...(passwordHash && { passwordHash }),
      ...(pinHash && { pinHash, pinFailures: 0 }),
    });
    if (pinHash) {
      await recordAudit(
        tx,
        { staffId: session.id, role: session.staffRole, ip },
        { action: 'staff_changed', entity: 'staff', entityId: session.id, changes: { pin: 'changed' } },
      );
    }
    if (passwordHash) {
      await repo.deleteUserTokens(tx, session.id, session.tokenId);
      await ctx.sms.enqueue(tx, [
        {
          to: updated.phone,
          kind: 'notice',
          message: smsTexts(updated.lang).passwordChanged(),
        },
      ]);
    }
    return updated;
  });
  return toProfile(ctx.db, user);
}

/**
 * The phone is proven (a code it received was typed back): the account is verified, and the first
 * time that happens its referrer (if verified) gets the registration points.
 */
async function markVerified(tx: DbOrTx, userId: number): Promise<void> {
  const changed = await repo.markVerified(tx, userId);
  if (!changed?.referredBy) return;
  const { regPoint } = await getSettings(tx);
  if (regPoint > 0) await repo.addPointsIfVerified(tx, changed.referredBy, regPoint);
}

export async function sendVerifyCode(ctx: Ctx, session: repo.SessionUser, ip: string): Promise<string> {
  if (session.status === 1) return 'Your phone is already verified.';
  await ctx.limiter.hit(limits.codeSendIp(ip), limits.codeSendPhone(session.phone));
  await ctx.db.transaction((tx) => issueCode(ctx, tx, session, 'verify'));
  return 'A new code is on its way.';
}

export async function verifyPhone(
  ctx: Ctx,
  session: repo.SessionUser,
  code: string,
  ip: string,
): Promise<string> {
  if (session.status === 1) return 'Your phone is already verified.';
  await ctx.limiter.hit(limits.codeCheckIp(ip), limits.codeCheckPhone(session.phone));
  // Not in a transaction: a wrong try must stay counted even though the request fails.
  await consumeCode(ctx, ctx.db, session.id, 'verify', code);
  await ctx.db.transaction((tx) => markVerified(tx, session.id));
  return 'Your phone is verified.';
}

/**
 * Sends a reset code to the phone's account. The answer is the same with or without an account
 * (the same message, the same refusals: `issueNoCode`), so it cannot be used to find out who shops
 * here; a phone without one gets no SMS. The abuse limits count every request either way.
 */
export async function forgotPassword(ctx: Ctx, phone: string, ip: string): Promise<string> {
  await ctx.limiter.hit(limits.codeSendIp(ip), limits.codeSendPhone(phone));
  const user = await repo.findUserByPhone(ctx.db, phone);
  if (user) await ctx.db.transaction((tx) => issueCode(ctx, tx, user, 'reset'));
  else await issueNoCode(ctx, phone, 'reset');
  return 'Code is send, Please wait...';
}

/**
 * Sets a new password with a reset code sent to that phone; signs the user out everywhere.
 * The code proves the phone, so an unverified account becomes verified.
 */
export async function resetPassword(
  ctx: Ctx,
  input: { phone: string; code: string; password: string },
  ip: string,
): Promise<string> {
  await ctx.limiter.hit(limits.codeCheckIp(ip), limits.codeCheckPhone(input.phone));
  const user = await repo.findUserByPhone(ctx.db, input.phone);
  if (!user) throw new Invalid('code', say('auth.wrongCode'));
  await consumeCode(ctx, ctx.db, user.id, 'reset', input.code);
  const passwordHash = await hashPassword(input.password, { client: clientKey(ip) });
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash });
    await markVerified(tx, user.id);
    await repo.deleteUserTokens(tx, user.id);
  });
  return 'Your password is changed. Please log in.';
}

/** Creates the admin (the shop's owner), or makes the existing account the owner with this password. */
export async function ensureAdmin(
  ctx: Ctx,
  phone: string,
  password: string,
  retried = false,
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await repo.findUserByPhone(ctx.db, phone);
  // Run at every start: an admin already as asked keeps its sessions.
  if (
    existing?.role === ROLE.admin &&
    existing.status === 1 &&
    existing.active &&
    (await repo.staffAccess(ctx.db, existing.id)).staffRole === OWNER_ROLE &&
    (await verifyPassword(password, existing.passwordHash))
  ) {
    return 'unchanged';
  }
  const passwordHash = await hashPassword(password);
  if (existing) {
    await ctx.db.transaction(async (tx) => {
      await repo.updateUser(tx, existing.id, { passwordHash, role: ROLE.admin, status: 1, active: true });
      await repo.makeOwner(tx, existing.id);
      await repo.deleteUserTokens(tx, existing.id);
    });
    return 'updated';
  }
  try {
    await repo.insertUser(ctx.db, {
      name: 'Admin',
      phone,
      passwordHash,
      role: ROLE.admin,
      status: 1,
      refCode: await uniqueRefCode(ctx),
    });
  } catch (err) {
    // Another app server starting at the same moment made it first: it is there now.
    if (isUniqueViolation(err) && !retried) return ensureAdmin(ctx, phone, password, true);
    throw err;
  }
  return 'created';
}
