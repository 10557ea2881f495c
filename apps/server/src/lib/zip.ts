import zlib from 'node:zlib';
import { say } from '@bazar/contracts/messages';
import { Invalid } from './errors';

/**
 * A file in a ZIP as its central directory describes it (nothing unpacked yet): its name, its size
 * packed and unpacked as the directory says, how it is packed (0 stored, 8 deflated) and where its
 * local header is.
 */
export type ZipEntry = {
  name: string;
  size: number;
  originalSize: number;
  compression: number;
  offset: number;
};

/** Why an entry could not be had: its data is damaged, or it unpacks to more than the directory says. */
type UnpackProblem = 'unreadable' | 'overflow';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

class NotZip extends Error {}

/** Reads a ZIP's structure (never its data) with every offset checked against the file's length. */
class Reader {
  constructor(private readonly body: Buffer) {}

  u16(at: number): number {
    this.need(at, 2);
    return this.body.readUInt16LE(at);
  }

  u32(at: number): number {
    this.need(at, 4);
    return this.body.readUInt32LE(at);
  }

  u64(at: number): number {
    this.need(at, 8);
    const n = this.body.readBigUInt64LE(at);
    if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new NotZip('a size beyond reason');
    return Number(n);
  }

  need(at: number, length: number): void {
    if (at < 0 || at + length > this.body.length) throw new NotZip('out of bounds');
  }
}

/** Where the central directory is and how many entries it has (ZIP64 when the classic fields are full). */
function endOfDirectory(r: Reader, body: Buffer): { count: number; at: number } {
  // The end record is 22 bytes and a comment of up to 65,535: search back for its signature.
  const lowest = Math.max(0, body.length - 22 - 0xffff);
  for (let e = body.length - 22; e >= lowest; e--) {
    if (body.readUInt32LE(e) !== EOCD) continue;
    let count = r.u16(e + 10);
    let at = r.u32(e + 16);
    if ((count === 0xffff || at === 0xffffffff) && e >= 20 && r.u32(e - 20) === ZIP64_LOCATOR) {
      const z = r.u64(e - 12);
      if (r.u32(z) !== ZIP64_EOCD) throw new NotZip('bad ZIP64 end record');
      count = r.u64(z + 32);
      at = r.u64(z + 48);
    }
    return { count, at };
  }
  throw new NotZip('no end record');
}

/** The ZIP64 extra field's values for the fields the classic header left at 0xFFFFFFFF. */
function zip64Extra(
  r: Reader,
  at: number,
  length: number,
  fields: { originalSize: number; size: number; offset: number },
): void {
  for (let p = at; p + 4 <= at + length;) {
    const id = r.u16(p);
    const size = r.u16(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      for (const key of ['originalSize', 'size', 'offset'] as const) {
        if (fields[key] !== 0xffffffff) continue;
        fields[key] = r.u64(q);
        q += 8;
      }
      return;
    }
    p += 4 + size;
  }
}

/**
 * The ZIP's directory, read without unpacking anything; 422 on `field` when it is not a ZIP. What
 * the directory says of each file's size is only what it says: `unpackEntry` holds it to that.
 */
export function zipDirectory(body: Buffer, field: string): ZipEntry[] {
  const r = new Reader(body);
  try {
    if (body.length < 22) throw new NotZip('too short');
    const { count, at } = endOfDirectory(r, body);
    // Each directory record takes at least 46 bytes: a count beyond that is a lie, not a loop to run.
    if (count * 46 > body.length) throw new NotZip('more entries than bytes');
    const entries: ZipEntry[] = [];
    let p = at;
    for (let i = 0; i < count; i++) {
      if (r.u32(p) !== CENTRAL) throw new NotZip('bad directory record');
      const flags = r.u16(p + 8);
      const nameLength = r.u16(p + 28);
      const extraLength = r.u16(p + 30);
      const commentLength = r.u16(p + 32);
      r.need(p + 46, nameLength + extraLength + commentLength);
      const fields = { size: r.u32(p + 20), originalSize: r.u32(p + 24), offset: r.u32(p + 42) };
      zip64Extra(r, p + 46 + nameLength, extraLength, fields);
      const raw = body.subarray(p + 46, p + 46 + nameLength);
      // Bit 11: the name is UTF-8; otherwise read byte for byte (as fflate and most readers do).
      const name = raw.toString(flags & 0x800 ? 'utf8' : 'latin1');
      entries.push({ name, compression: r.u16(p + 10), ...fields });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch (err) {
    if (err instanceof NotZip) throw new Invalid(field, say('import.notZip'));
    throw err;
  }
}

/**
 * One file of the ZIP, unpacked, or why not. It is inflated with a limit of the size its directory
 * entry gives (zlib counts what it writes and stops at the first piece past the limit): a file
 * that unpacks to more than it says is 'overflow' however far it would have gone, so a small ZIP
 * never grows into more memory than its directory declared.
 */
export function unpackEntry(body: Buffer, entry: ZipEntry): Buffer | UnpackProblem {
  const r = new Reader(body);
  let data: Buffer;
  try {
    if (r.u32(entry.offset) !== LOCAL) return 'unreadable';
    const start = entry.offset + 30 + r.u16(entry.offset + 26) + r.u16(entry.offset + 28);
    r.need(start, entry.size);
    data = body.subarray(start, start + entry.size);
  } catch (err) {
    if (err instanceof NotZip) return 'unreadable';
    throw err;
  }
  if (entry.compression === 0) return data.length > entry.originalSize ? 'overflow' : Buffer.from(data);
  if (entry.compression !== 8) return 'unreadable';
  try {
    const out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.originalSize) });
    return out.length > entry.originalSize ? 'overflow' : out;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return 'overflow';
    return 'unreadable';
  }
}

/** 422 on `field`: the ZIP unpacks to more than its directory says (a zip bomb, or a damaged file). */
export const zipBomb = (field: string) => new Invalid(field, say('import.zipBomb'));
