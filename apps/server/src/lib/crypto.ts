import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { WorkQueue } from './work-queue';

// scrypt N=2^17, r=8, p=1 (128 MiB, ~320 ms here): OWASP's current minimum for scrypt (Password
// Storage Cheat Sheet). It runs on libuv's thread pool, so it never blocks the event loop; the
// queue below keeps a burst of logins from occupying every pool thread (file serving and DNS
// share that pool), bounds the memory to two hashes at once, and refuses (503 `busy`) rather than
// let a flood queue without end. Hashes made with older parameters (N=2^14 until November 2026)
// still verify and are replaced at the next good login (needsRehash).
/** The parameters of every new hash in production. */
const PASSWORD_HASH = { N: 131072, r: 8, p: 1 } as const;
/** A few hundred times cheaper: the API tests' own (setPasswordHashCost). */
const LIGHT_HASH = { N: 1024, r: 8, p: 1 } as const;
let params: { readonly N: number; readonly r: number; readonly p: number } = PASSWORD_HASH;

/**
 * For the API tests only (apps/server/test/setup.ts; nothing the server runs calls it): new
 * hashes at N=2^10 instead of 2^17, so a suite that signs in hundreds of accounts does not spend
 * minutes in scrypt (112 s → 22 s for three files here). A hash is read with its own parameters
 * whatever this says, and the tests of the parameters themselves set 'production' first.
 */
export function setPasswordHashCost(cost: 'light' | 'production'): void {
  params = cost === 'light' ? LIGHT_HASH : PASSWORD_HASH;
  dummyHash = undefined;
}
const KEYLEN = 32;

/**
 * Every hash and check of a password goes through this queue: two at once (the machine's cores
 * stay free for the rest), 64 waiting (about ten seconds of work at the production cost; one more
 * is told to come back, `busy`), and two per client address, waiting or running (a third login at
 * once from one address is refused at once): one address cannot fill the queue, and the owner
 * signing in from elsewhere goes before the addresses busy hashing (WorkQueue).
 */
export const passwordQueue = new WorkQueue({ slots: 2, maxWaiting: 64, perClient: 2 });

/**
 * Whose work a hash is: the client's address as the limits read it (`clientKey`; none for the
 * server's own work, never refused), and the request's signal (a client gone while its hash waits
 * costs nothing).
 */
export type HashFor = { client?: string | undefined; signal?: AbortSignal | undefined };

function derive(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
  whose: HashFor = {},
): Promise<Buffer> {
  return passwordQueue.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
    whose,
  );
}

export async function hashPassword(password: string, whose: HashFor = {}): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params;
  const key = await derive(password, salt, N, r, p, whose);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(
  password: string,
  stored: string,
  whose: HashFor = {},
): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
    whose,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash was made with other parameters than today's: hash the password again. */
export function needsRehash(stored: string): boolean {
  return stored !== '' && !stored.startsWith(`scrypt$${params.N}$${params.r}$${params.p}$`);
}

// A real hash of a random password, so a login for an unknown phone costs the same as a wrong password.
// Made at the first such login, as that login's work (so a full queue refuses it at once); one
// refused or failed is made again at the next.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(whose: HashFor = {}): Promise<string> {
  if (!dummyHash) {
    const made = hashPassword(randomBytes(12).toString('hex'), whose);
    dummyHash = made;
    made.catch(() => {
      if (dummyHash === made) dummyHash = undefined;
    });
  }
  return dummyHash;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function refCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += REF_ALPHABET[randomInt(0, REF_ALPHABET.length)];
  return out;
}
