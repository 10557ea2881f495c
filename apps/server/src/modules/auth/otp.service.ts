import { timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { sha256, sixDigitCode } from '../../lib/crypto';
import { Invalid, TooManyRequests } from '../../lib/errors';
import * as repo from './auth.repository';

export const OTP = { ttlMs: 10 * 60_000, maxTries: 5, resendMs: 60_000 } as const;

const hashCode = (userId: number, purpose: repo.OtpPurpose, code: string) =>
  sha256(`${userId}:${purpose}:${code}`);

const TEXT: Record<repo.OtpPurpose, (code: string) => string> = {
  verify: (code) => `Your verification code is ${code}. It is valid for 10 minutes.`,
  reset: (code) => `Your password reset code is ${code}. It is valid for 10 minutes.`,
};

/** Issues a new one-time code and queues its SMS in the same transaction; at most one a minute. */
export async function issueCode(
  ctx: Ctx,
  tx: DbOrTx,
  user: { id: number; phone: string },
  purpose: repo.OtpPurpose,
): Promise<void> {
  const now = ctx.clock.now();
  const current = await repo.findOtp(tx, user.id, purpose);
  if (current) {
    const wait = current.sentAt.getTime() + OTP.resendMs - now.getTime();
    if (wait > 0) {
      throw new TooManyRequests(
        `Please wait ${Math.ceil(wait / 1000)} seconds before asking for a new code.`,
      );
    }
  }
  const code = sixDigitCode();
  await repo.upsertOtp(tx, {
    userId: user.id,
    purpose,
    codeHash: hashCode(user.id, purpose, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP.ttlMs),
  });
  await ctx.sms.enqueue(tx, user.phone, TEXT[purpose](code));
}

/**
 * Checks a code: right → the code is used up; wrong → one of five tries is spent, the fifth
 * wrong try or an expired code deletes it. Throws 422 on the `code` field otherwise.
 */
export async function consumeCode(
  ctx: Ctx,
  tx: DbOrTx,
  userId: number,
  purpose: repo.OtpPurpose,
  code: string,
) {
  const row = await repo.findOtp(tx, userId, purpose);
  if (!row) throw new Invalid('code', 'No code is waiting for this phone. Please ask for a new one.');
  if (row.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    await repo.deleteOtp(tx, row.id);
    throw new Invalid('code', 'The code has expired. Please ask for a new one.');
  }
  const given = Buffer.from(hashCode(userId, purpose, code));
  const expected = Buffer.from(row.codeHash);
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    await repo.deleteOtp(tx, row.id);
    return;
  }
  const tries = await repo.addOtpAttempt(tx, row.id);
  if (tries >= OTP.maxTries) {
    await repo.deleteOtp(tx, row.id);
    throw new Invalid('code', 'Too many wrong codes. Please ask for a new one.');
  }
  throw new Invalid('code', 'The code is not correct.');
}
