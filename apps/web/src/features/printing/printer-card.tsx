import { useEffect, useRef, useState } from 'react';
import { ReceiptPaperSelect, useReceiptPaper } from '../../components/receipt-paper';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { loadPrinting, printerFailure } from './print-thermal';
import {
  BAUD_RATES,
  printerApi,
  storePrinter,
  useStoredPrinter,
  type PrinterKind,
  type StoredPrinter,
} from './printer-store';
import { testPageDocument } from './test-page';

const hex = (id: number) => id.toString(16).padStart(4, '0');

/** The printer as the card names it: a USB printer by its own name, a serial one by its port's USB ids. */
function printerName(t: TFunction, printer: StoredPrinter) {
  if (printer.kind === 'usb')
    return printer.name ? t('adminPrinting.usbNamed', { name: printer.name }) : t('adminPrinting.usbPrinter');
  return printer.vendorId !== null && printer.productId !== null
    ? t('adminPrinting.serialUsb', { ids: `${hex(printer.vendorId)}:${hex(printer.productId)}` })
    : t('adminPrinting.serialPort');
}

type Note = { text: string; tone: 'success' | 'danger' | 'secondary' };

/**
 * Setting's receipt printer, for this computer only (kept in this browser): choose a USB or serial
 * thermal printer with the browser's chooser, the paper (80 or 58 mm, the receipt page's own
 * choice), a serial port's speed, a test page, forget it. Where the browser has neither WebUSB nor
 * Web Serial it says so: receipts print through the print dialog.
 */
export function ReceiptPrinterCard() {
  const translation = useTranslation();
  const { t } = translation;
  const printer = useStoredPrinter();
  const [paper, setPaper] = useReceiptPaper();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const kinds = (['usb', 'serial'] as const).filter((kind) => printerApi(kind));
  const supported = kinds.length > 0;

  // The chooser opens only within a click's moment: the code it needs is loaded before the click,
  // once (a load that failed is tried again).
  const printing = useRef<ReturnType<typeof loadPrinting> | null>(null);
  const load = useRef(
    () =>
      (printing.current ??= loadPrinting().catch((error: unknown) => {
        printing.current = null;
        throw error;
      })),
  ).current;
  useEffect(() => {
    if (supported) load().catch((error: unknown) => console.error('Could not load the printing code', error));
  }, [supported, load]);

  const act = async (work: () => Promise<Note | null>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote(await work());
    } catch (error) {
      console.error('Receipt printer', error);
      setNote({ text: t('adminPrinting.trouble', { reason: printerFailure(error) }), tone: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  const choose = (kind: PrinterKind) =>
    act(async () => {
      const { choosePrinter } = await load();
      const chosen = await choosePrinter(kind, printer?.baudRate ?? BAUD_RATES[0]);
      if (!chosen) return { text: t('adminPrinting.notChosen'), tone: 'secondary' };
      storePrinter(chosen);
      return null;
    });

  const testPage = (chosen: StoredPrinter) =>
    act(async () => {
      const { printDocument } = await load();
      await printDocument(testPageDocument(translation, paper, printerName(t, chosen)), chosen, paper);
      return { text: t('adminPrinting.testSent'), tone: 'success' };
    });

  const forget = () =>
    act(async () => {
      storePrinter(null);
      await (await load()).closePrinter();
      return { text: t('adminPrinting.forgotten'), tone: 'secondary' };
    });

  const setBaudRate = (chosen: StoredPrinter, baudRate: number) =>
    act(async () => {
      storePrinter({ ...chosen, baudRate });
      // The port opens again at the new speed on the next print.
      await (await load()).closePrinter();
      return null;
    });

  return (
    <section className="card shadow-sm admin-form-card mt-3" aria-labelledby="receipt-printer-title">
      <div className="card-body">
        <h2 id="receipt-printer-title" className="h5 mb-2">
          {t('adminPrinting.title')}
        </h2>
        <p className="small text-secondary">{t('adminPrinting.help')}</p>
        {!supported ? (
          <div className="alert alert-warning py-2 small" role="status">
            {t('adminPrinting.unsupported')}
          </div>
        ) : (
          <>
            <p className="fw-semibold mb-2" data-testid="receipt-printer">
              {printer
                ? t('adminPrinting.chosen', { name: printerName(t, printer) })
                : t('adminPrinting.none')}
            </p>
            <div className="d-flex flex-wrap gap-2">
              {kinds.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="btn btn-outline-primary"
                  disabled={busy}
                  onClick={() => void choose(kind)}
                >
                  {t(kind === 'usb' ? 'adminPrinting.chooseUsb' : 'adminPrinting.chooseSerial')}
                </button>
              ))}
            </div>
            {kinds.length === 2 && <p className="form-text mb-0">{t('adminPrinting.chooseHelp')}</p>}
          </>
        )}
        <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
          <ReceiptPaperSelect id="printer-paper" value={paper} onChange={setPaper} />
          {printer?.kind === 'serial' && supported && (
            <div className="d-flex align-items-center gap-2">
              <label htmlFor="printer-baud" className="form-label small mb-0 text-nowrap">
                {t('adminPrinting.baudRate')}
              </label>
              <select
                id="printer-baud"
                className="form-select form-select-sm w-auto"
                value={printer.baudRate}
                disabled={busy}
                onChange={(event) => void setBaudRate(printer, Number(event.target.value))}
              >
                {BAUD_RATES.map((rate) => (
                  <option key={rate} value={rate}>
                    {rate}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {printer && supported && (
          <div className="d-flex flex-wrap gap-2 mt-3">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void testPage(printer)}
            >
              {t('adminPrinting.testPage')}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={busy}
              onClick={() => void forget()}
            >
              {t('adminPrinting.forget')}
            </button>
          </div>
        )}
        {note && (
          <div
            className={`alert alert-${note.tone} py-2 small mt-3 mb-0`}
            role={note.tone === 'danger' ? 'alert' : 'status'}
          >
            {note.text}
          </div>
        )}
      </div>
    </section>
  );
}
