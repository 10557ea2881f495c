import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptPaper } from '../../components/receipt-paper';
import { COLUMNS, type PrintedDocument, type PrintedLine } from './printed-document';

/**
 * A printed document (printed-document.ts) as ESC/POS bytes for a thermal printer, by
 * @point-of-sale/receipt-printer-encoder: 80 mm paper prints 48 characters a line (576 dots),
 * 58 mm 32 (384 dots), in the printer's font A (12 × 24 dots). The printer's fonts are Latin only,
 * so a line with any other letter (Bangla, "৳") is drawn as a picture by a TextPainter and printed
 * as an image; a Latin line stays text. The bytes start with ESC @ (initialize), end with a partial
 * cut (GS V 1) after feeding the last line past the cutter, and hold the drawer kick (ESC p) just
 * before the cut when the document opens the drawer.
 */

/** Pixels, RGBA, row by row (an ImageData, or its shape). */
export interface Bitmap {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** One printed line that is drawn instead of printed as text. */
export interface PictureLine {
  /** The text; it wraps within the paper (a row's: within what the figure leaves). */
  left: string;
  /** A row's figure, at the right edge of the first line. */
  right?: string;
  align: 'left' | 'center';
  bold: boolean;
  big: boolean;
}

/**
 * Draws a line of text as pixels exactly `width` dots wide (black on white, as tall as its wrapped
 * lines need). The browser's is canvas-painter.ts (Noto Sans Bengali); tests give a deterministic
 * one, so the bytes of a Bangla receipt can be compared with a golden file.
 */
export interface TextPainter {
  paint(line: PictureLine, width: number): Bitmap;
}

/** Dots a line per paper: the columns of 12-dot characters. */
const DOTS: Record<ReceiptPaper, number> = { '80': 576, '58': 384 };

/** Lines fed after the last one so it passes the cutter before the cut. */
const FEED_BEFORE_CUT = 4;
const PARTIAL_CUT = [0x1d, 0x56, 0x01];

/** Typography the screens write that the printer's Latin code page has no sign for. */
const PLAIN: Record<string, string> = {
  '\u2212': '-', // minus sign
  '\u2013': '-',
  '\u2014': '-',
  '\u00b7': '-', // middle dot (order # · provisional)
  '\u00d7': 'x',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ', // Intl's narrow space before "pm"
  '\u2009': ' ',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
};
const TYPOGRAPHY = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'g');

/** The text with the screens' typography in plain ASCII (other letters are left as they are). */
const plain = (text: string) => text.replace(TYPOGRAPHY, (sign) => PLAIN[sign] ?? sign);

/** Whether the printer's own font prints the text: printable ASCII only (after `plain`). */
const printsAsText = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** Whether any line of the document is drawn (so the font must be ready first). */
export const needsPictures = (document: PrintedDocument) =>
  document.lines.some(
    (line) =>
      (line.kind === 'text' && !printsAsText(plain(line.text))) ||
      (line.kind === 'row' && !printsAsText(plain(line.left + line.right))),
  );

/** CODE128 modules of a value (start, data, check, stop) and the module width that fits the paper. */
function barcodeWidth(value: string, dots: number): 1 | 2 | 3 {
  const modules = 11 * (value.length + 3) + 2;
  // The encoder's width n prints n + 1 dots a module.
  if (modules * 4 <= dots) return 3;
  if (modules * 3 <= dots) return 2;
  return 1;
}

type Encoder = InstanceType<typeof ReceiptPrinterEncoder>;

function picture(encoder: Encoder, painter: TextPainter, line: PictureLine, width: number) {
  const bitmap = painter.paint(line, width);
  if (bitmap.width !== width) throw new Error(`A printed picture is ${bitmap.width} dots wide, not ${width}`);
  encoder.image(bitmap, bitmap.width, bitmap.height, 'threshold', 128);
}

function encodeLine(encoder: Encoder, painter: TextPainter, line: PrintedLine, paper: ReceiptPaper) {
  const columns = COLUMNS[paper];
  switch (line.kind) {
    case 'rule':
      encoder.line(line.light ? '- '.repeat(columns / 2) : '-'.repeat(columns));
      return;
    case 'barcode':
      encoder
        .align('center')
        .barcode(line.value, 'code128', {
          height: 60,
          width: barcodeWidth(line.value, DOTS[paper]),
          text: 'below',
        })
        .align('left');
      return;
    case 'text': {
      const text = plain(line.text);
      const { align = 'left', bold = false, big = false } = line;
      if (!printsAsText(text)) {
        picture(encoder, painter, { left: text, align, bold, big }, DOTS[paper]);
        return;
      }
      encoder.align(align).bold(bold);
      if (big) encoder.height(2);
      encoder.line(text);
      if (big) encoder.height(1);
      encoder.bold(false).align('left');
      return;
    }
    case 'row': {
      const left = plain(line.left);
      const right = plain(line.right);
      const bold = line.bold ?? false;
      if (!printsAsText(left) || !printsAsText(right)) {
        picture(encoder, painter, { left, right, align: 'left', bold, big: false }, DOTS[paper]);
        return;
      }
      const figure = Math.min(right.length, columns - 8);
      encoder.bold(bold);
      encoder.table(
        [
          { width: columns - figure - 1, align: 'left' },
          { width: figure, align: 'right', marginLeft: 1 },
        ],
        [[left, right]],
      );
      encoder.bold(false);
      return;
    }
  }
}

/** The document as ESC/POS bytes for this paper; `painter` draws the lines the printer cannot write. */
export function encodeDocument(
  document: PrintedDocument,
  { paper, painter }: { paper: ReceiptPaper; painter: TextPainter },
): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: COLUMNS[paper],
    newline: '\n',
    // Plain ASCII only reaches the text commands (the rest is pictures): the printer's first code page.
    codepageMapping: 'epson',
  });
  encoder.initialize();
  for (const line of document.lines) encodeLine(encoder, painter, line, paper);
  encoder.newline(FEED_BEFORE_CUT);
  // ESC p: the drawer opens as the paper is cut, the receipt in the cashier's hand.
  if (document.drawer) encoder.pulse();
  encoder.raw(PARTIAL_CUT);
  return encoder.encode();
}
