import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PrintIcon } from '../../components/admin-icons';
import {
  isReceiptPaper,
  ReceiptPaperSelect,
  useReceiptPaper,
  type ReceiptPaper,
} from '../../components/receipt-paper';
import { useTranslation } from '../../lib/i18n/i18n';
import { printThermal } from '../printing/print-thermal';
import { readyPrinter } from '../printing/printer-store';
import type { PrintedDocument } from '../printing/printed-document';

/**
 * Prints the receipt: on this computer's receipt printer when one is set up (`thermal` makes what
 * it prints; features/printing), else through the print dialog. `after` runs once it is printed
 * on the printer, or once the dialog is closed (printed or not). A printer that fails says why
 * (`failed`) and the dialog opens instead; closing that one leaves the cashier on the page, to read
 * why. Returns a function that stops waiting (the page is left first).
 */
function printReceipt({
  after,
  thermal,
  paper,
  failed,
}: {
  after?: () => void;
  thermal?: () => Promise<PrintedDocument>;
  paper: ReceiptPaper;
  failed: (failure: string | null) => void;
}): () => void {
  let waiting = true;
  failed(null);
  if (!thermal || !readyPrinter()) {
    if (after) window.addEventListener('afterprint', after, { once: true });
    window.print();
    return () => {
      if (after) window.removeEventListener('afterprint', after);
    };
  }
  // The page left while the printer tried (Enter, Esc): its receipt is no longer there to print.
  const fallback = () => waiting && window.print();
  void printThermal(thermal, { paper, dialog: fallback }).then((outcome) => {
    if (!waiting) return;
    if (outcome.by === 'printer') after?.();
    else failed(outcome.failure);
  });
  return () => {
    waiting = false;
  };
}

/** What the till shows about the sale just printed (its "Sale … saved" note and Reprint). */
type LastSale = {
  /** The order's number; null while the sale waits in the till's outbox. */
  id: number | null;
  change: number;
  provisional?: string;
  /** The outbox's id of the sale: Reprint opens its receipt from the till's store. */
  clientId?: string;
};

type Props = {
  heading: string;
  /** The receipt and the shop's details are on the page: `?print=1` may print. */
  ready: boolean;
  /** The sale as the till's note shows it after printing (none: a slip that is no sale). */
  lastSale?: LastSale;
  /** The order's A4 invoice (a synced order only). */
  invoiceId: number | null;
  children: (paper: ReceiptPaper) => ReactNode;
  /**
   * The receipt for this computer's receipt printer, if the page has it (features/printing);
   * `afterSale`: the print right after the sale (its cash opens the drawer), not a reprint.
   */
  thermal?: (afterSale: boolean) => Promise<PrintedDocument>;
};

/**
 * The page around a till receipt (80 or 58 mm paper, this computer's choice or `?paper=58`):
 * `?print=1` prints once the receipt is drawn (the till after Save, Reprint): on this computer's
 * receipt printer when one is set up, else through the print dialog; with `then=pos` the printer's
 * print, or closing the dialog, goes back to the till for the next sale, and so do Enter and Esc.
 */
export function ReceiptFrame({ heading, ready, lastSale, invoiceId, children, thermal }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const fromTill = params.get('then') === 'pos';
  const [storedPaper, setPaper] = useReceiptPaper();
  const asked = params.get('paper');
  const paper = isReceiptPaper(asked) ? asked : storedPaper;

  // Back to the till for the next sale, with this sale's change on show there.
  const backToTill = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    backToTill.current = () =>
      void navigate('/admin/pos', { replace: true, state: lastSale ? { lastSale } : null });
  });

  // From the till the focus waits on "New sale" (Enter) while the dialog is open.
  const newSale = useRef<HTMLButtonElement>(null);
  useEffect(() => newSale.current?.focus(), [fromTill]);

  // Print once, when the receipt and the shop's details are on the page (the next frame: drawn).
  const printed = useRef(false);
  const mounted = useRef(false);
  const stopWaiting = useRef<() => void>(() => undefined);
  // Why the receipt printer did not print (the dialog printed instead), until the next print.
  const [failure, setFailure] = useState<string | null>(null);
  const printNow = useRef<(first: boolean, after?: () => void) => () => void>(() => () => undefined);
  useLayoutEffect(() => {
    printNow.current = (first, after) =>
      printReceipt({
        after,
        thermal: thermal && (() => thermal(first)),
        paper,
        failed: (text) => {
          if (mounted.current) setFailure(text);
        },
      });
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopWaiting.current();
    };
  }, []);
  useEffect(() => {
    if (!ready || printed.current || params.get('print') !== '1') return;
    printed.current = true;
    const state: unknown = location.state;
    requestAnimationFrame(() => {
      if (!mounted.current) return;
      // A reload of this page does not print again.
      setParams(
        (current) => {
          current.delete('print');
          return current;
        },
        { replace: true, state },
      );
      stopWaiting.current = printNow.current(true, fromTill ? () => backToTill.current() : undefined);
    });
  }, [ready, params, setParams, location.state, fromTill]);

  // From the till, Enter or Esc goes back for the next sale.
  useEffect(() => {
    if (!fromTill) return;
    const onKey = (event: KeyboardEvent) => {
      const onControl =
        event.target instanceof HTMLElement && event.target.closest('button, a, select, input');
      if (event.key === 'Escape' || (event.key === 'Enter' && !onControl)) {
        event.preventDefault();
        backToTill.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fromTill]);

  return (
    <div className="receipt-page">
      <div className="receipt-tools d-flex flex-wrap align-items-center gap-2 mb-3">
        {fromTill ? (
          <button
            ref={newSale}
            type="button"
            className="btn btn-primary"
            onClick={() => backToTill.current()}
          >
            {t('adminTill.receipt.newSale')}
          </button>
        ) : (
          <Link
            to="/admin/orders"
            className="btn btn-outline-secondary"
            aria-label={t('adminTill.receipt.back')}
          >
            <span aria-hidden="true">←</span>
          </Link>
        )}
        <h1 className="h5 mb-0 me-auto">{heading}</h1>
        <ReceiptPaperSelect
          id="receipt-paper"
          value={paper}
          onChange={(next) => {
            setPaper(next);
            if (asked !== null) setParams((current) => (current.delete('paper'), current), { replace: true });
          }}
        />
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => printNow.current(false)}
          disabled={!ready}
        >
          <PrintIcon className="me-1" />
          {t('adminTill.receipt.print')}
        </button>
        {invoiceId !== null && (
          <Link to={`/admin/print-order/${invoiceId}`} className="btn btn-outline-secondary">
            {t('adminTill.receipt.invoice')}
          </Link>
        )}
      </div>
      {fromTill && (
        <div className="d-flex flex-wrap align-items-center gap-3 mb-3 receipt-tools">
          {lastSale && lastSale.change > 0 && (
            <p className="receipt-change-banner mb-0" role="status">
              {t('adminTill.receipt.changeDue', { amount: lastSale.change })}
            </p>
          )}
          <p className="small text-secondary mb-0">{t('adminTill.receipt.printing')}</p>
        </div>
      )}
      {failure && (
        <p className="alert alert-warning receipt-tools" role="alert">
          {failure}
        </p>
      )}
      {children(paper)}
    </div>
  );
}
