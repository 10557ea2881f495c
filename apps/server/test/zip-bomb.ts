import zlib from 'node:zlib';
import { unzipSync } from 'fflate';

const MB = 1024 * 1024;

/**
 * A raw deflate stream that inflates to `megabytes` MB of zeros, about a thousandth of that packed:
 * one megabyte of zeros deflated with a sync flush (a stream that stops on a byte boundary and
 * goes on), repeated, and a final empty block. Made without ever holding the zeros.
 */
export function deflatedZeros(megabytes: number): Buffer {
  const one = zlib.deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => one), Buffer.from([0x03, 0x00])]);
}

type Part = { name: string; data: Buffer; deflated: boolean; says: number };

const u16 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

/**
 * A ZIP whose directory says each part unpacks to `says` bytes, whatever it truly unpacks to, and
 * where the parts named in `alsoAs` are listed again under other names pointing at the same data
 * (overlapping files: a few hundred KB that unpack to gigabytes, read entry by entry).
 */
export function lyingZip(parts: Part[], alsoAs: Record<string, string[]> = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const record = (part: Part, name: string, at: number) => {
    const n = Buffer.from(name);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(0x800),
        u16(part.deflated ? 8 : 0),
        u16(0),
        u16(0),
        u32(0),
        u32(part.data.length),
        u32(part.says),
        u16(n.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(at),
        n,
      ]),
    );
  };
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(0x800),
      u16(part.deflated ? 8 : 0),
      u16(0),
      u16(0),
      u32(0),
      u32(part.data.length),
      u32(part.says),
      u16(name.length),
      u16(0),
      name,
    ]);
    record(part, part.name, offset);
    for (const other of alsoAs[part.name] ?? []) record(part, other, offset);
    locals.push(header, part.data);
    offset += header.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(central.length),
    u16(central.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * An XLSX made by a spreadsheet program (`workbook`), with its sheet swapped for `megabytes` MB of
 * zeros that its directory says are 1,000 bytes, listed again as `copies` more parts (its media).
 */
export function xlsxBomb(workbook: Buffer, megabytes: number, copies: number): Buffer {
  const parts: Part[] = Object.entries(unzipSync(workbook)).map(([name, data]) => ({
    name,
    data: zlib.deflateRawSync(data),
    deflated: true,
    says: data.length,
  }));
  const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('the workbook has no first sheet');
  sheet.data = deflatedZeros(megabytes);
  sheet.says = 1000;
  const media = Array.from({ length: copies }, (_, i) => `xl/media/image${i + 1}.png`);
  return lyingZip(parts, { [sheet.name]: media });
}
