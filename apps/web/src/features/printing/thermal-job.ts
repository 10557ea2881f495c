import type { ReceiptPaper } from '../../components/receipt-paper';
import { canvasPainter, loadPrintFont } from './canvas-painter';
import { encodeDocument, needsPictures } from './escpos';
import type { PrintedDocument } from './printed-document';
import { sendToPrinter } from './printer';
import type { StoredPrinter } from './printer-store';

/**
 * The printing code a page loads when it prints without a dialog (print-thermal.ts, Setting's
 * printer card): the encoder, the drivers and the canvas that draws Bangla lines.
 */
export { choosePrinter, closePrinter } from './printer';

/** The document as ESC/POS on this printer's paper, sent to it. */
export async function printDocument(
  document: PrintedDocument,
  printer: StoredPrinter,
  paper: ReceiptPaper,
): Promise<void> {
  if (needsPictures(document)) await loadPrintFont();
  const bytes = encodeDocument(document, { paper, painter: canvasPainter() });
  await sendToPrinter(bytes, printer);
}
