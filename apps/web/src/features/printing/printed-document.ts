import type { ReceiptPaper } from '../../components/receipt-paper';

/**
 * What goes on a thermal printer's paper, whatever the paper is (a till receipt, the day's slip, a
 * due slip): lines of text, rows of text left and a figure right, rules, a barcode, and whether
 * the cash drawer opens with it. escpos.ts turns it into the printer's bytes; a line in any script
 * but Latin (Bangla) prints as a picture, since the printer has no Bengali font.
 */
export type PrintedLine =
  /** A line of text (a long one wraps); `big` is the shop's name at the top. */
  | { kind: 'text'; text: string; align?: 'left' | 'center'; bold?: boolean; big?: boolean }
  /** Text left, figure right; a long text wraps under itself, never under the figure. */
  | { kind: 'row'; left: string; right: string; bold?: boolean }
  /** A dashed rule across the paper; `light` between payments and totals. */
  | { kind: 'rule'; light?: boolean }
  /** A CODE128 barcode (the order's number), centred. */
  | { kind: 'barcode'; value: string };

export interface PrintedDocument {
  lines: PrintedLine[];
  /** Open the cash drawer (the printer's drawer kick) with this paper: a cash sale just made. */
  drawer: boolean;
}

/** Characters a line per paper in the printer's font A: the receipt page's 48 and 32. */
export const COLUMNS: Record<ReceiptPaper, 32 | 48> = { '80': 48, '58': 32 };
