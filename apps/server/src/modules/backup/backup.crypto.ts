import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BackupFileError } from './backup.format';

/**
 * Backup files encrypted with BACKUP_KEY: authenticated encryption (AES-256-GCM) in chunks, so a
 * file of any size is written and read in a small, fixed amount of memory, and every chunk is
 * checked before a byte of it is used (a restore never acts on bytes that were changed).
 *
 * The file is a header, then the chunks:
 *
 * - header (71 bytes): `BAZARENC`, format 1, the scrypt cost (log2 N, r, p), a random 16-byte
 *   salt, a random 7-byte nonce prefix, the chunk size (4 bytes), and a 32-byte check: an
 *   HMAC-SHA256 of what comes before it under a key derived from BACKUP_KEY. A wrong key (or a
 *   changed header) is told by the check alone, before anything is decrypted.
 * - chunks: each `CHUNK` bytes of the backup (the last one shorter, possibly empty), encrypted
 *   with AES-256-GCM under the nonce prefix + the chunk's number (4 bytes) + 1 for the last chunk
 *   and 0 for the others, the header as additional data, and its 16-byte tag after it. Chunks
 *   cannot be reordered, dropped, or cut off at a chunk's end unnoticed (STREAM, Hoang, Reyhanitabar,
 *   Rogaway and Vizár 2015).
 *
 * The keys: scrypt(BACKUP_KEY, salt) (N = 2^15, r = 8, p = 1: about 0.1 s and 32 MB), expanded by
 * HKDF-SHA256 into the encryption key and the check's key.
 */
const MAGIC = Buffer.from('BAZARENC');
const FORMAT = 1;
const SALT = 16;
const PREFIX = 7;
const TAG = 16;
const CHECK = 32;
const HEADER = MAGIC.length + 1 + 3 + SALT + PREFIX + 4 + CHECK;
/** Plaintext bytes per chunk. */
const CHUNK = 64 * 1024;
const COST = { log2N: 15, r: 8, p: 1 } as const;

/** Whether a file's first bytes are an encrypted backup's. */
export const isEncrypted = (start: Buffer) =>
  start.length >= MAGIC.length && start.subarray(0, MAGIC.length).equals(MAGIC);

/** How many bytes `isEncrypted` needs to see. */
export const SIGNATURE_BYTES = MAGIC.length;

type Keys = { cipher: Buffer; check: Buffer };

async function deriveKeys(
  passphrase: string,
  salt: Buffer,
  cost: { log2N: number; r: number; p: number },
): Promise<Keys> {
  const N = 2 ** cost.log2N;
  const master = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
  const expand = (info: string) => Buffer.from(hkdfSync('sha256', master, salt, info, 32));
  return { cipher: expand('bazar backup: aes-256-gcm'), check: expand('bazar backup: key check') };
}

const nonceOf = (prefix: Buffer, counter: number, last: boolean) => {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(counter, PREFIX);
  nonce[11] = last ? 1 : 0;
  return nonce;
};

/** A stream that encrypts what goes through it with `passphrase` (the file's header first). */
export async function encryptStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT);
  const prefix = randomBytes(PREFIX);
  const keys = await deriveKeys(passphrase, salt, COST);
  const head = Buffer.alloc(HEADER - CHECK);
  let at = MAGIC.copy(head, 0);
  head[at++] = FORMAT;
  head[at++] = COST.log2N;
  head[at++] = COST.r;
  head[at++] = COST.p;
  at += salt.copy(head, at);
  at += prefix.copy(head, at);
  head.writeUInt32BE(CHUNK, at);
  const header = Buffer.concat([head, createHmac('sha256', keys.check).update(head).digest()]);

  let counter = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', keys.cipher, nonceOf(prefix, counter++, last));
    cipher.setAAD(header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        started = true;
        this.push(header);
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      // A full chunk is sealed only once more follows: the last chunk (flagged) may be a full one.
      if (pendingBytes > CHUNK) {
        const all = Buffer.concat(pending, pendingBytes);
        let at = 0;
        for (; pendingBytes - at > CHUNK; at += CHUNK) this.push(seal(all.subarray(at, at + CHUNK), false));
        pending = [all.subarray(at)];
        pendingBytes -= at;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(header);
      this.push(seal(Buffer.concat(pending, pendingBytes), true));
      done();
    },
  });
}

