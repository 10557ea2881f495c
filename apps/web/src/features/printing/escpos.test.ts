import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ReceiptPaper } from '../../components/receipt-paper';
import { translator } from '../../lib/i18n/i18n';
import { returnReceipt, saleReceipt } from '../receipts/receipt-model';
import { returned, sale, shopInfo } from '../receipts/receipt-test-data';
import { encodeDocument, type Bitmap, type PictureLine, type TextPainter } from './escpos';
import type { PrintedDocument } from './printed-document';
import { receiptDocument } from './receipt-document';

/**
 * The ESC/POS bytes of a till receipt, compared byte for byte with the golden files beside this
 * test (golden/receipt-{language}-{paper}.bin), and read back for their structure.
 *
 * A change to the receipt's layout or to the encoder changes the bytes on purpose: look at what
 * changed, then write the files again with
 *
 *   UPDATE_GOLDEN=1 npx vitest run apps/web/src/features/printing/escpos.test.ts
 *
 * and commit them with the change.
 */

const ESC = 0x1b;
const GS = 0x1d;

/**
 * A painter that draws the same pixels on every machine: each character a 12 × 24 cell with a
 * pattern from its code point, the text wrapped by characters, a row's figure at the right. (The
 * browser's painter draws Noto Sans Bengali on a canvas, which jsdom does not have.)
 */
const blockPainter: TextPainter = {
  paint(line: PictureLine, width: number): Bitmap {
    const cell = line.big ? 16 : 12;
    const high = line.big ? 32 : 24;
    const right = [...(line.right ?? '')];
    const room = Math.floor(width / cell) - (right.length ? right.length + 1 : 0);
    const chars = [...line.left];
    const rows: string[][] = [];
    for (let i = 0; i < Math.max(1, chars.length); i += room) rows.push(chars.slice(i, i + room));
    const height = rows.length * high;
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    const glyph = (char: string, left: number, top: number) => {
      const code = char.codePointAt(0) ?? 0;
      for (let y = 4; y < high - 4; y++)
        for (let x = 1; x < cell - 1; x++) {
          if (((code >> ((x + y) % 11)) & 1) === 0 && !(line.bold && x % 2 === 0)) continue;
          const at = ((top + y) * width + left + x) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
    };
    rows.forEach((text, r) => {
      const start = line.align === 'center' ? Math.floor((width - text.length * cell) / 2) : 0;
      text.forEach((char, c) => glyph(char, start + c * cell, r * high));
    });
    right.forEach((char, c) => glyph(char, width - (right.length - c) * cell, 0));
    return { width, height, data };
  },
};

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');

/** The bytes against the golden file (written instead with UPDATE_GOLDEN=1). */
function expectGolden(bytes: Uint8Array, name: string) {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, bytes);
  }
  expect(existsSync(file), `${name} is missing: run with UPDATE_GOLDEN=1 to write it`).toBe(true);
  const golden = new Uint8Array(readFileSync(file));
  // A byte-for-byte comparison, with the first difference named (a diff of 10 KB helps nobody).
  const first = bytes.findIndex((byte, i) => byte !== golden[i]);
  expect({
    length: bytes.length,
    firstDifference: first === -1 && bytes.length === golden.length ? null : first,
  }).toEqual({
    length: golden.length,
    firstDifference: null,
  });
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Where `needle` starts in the bytes, or -1. */
function indexOf(bytes: Uint8Array, needle: number[] | string, from = 0): number {
  const seek = typeof needle === 'string' ? ascii(needle) : needle;
  for (let i = from; i <= bytes.length - seek.length; i++)
    if (seek.every((b, j) => bytes[i + j] === b)) return i;
  return -1;
}
const count = (bytes: Uint8Array, needle: number[]) => {
  let n = 0;
  for (let i = indexOf(bytes, needle); i !== -1; i = indexOf(bytes, needle, i + 1)) n++;
  return n;
};

const pulse = [ESC, 0x70, 0x00];
const image = [ESC, 0x2a];
const cut = [GS, 0x56, 0x01];

const at = { en: '25 Nov 2026, 3:04 pm', bn: '২৫ নভে, ২০২৬, ৩:০৪ দুপুর' };

async function receiptBytes(
  order: typeof sale,
  paper: ReceiptPaper,
  { drawer = true, returnId }: { drawer?: boolean; returnId?: number } = {},
) {
  const view = returnId === undefined ? saleReceipt(order) : returnReceipt(order, returnId);
  if (!view) throw new Error('no such receipt');
  const translation = await translator(view.lang);
  // A fixed time: the golden bytes do not follow the ICU of the Node that runs the test.
  const document = receiptDocument(view, { ...shopInfo, language: 'en' }, translation, () => at[view.lang], {
    drawer,
  });
  return { document, bytes: encodeDocument(document, { paper, painter: blockPainter }) };
}

