import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PrintIcon } from '../../components/admin-icons';
import { LoadFailed } from '../../components/load-failed';
import { NotFound } from '../../components/not-found';
import { PageSpinner } from '../../components/page-spinner';
import { isReceiptPaper, ReceiptPaperSelect, useReceiptPaper } from '../../components/receipt-paper';
import { isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopInfo } from '../../lib/shop-api';
import { useShopTime } from '../../lib/shop-time';
import { Receipt } from './receipt';
import { fetchOrder, receiptKey } from './receipt-api';
import { changeOf, returnReceipt, saleReceipt } from './receipt-model';
import './receipt.css';

/**
 * Opens the print dialog; `after` runs once it is closed (printed or not). Returns a function that
 * stops waiting for that (the page is left first).
 */
export function printReceipt(after?: () => void): () => void {
  if (after) window.addEventListener('afterprint', after, { once: true });
  window.print();
  return () => {
    if (after) window.removeEventListener('afterprint', after);
  };
}

/**
 * /admin/receipt/{id}: the till receipt of an order on 80 or 58 mm paper (this computer's choice,
 * or `?paper=58`); `?return={returnId}` the receipt of one of its returns. `?print=1` opens the
 * print dialog at once (the till after Save, Reprint in the orders list); with `then=pos` closing
 * it goes back to the till for the next sale (so do Enter and Esc).
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const returnText = params.get('return');
  const returnId = returnText === null ? null : Number(returnText);
  const fromTill = params.get('then') === 'pos';
  const [storedPaper, setPaper] = useReceiptPaper();
  const asked = params.get('paper');
  const paper = isReceiptPaper(asked) ? asked : storedPaper;
  const order = useQuery({ queryKey: receiptKey(id), queryFn: () => fetchOrder(id), enabled: valid });
  const shop = useShopInfo();
  const time = useShopTime();

  const view =
    order.data && (returnId === null ? saleReceipt(order.data) : returnReceipt(order.data, returnId));
  const tillChange = (location.state as { change?: number } | null)?.change;
  const change = tillChange ?? (order.data ? changeOf(order.data) : 0);

  // Back to the till for the next sale, with this sale's change on show there.
  const backToTill = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    backToTill.current = () =>
      void navigate('/admin/pos', { replace: true, state: { lastSale: { id, change } } });
  });

  // From the till the focus waits on "New sale" (Enter) while the dialog is open.
  const newSale = useRef<HTMLButtonElement>(null);
  useEffect(() => newSale.current?.focus(), [fromTill]);

  // Print once, when the receipt and the shop's details are on the page (the next frame: drawn).
  const printed = useRef(false);
  const mounted = useRef(false);
  const stopWaiting = useRef<() => void>(() => undefined);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopWaiting.current();
    };
  }, []);
  const ready = Boolean(view) && !shop.isPending;
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
      stopWaiting.current = printReceipt(fromTill ? () => backToTill.current() : undefined);
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

  if (!valid || (order.isError && isApiError(order.error, 404))) return <NotFound />;

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
        <h1 className="h5 mb-0 me-auto">
          {returnId === null
            ? t('adminTill.receipt.heading', { id })
            : t('adminTill.receipt.returnHeading', { id, returnId })}
        </h1>
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
          onClick={() => printReceipt()}
          disabled={!view}
        >
          <PrintIcon className="me-1" />
          {t('adminTill.receipt.print')}
        </button>
        <Link to={`/admin/print-order/${id}`} className="btn btn-outline-secondary">
          {t('adminTill.receipt.invoice')}
        </Link>
      </div>
      {fromTill && (
        <div className="d-flex flex-wrap align-items-center gap-3 mb-3 receipt-tools">
          {change > 0 && (
            <p className="receipt-change-banner mb-0" role="status">
              {t('adminTill.receipt.changeDue', { amount: change })}
            </p>
          )}
          <p className="small text-secondary mb-0">{t('adminTill.receipt.printing')}</p>
        </div>
      )}
      {order.isPending ? (
        <PageSpinner />
      ) : order.isError ? (
        <LoadFailed onRetry={() => void order.refetch()} />
      ) : !view ? (
        <p className="alert alert-warning" role="alert">
          {t('adminTill.receipt.noReturn', { id, returnId: returnText ?? '' })}
        </p>
      ) : (
        <div className="receipt-sheet">
          <Receipt view={view} shop={shop.data} paper={paper} time={time.dateTime} />
        </div>
      )}
    </div>
  );
}