/**
 * A stream that decrypts an encrypted backup, each chunk checked before it is passed on. A wrong
 * key is refused at the header, before anything is decrypted; a changed, reordered or cut-off chunk
 * when it is reached. Either is a BackupFileError in words for the owner.
 */
export function decryptStream(passphrase: string | undefined): Transform {
  let header: Buffer | undefined;
  let keys: Keys | undefined;
  let prefix = Buffer.alloc(0);
  let size = 0;
  let counter = 0;
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  const take = (n: number) => {
    const all = Buffer.concat(buffered, bufferedBytes);
    buffered = [all.subarray(n)];
    bufferedBytes -= n;
    return all.subarray(0, n);
  };
  /** The chunk's bytes, or undefined when it does not authenticate as chunk `counter` (last or not). */
  const open = (sealed: Buffer, last: boolean): Buffer | undefined => {
    if (sealed.length < TAG) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', keys!.cipher, nonceOf(prefix, counter, last));
    decipher.setAAD(header!);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
    } catch {
      return undefined;
    }
  };
  const readHeader = async () => {
    const h = take(HEADER);
    if (!isEncrypted(h) || h[MAGIC.length] !== FORMAT)
      throw new BackupFileError('This encrypted backup was written by a newer version of the shop.');
    const cost = { log2N: h[9]!, r: h[10]!, p: h[11]! };
    if (cost.log2N < 10 || cost.log2N > 20 || cost.r < 1 || cost.r > 32 || cost.p < 1 || cost.p > 4)
      throw wrongKey();
    const salt = h.subarray(12, 12 + SALT);
    prefix = Buffer.from(h.subarray(12 + SALT, 12 + SALT + PREFIX));
    size = h.readUInt32BE(12 + SALT + PREFIX);
    if (size < 1024 || size > 16 * 1024 * 1024) throw wrongKey();
    if (passphrase === undefined) throw needsKey();
    keys = await deriveKeys(passphrase, salt, cost);
    const check = createHmac('sha256', keys.check)
      .update(h.subarray(0, HEADER - CHECK))
      .digest();
    if (!timingSafeEqual(check, h.subarray(HEADER - CHECK))) throw wrongKey();
    header = Buffer.from(h);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffered.push(chunk);
      bufferedBytes += chunk.length;
      const work = async () => {
        if (!header) {
          if (bufferedBytes < HEADER) return;
          await readHeader();
        }
        // A chunk is opened as one of the middle only when more follows it; the last at the end.
        if (bufferedBytes <= size + TAG) return;
        const all = take(bufferedBytes);
        let at = 0;
        for (; all.length - at > size + TAG; at += size + TAG) {
          const plain = open(all.subarray(at, at + size + TAG), false);
          if (!plain) throw damaged();
          counter++;
          this.push(plain);
        }
        buffered = [all.subarray(at)];
        bufferedBytes = all.length - at;
      };
      work().then(() => done(), done);
    },
    flush(done: TransformCallback) {
      try {
        if (!header) throw cutShort();
        const sealed = take(bufferedBytes);
        const plain = open(sealed, true);
        // A middle chunk where the last should be: the file ends on a chunk's boundary, cut there.
        if (!plain) throw open(sealed, false) ? cutShort() : damaged();
        this.push(plain);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}

function needsKey() {
  return new BackupFileError(
    'This backup is encrypted: give the key it was written with (BACKUP_KEY) to check or restore it.',
  );
}

function wrongKey() {
  return new BackupFileError(
    'The backup key is wrong: this backup was encrypted with another BACKUP_KEY (or its first bytes were changed). Nothing was restored.',
  );
}

function damaged() {
  return new BackupFileError(
    'This backup file is damaged or was changed: a part of it does not match its encryption. Nothing was restored.',
  );
}

function cutShort() {
  return new BackupFileError('This backup file is incomplete: it was cut short (copy it again).');
}
