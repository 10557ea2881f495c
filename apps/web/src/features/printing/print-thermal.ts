import { isReceiptPaper, type ReceiptPaper } from '../../components/receipt-paper';
import { t } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import type { PrintedDocument } from './printed-document';
import type { PrinterFailure } from './printer';
import { readyPrinter } from './printer-store';

/**
 * Prints a paper for the till's printer: straight to the thermal printer chosen on this browser
 * (Setting → Receipt printer) as ESC/POS, without a dialog; else through the browser's print
 * dialog, as before. The dialog is also the fallback when the printer cannot be reached or does
 * not take the data: the cashier is told why (a toast, and the answer for the page to show) and
 * the paper, still on the screen, prints through the dialog. The printing code itself (encoder,
 * drivers) loads only here, when a printer is set up.
 */

export type PrintOutcome =
  | { by: 'printer' }
  /** `failure`: why the printer did not print (null: none is set up on this browser). */
  | { by: 'dialog'; failure: string | null };

const FAILURES: readonly PrinterFailure[] = ['notConnected', 'timeout', 'failed', 'notEscPos'];

/** Why the printer did not print, in words (printer.ts's PrinterError; any other error: it did not take the data). */
export function printerFailure(error: unknown): string {
  const reason = (error as { reason?: unknown } | null)?.reason;
  const failure = FAILURES.includes(reason as PrinterFailure) ? (reason as PrinterFailure) : 'failed';
  return t(`adminPrinting.reasons.${failure}`);
}

/** The printing code (encoder, drivers, the canvas for Bangla): its own chunk, loaded only to print. */
export const loadPrinting = () => import('./thermal-job');

/** This computer's receipt paper (components/receipt-paper.tsx keeps it under this key). */
function computerPaper(): ReceiptPaper {
  try {
    const stored = localStorage.getItem('receipt-paper');
    return isReceiptPaper(stored) ? stored : '80';
  } catch {
    return '80';
  }
}

/**
 * Prints `document` (or what `document()` answers, made only when a printer will print it) on this
 * browser's receipt printer, on `paper` (this computer's receipt paper by default). `dialog` is the
 * print dialog (window.print by default: a page that waits for `afterprint` registers it there);
 * it runs at once, before anything loads, when no printer is set up.
 */
export async function printThermal(
  document: PrintedDocument | (() => PrintedDocument | Promise<PrintedDocument>),
  { paper, dialog = () => window.print() }: { paper?: ReceiptPaper; dialog?: () => void } = {},
): Promise<PrintOutcome> {
  const printer = readyPrinter();
  if (!printer) {
    dialog();
    return { by: 'dialog', failure: null };
  }
  try {
    const [{ printDocument }, printed] = await Promise.all([
      loadPrinting(),
      typeof document === 'function' ? document() : document,
    ]);
    await printDocument(printed, printer, paper ?? computerPaper());
    return { by: 'printer' };
  } catch (error) {
    console.error('The receipt printer did not print', error);
    const failure = t('adminPrinting.failed', { reason: printerFailure(error) });
    toast.error(failure);
    // The toast is drawn before the dialog holds the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    dialog();
    return { by: 'dialog', failure };
  }
}
