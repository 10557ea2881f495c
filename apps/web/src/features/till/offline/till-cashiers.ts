import type { AuthResponse } from '@bazar/contracts/auth';
import { tillDb, type TillCashierRow, type TillDb } from './till-db';

/**
 * The staff who gave their PIN on this till while it was online ("Switch cashier", or a manager's
 * approval), kept so that with no server the till still switches to them and takes a manager's
 * approval (issue 24). The PIN is kept only as a salted PBKDF2-SHA-256 hash; as on the server, 5
 * wrong PINs in a row lock it here until the person gives it right while the till is online.
 *
 * The row also keeps the person's session on this till (their token), so that after switching to
 * them offline the till's next calls are theirs. Whoever holds this browser's storage could try
 * every PIN against the hash: the same device already holds the signed-in person's token, and a
 * session ends on the server after 12 hours (or at once when the owner deactivates the person).
 */
const LOCAL_PIN_TRIES = 5;
const ITERATIONS = 150_000;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A PIN's PBKDF2 hash with this salt (base64). */
async function pinHash(pin: string, salt: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: ITERATIONS },
    key,
    256,
  );
  return toBase64(new Uint8Array(bits));
}

/** Compares two texts in a time that does not depend on where they differ. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Remembers a person whose PIN the server just accepted on this till: who they are (a switch's
 * answer), the PIN's hash and, when the answer is a session of theirs, its token.
 */
export async function rememberCashier(
  person: {
    id: number;
    name: string;
    phone: string;
    staff_role: string;
    permissions: string[];
    discount_limit: number | null;
  },
  pin: string,
  token: string | null,
  db: TillDb = tillDb(),
): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pinHash(pin, salt);
  await db.transaction('rw', db.cashiers, async () => {
    const before = await db.cashiers.get(person.id);
    // Another person who had this phone before (a phone moved to a new account) goes.
    await db.cashiers
      .where('phone')
      .equals(person.phone)
      .and((row) => row.id !== person.id)
      .delete();
    const row: TillCashierRow = {
      ...person,
      salt: toBase64(salt),
      hash,
      token: token ?? before?.token ?? '',
      failures: 0,
    };
    await db.cashiers.put(row);
  });
}

/** The person a sign-in answer (switch) describes, or null when it is no member of staff. */
export function personOf(answer: AuthResponse['user']) {
  if (answer.staff_id === undefined || answer.staff_role === undefined) return null;
  return {
    id: answer.staff_id,
    name: answer.name,
    phone: answer.phone,
    staff_role: answer.staff_role,
    permissions: answer.permissions ?? [],
    discount_limit: answer.discount_limit ?? null,
  };
}

export type LocalPinCheck =
  { ok: true; cashier: TillCashierRow } | { ok: false; reason: 'unknown' | 'wrong' | 'locked' };

/**
 * Checks a phone and PIN against this till's copy, with no server: unknown (never gave their PIN
 * here), wrong (counted; the 5th locks it), locked, or the person.
 */
export async function checkLocalPin(
  phone: string,
  pin: string,
  db: TillDb = tillDb(),
): Promise<LocalPinCheck> {
  const row = await db.cashiers.where('phone').equals(phone).first();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.failures >= LOCAL_PIN_TRIES) return { ok: false, reason: 'locked' };
  if (same(await pinHash(pin, fromBase64(row.salt)), row.hash)) {
    if (row.failures > 0) await db.cashiers.update(row.id, { failures: 0 });
    return { ok: true, cashier: { ...row, failures: 0 } };
  }
  const failures = row.failures + 1;
  await db.cashiers.update(row.id, { failures });
  return { ok: false, reason: failures >= LOCAL_PIN_TRIES ? 'locked' : 'wrong' };
}
