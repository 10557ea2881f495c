import { timingSafeEqual } from 'node:crypto';
import type { ShopLanguage } from '@bazar/contracts/common';
import { say } from '@bazar/contracts/messages';
import type { DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { sha256, sixDigitCode } from '../../lib/crypto';
import { Invalid, TooManyRequests } from '../../lib/errors';
import { limits } from '../../lib/rate-limit';
import { smsTexts } from '../sms/sms-texts';
import * as repo from './auth.repository';

const OTP = { ttlMs: 10 * 60_000, maxTries: 5, resendMs: 60_000 } as const;

const hashCode = (userId: number, purpose: repo.OtpPurpose, code: string) =>
  sha256(`${userId}:${purpose}:${code}`);

/** The code's SMS in the customer's language (the code itself in Latin digits: it is typed back). */
function codeText(lang: ShopLanguage, purpose: repo.OtpPurpose, code: string): string {
  const texts = smsTexts(lang);
  return purpose === 'verify' ? texts.verifyCode(code) : texts.resetCode(code);
}

/**
 * Issues a new one-time code and queues its SMS (in the user's language) in the same transaction;
 * at most one a minute. The SMS is a `code`: the per-phone daily cap and the shop's SMS budget may
 * refuse it (429), which rolls the new code back too. Its text is redacted in the outbox once
 * sent, and it is not sent at all once it has expired.
 */
export async function issueCode(
  ctx: Ctx,
  tx: DbOrTx,
  user: { id: number; phone: string; lang: ShopLanguage },
  purpose: repo.OtpPurpose,
): Promise<void> {
  const now = ctx.clock.now();
  const current = await repo.findOtp(tx, user.id, purpose);
  if (current) {
    const wait = current.sentAt.getTime() + OTP.resendMs - now.getTime();
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new TooManyRequests(say('auth.codeWait', { seconds }), seconds);
    }
  }
  const code = sixDigitCode();
  const expiresAt = new Date(now.getTime() + OTP.ttlMs);
  await repo.upsertOtp(tx, {
    userId: user.id,
    purpose,
    codeHash: hashCode(user.id, purpose, code),
    sentAt: now,
    expiresAt,
  });
  await ctx.sms.enqueue(tx, [
    {
      to: user.phone,
      kind: 'code',
      message: codeText(user.lang, purpose, code),
      sensitive: true,
      expiresAt,
    },
  ]);
}

/**
 * What `issueCode` answers, for a phone without an account: the same refusals in the same order
 * (a code asked less than a minute ago, then the phone's daily SMS cap and the shop's budget, 429),
 * and otherwise nothing: no code is stored and no SMS queued. So `POST /api/forgot` answers alike
 * for a phone with or without an account (with `RATE_LIMIT=off` the minute is not kept here).
 */
export async function issueNoCode(ctx: Ctx, phone: string, purpose: repo.OtpPurpose): Promise<void> {
  const wait = limits.codeWaitNoAccount(purpose, phone);
  await ctx.limiter.hit(wait);
  try {
    // The limits judge the SMS the code would be; it is not queued.
    await ctx.db.transaction((tx) =>
      ctx.sms.select(tx, [{ to: phone, kind: 'code', message: '', sensitive: true }]),
    );
  } catch (error) {
    // issueCode's refused code is rolled back with its SMS: the minute starts with the next one.
    await ctx.limiter.reset(wait.key);
    throw error;
  }
}

/**
 * Checks a code. The try is spent before the comparison, in one atomic statement, so parallel
 * guesses cannot all be evaluated: at most five ever are. Right → the code is used up (once, even
 * if two right guesses race); wrong → one try less, and the fifth wrong try deletes it. Throws 422
 * on the `code` field otherwise.
 */
export async function consumeCode(
  ctx: Ctx,
  db: DbOrTx,
  userId: number,
  purpose: repo.OtpPurpose,
  code: string,
): Promise<void> {
  const now = ctx.clock.now();
  const row = await repo.takeOtpTry(db, userId, purpose, now, OTP.maxTries);
  if (!row) {
    const current = await repo.findOtp(db, userId, purpose);
    if (!current) throw new Invalid('code', say('auth.noCode'));
    await repo.deleteOtp(db, current.id);
    if (current.expiresAt.getTime() <= now.getTime()) throw new Invalid('code', say('auth.codeExpired'));
    throw new Invalid('code', say('auth.tooManyCodes'));
  }
  const given = Buffer.from(hashCode(userId, purpose, code));
  const expected = Buffer.from(row.codeHash);
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    if (await repo.deleteOtp(db, row.id)) return;
    throw new Invalid('code', say('auth.noCode'));
  }
  if (row.attempts >= OTP.maxTries) {
    await repo.deleteOtp(db, row.id);
    throw new Invalid('code', say('auth.tooManyCodes'));
  }
  throw new Invalid('code', say('auth.wrongCode'));
}
