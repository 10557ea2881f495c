import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { say } from '@bazar/contracts/messages';
import { AppError } from './errors';

// scrypt N=2^17, r=8, p=1 (128 MiB, ~320 ms here): OWASP's current minimum for scrypt (Password
// Storage Cheat Sheet). It runs on libuv's thread pool, so it never blocks the event loop; the
// semaphore below keeps a burst of logins from occupying every pool thread (file serving and DNS
// share that pool) and bounds the memory to two hashes at once. Hashes made with older parameters
// (N=2^14 until November 2026) still verify and are replaced at the next good login (needsRehash).
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
const MAX_PARALLEL = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  if (signal?.aborted) {
    // The client went away while queued: do not spend 50 ms of CPU on an answer nobody reads.
    running--;
    waiting.shift()?.();
    throw new AppError(499, 'bad_request', say('http.clientClosed'));
  }
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  return withSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
    signal,
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params;
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(
  password: string,
  stored: string,
  signal?: AbortSignal,
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
    signal,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash was made with other parameters than today's: hash the password again. */
export function needsRehash(stored: string): boolean {
  return stored !== '' && !stored.startsWith(`scrypt$${params.N}$${params.r}$${params.p}$`);
}

// A real hash of a random password, so a login for an unknown phone costs the same as a wrong password.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
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