const bangla = {
  ...sale,
  lang: 'bn' as const,
  carts: sale.carts.map((line) =>
    line.id === 1 ? { ...line, title_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' } : line,
  ),
};

describe('ESC/POS receipt', () => {
  it('English on 80 mm: the golden bytes; initialize first, the drawer kick and the cut last, Latin lines as text', async () => {
    const { bytes } = await receiptBytes(sale, '80');
    expectGolden(bytes, 'receipt-en-80.bin');
    expect([...bytes.slice(0, 2)]).toEqual([ESC, 0x40]);
    expect([...bytes.slice(-3)]).toEqual(cut);
    // The drawer opens as the paper is cut: the kick (ESC p 0, then a line feed) right before the cut, once.
    expect(count(bytes, pulse)).toBe(1);
    expect(indexOf(bytes, pulse)).toBe(bytes.length - 3 - 6);
    // Lines of 48 characters: the figure at the right edge.
    // The total and the change in bold (ESC E 1 … ESC E 0).
    expect(
      indexOf(bytes, [ESC, 0x45, 1, ...ascii(`Subtotal${' '.repeat(37)}860`), ESC, 0x45, 0]),
    ).toBeGreaterThan(0);
    expect(
      indexOf(bytes, [ESC, 0x45, 1, ...ascii(`Change${' '.repeat(39)}340`), ESC, 0x45, 0]),
    ).toBeGreaterThan(0);
    expect(indexOf(bytes, 'Miniket Rice\n')).toBeGreaterThan(0);
    expect(indexOf(bytes, `5 kg 2 x 380${' '.repeat(33)}760\n`)).toBeGreaterThan(0);
    // A weighed line: its unit after the quantity and the price.
    expect(indexOf(bytes, `loose 1.25 kg x 36/kg${' '.repeat(25)}45\n`)).toBeGreaterThan(0);
    expect(indexOf(bytes, 'Bkash 8N7A6D5Q')).toBeGreaterThan(0);
    expect(indexOf(bytes, 'Order #1234')).toBeGreaterThan(0);
    // A line with Bangla letters is a picture: neither its Latin half nor the footer's is text.
    expect(indexOf(bytes, 'Deshi Potato')).toBe(-1);
    expect(indexOf(bytes, 'Thank you')).toBe(-1);
    expect(count(bytes, image)).toBeGreaterThanOrEqual(2);
    // The order's number as CODE128 (GS k 73) marked "#" as a receipt's, printed under it.
    expect(indexOf(bytes, [GS, 0x6b, 0x49, 7, ...ascii('{B#1234')])).toBeGreaterThan(0);
  });

  it('English on 58 mm: 32 characters a line', async () => {
    const { bytes } = await receiptBytes(sale, '58');
    expectGolden(bytes, 'receipt-en-58.bin');
    expect([...bytes.slice(0, 2)]).toEqual([ESC, 0x40]);
    expect([...bytes.slice(-3)]).toEqual(cut);
    expect(indexOf(bytes, `Subtotal${' '.repeat(21)}860`)).toBeGreaterThan(0);
    expect(indexOf(bytes, `5 kg 2 x 380${' '.repeat(17)}760\n`)).toBeGreaterThan(0);
    expect(indexOf(bytes, `Subtotal${' '.repeat(37)}860`)).toBe(-1);
  });

  it('Bangla on 80 mm: every line with Bengali text is a picture; the golden bytes', async () => {
    const { document, bytes } = await receiptBytes(bangla, '80');
    expectGolden(bytes, 'receipt-bn-80.bin');
    expect(document.lines).toContainEqual({ kind: 'row', left: 'মোট', right: '৮০৫', bold: false });
    expect([...bytes.slice(0, 2)]).toEqual([ESC, 0x40]);
    expect([...bytes.slice(-3)]).toEqual(cut);
    expect(count(bytes, pulse)).toBe(1);
    // No English words: totals, payments and change are pictures in Bangla.
    for (const word of ['Subtotal', 'Total', 'Cash', 'Change']) expect(indexOf(bytes, word), word).toBe(-1);
    const pictures = document.lines.filter(
      (line) =>
        (line.kind === 'text' && /[^\x20-\x7e]/.test(line.text)) ||
        (line.kind === 'row' && /[^\x20-\x7e]/.test(line.left + line.right)),
    ).length;
    expect(count(bytes, image)).toBeGreaterThanOrEqual(pictures);
    // The shop's name is Latin: printed as text, big.
    expect(indexOf(bytes, 'Bazar Mirpur')).toBeGreaterThan(0);
  });
});

describe('drawer kick', () => {
  const hasPulse = (bytes: Uint8Array) => indexOf(bytes, pulse) !== -1;

  it('opens the drawer for a sale with cash, only when asked (the print right after the sale)', async () => {
    expect(hasPulse((await receiptBytes(sale, '80')).bytes)).toBe(true);
    expect(hasPulse((await receiptBytes(sale, '80', { drawer: false })).bytes)).toBe(false);
  });

  it('never for a sale without cash, nor for a return receipt (its cash refund included)', async () => {
    const bkashOnly = {
      ...sale,
      payments: sale.payments.filter((p) => p.method !== 'cash'),
    };
    const noCash = await receiptBytes(bkashOnly, '80');
    expect(noCash.document.drawer).toBe(false);
    expect(hasPulse(noCash.bytes)).toBe(false);
    const refund = await receiptBytes(returned, '80', { returnId: 5 });
    expect(refund.document.drawer).toBe(false);
    expect(hasPulse(refund.bytes)).toBe(false);
  });

  it('the encoder kicks for any document that asks, and only then', () => {
    const document: PrintedDocument = { lines: [{ kind: 'text', text: 'Hello' }], drawer: true };
    const kicked = encodeDocument(document, { paper: '58', painter: blockPainter });
    const quiet = encodeDocument({ ...document, drawer: false }, { paper: '58', painter: blockPainter });
    expect(hasPulse(kicked)).toBe(true);
    expect(hasPulse(quiet)).toBe(false);
    expect(kicked.length - quiet.length).toBe(6);
  });
});
