import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { canMeasurePeak, collectGarbage, peakGrowth } from '../../../test/memory';
import { decryptStream, encryptStream, isEncrypted } from './backup.crypto';
import { BackupFileError } from './backup.format';

const KEY = 'the owner keeps this key away from the shop';
const CHUNK = 64 * 1024;
const HEADER = 71;

/** `data` through the encryption, fed in pieces of `piece` bytes. */
async function encrypt(data: Buffer, piece = 10_000, key = KEY): Promise<Buffer> {
  const out: Buffer[] = [];
  const pieces = Array.from({ length: Math.ceil(data.length / piece) }, (_, i) =>
    data.subarray(i * piece, (i + 1) * piece),
  );
  await pipeline(Readable.from(pieces), await encryptStream(key), collect(out));
  return Buffer.concat(out);
}

/** What the decryption passes on before it stops, and why it stopped (undefined: it did not). */
async function decrypt(
  sealed: Buffer,
  key: string | undefined,
  piece = 7_000,
): Promise<{ plain: Buffer; error: Error | undefined }> {
  const out: Buffer[] = [];
  const pieces = Array.from({ length: Math.ceil(sealed.length / piece) }, (_, i) =>
    sealed.subarray(i * piece, (i + 1) * piece),
  );
  const error = await pipeline(Readable.from(pieces), decryptStream(key), collect(out)).then(
    () => undefined,
    (err: Error) => err,
  );
  return { plain: Buffer.concat(out), error };
}

const collect = (out: Buffer[]) =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk);
      done();
    },
  });

describe('backup encryption (AES-256-GCM in chunks, key from BACKUP_KEY by scrypt and HKDF)', () => {
  it('gives back exactly what went in, whatever its size, and shows none of it', async () => {
    for (const size of [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 200_000]) {
      const data = randomBytes(size);
      const sealed = await encrypt(data);
      expect(isEncrypted(sealed)).toBe(true);
      // Each chunk costs its 16-byte tag, and the file a header; a full last chunk is still the last.
      expect(sealed.length).toBe(HEADER + size + 16 * Math.max(1, Math.ceil(size / CHUNK)));
      const { plain, error } = await decrypt(sealed, KEY);
      expect(error, String(size)).toBeUndefined();
      expect(plain.equals(data), String(size)).toBe(true);
    }
    const words = Buffer.from('Rahima 01711000001 '.repeat(1000));
    expect((await encrypt(words)).includes(Buffer.from('Rahima'))).toBe(false);
    // The same backup twice: another salt and nonce, other bytes.
    expect((await encrypt(words)).equals(await encrypt(words))).toBe(false);
  });

  it('refuses a wrong key, or none, at the header: nothing is decrypted', async () => {
    const sealed = await encrypt(randomBytes(3 * CHUNK));
    const wrong = await decrypt(sealed, 'another key, another shop');
    expect(wrong.error).toBeInstanceOf(BackupFileError);
    expect(wrong.error?.message).toMatch(/^The backup key is wrong/);
    expect(wrong.plain.length).toBe(0);
    const none = await decrypt(sealed, undefined);
    expect(none.error?.message).toMatch(
      /^This backup is encrypted: give the key it was written with \(BACKUP_KEY\)/,
    );
    expect(none.plain.length).toBe(0);
  });

  it('refuses a changed byte anywhere, chunks moved, dropped or added, and a file cut short', async () => {
    const data = randomBytes(3 * CHUNK + 500);
    const sealed = await encrypt(data);
    const sealedChunk = CHUNK + 16;
    const changed = (at: number) => {
      const copy = Buffer.from(sealed);
      copy[at] = copy[at]! ^ 0x01;
      return copy;
    };
    // The header: its salt (a wrong key, as far as anyone can tell), its chunk size.
    expect((await decrypt(changed(20), KEY)).error?.message).toMatch(/^The backup key is wrong/);
    expect((await decrypt(changed(HEADER - 33), KEY)).error?.message).toMatch(/^The backup key is wrong/);
    // The second chunk: the first passed on (checked), nothing of the second or after.
    const second = await decrypt(changed(HEADER + sealedChunk + 100), KEY);
    expect(second.error?.message).toMatch(/^This backup file is damaged or was changed/);
    expect(second.plain.equals(data.subarray(0, CHUNK))).toBe(true);
    // The last tag.
    expect((await decrypt(changed(sealed.length - 1), KEY)).error?.message).toMatch(/damaged or was changed/);

    const chunks = [0, 1, 2, 3].map((i) =>
      sealed.subarray(HEADER + i * sealedChunk, HEADER + (i + 1) * sealedChunk),
    );
    const head = sealed.subarray(0, HEADER);
    const swapped = Buffer.concat([head, chunks[1]!, chunks[0]!, chunks[2]!, chunks[3]!]);
    expect((await decrypt(swapped, KEY)).error?.message).toMatch(/damaged or was changed/);
    const dropped = Buffer.concat([head, chunks[0]!, chunks[2]!, chunks[3]!]);
    expect((await decrypt(dropped, KEY)).error?.message).toMatch(/damaged or was changed/);
    const added = Buffer.concat([sealed, Buffer.from('more')]);
    expect((await decrypt(added, KEY)).error?.message).toMatch(/damaged or was changed/);
    // Cut where a chunk ends: the file says it goes on, so it was cut short.
    const cut = Buffer.concat([head, chunks[0]!, chunks[1]!]);
    expect((await decrypt(cut, KEY)).error?.message).toMatch(
      /^This backup file is incomplete: it was cut short/,
    );
    expect((await decrypt(sealed.subarray(0, 40), KEY)).error?.message).toMatch(/cut short/);
    expect((await decrypt(sealed.subarray(0, HEADER + 1000), KEY)).error?.message).toMatch(
      /damaged or was changed/,
    );
  });

  it.skipIf(!canMeasurePeak)(
    'streams: 256 MB go through in a few MB of memory',
    async () => {
      const piece = randomBytes(1024 * 1024);
      let seen = 0;
      const grew = await peakGrowth(async () =>
        pipeline(
          Readable.from(
            (function* () {
              for (let i = 0; i < 256; i++) yield piece;
            })(),
          ),
          await encryptStream(KEY),
          decryptStream(KEY),
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              const before = seen;
              seen += chunk.length;
              // Every 4 MB: what was let go is collected, so the peak is what the streams hold.
              if (Math.floor(seen / (4 << 20)) > Math.floor(before / (4 << 20))) collectGarbage();
              done();
            },
          }),
        ),
      );
      expect(seen).toBe(256 * 1024 * 1024);
      expect(grew).toBeLessThan(64 * 1024 * 1024);
    },
    60_000,
  );
});
