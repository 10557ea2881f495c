import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PrintIcon } from '../../components/admin-icons';
import { LanguageSelect } from '../../components/language-select';
import { LoadFailed } from '../../components/load-failed';
import { NotFound } from '../../components/not-found';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api';
import {
  InLanguage,
  isLanguage,
  useLoadedLanguage,
  useTranslation,
  type Language,
} from '../../lib/i18n/i18n';
import { fetchOrder, isCancelled, orderKey, receiptUrl, refreshOrderLists, type Order } from './orders-api';
import { Invoice } from './print-invoice';
import { ReturnModal } from './return-modal';
import './print-order.css';

/** Prints the invoice area only (print.css hides the admin frame), then reloads the page. */
function printInvoice() {
  window.print();
  window.location.reload();
}

/** The customer's language; a walk-in's sale (no account) prints in the screen's. */
const languageOf = (order: Order, screen: Language): Language =>
  isLanguage(order.lang) ? order.lang : screen;

/**
 * /admin/print-order/{id}: the printable A4 invoice of one order. An online order has the spec's
 * rider token and payment line; a till sale names the methods actually used and has no rider. The
 * invoice is written in the customer's language whatever the screen's ("Print in" chooses another);
 * the tools around it stay in the screen's.
 */
export function PrintOrderPage() {
  const { t, language: screen } = useTranslation();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const order = useQuery({ queryKey: orderKey(id), queryFn: () => fetchOrder(id), enabled: valid });
  const [returning, setReturning] = useState(false);
  const [printIn, setPrintIn] = useState<Language | null>(null);
  const lang = printIn ?? (order.data ? languageOf(order.data, screen) : screen);
  const drawn = useLoadedLanguage(lang);

  const returned = (changed: Order) => {
    queryClient.setQueryData(orderKey(changed.id), changed);
    void refreshOrderLists(queryClient);
  };

  if (!valid || (order.isError && isApiError(order.error, 404))) return <NotFound />;

  return (
    <div className="invoice-page">
      <div className="invoice-tools d-flex align-items-center gap-2 mb-3">
        <Link
          to="/admin/orders"
          className="btn btn-outline-secondary"
          aria-label={t('adminOrders.invoice.back')}
        >
          <span aria-hidden="true">←</span>
        </Link>
        <h1 className="h5 mb-0 me-auto">{t('adminOrders.invoice.title')}</h1>
        {order.data && !isCancelled(order.data) && (
          <button type="button" className="btn btn-outline-primary" onClick={() => setReturning(true)}>
            {t('adminOrders.invoice.return')}
          </button>
        )}
        {order.data?.terminal === 1 && (
          <Link to={receiptUrl(order.data.id)} className="btn btn-outline-primary">
            {t('adminOrders.invoice.receipt')}
          </Link>
        )}
        <div className="d-flex align-items-center gap-2">
          <label htmlFor="invoice-language" className="form-label small mb-0 text-nowrap">
            {t('adminOrders.invoice.printIn')}
          </label>
          <LanguageSelect
            id="invoice-language"
            className="form-select form-select-sm w-auto"
            value={lang}
            onChange={setPrintIn}
          />
        </div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={printInvoice}
          disabled={!order.data || drawn === null}
        >
          <PrintIcon className="me-1" />
          {t('adminOrders.invoice.print')}
        </button>
      </div>
      {order.isPending ? (
        <PageSpinner />
      ) : order.isError ? (
        <LoadFailed onRetry={() => void order.refetch()} />
      ) : (
        <InLanguage lang={lang} fallback={<PageSpinner />}>
          <Invoice order={order.data} />
        </InLanguage>
      )}
      <ReturnModal
        order={returning ? (order.data ?? null) : null}
        onClose={() => setReturning(false)}
        onReturned={returned}
      />
    </div>
  );
}
