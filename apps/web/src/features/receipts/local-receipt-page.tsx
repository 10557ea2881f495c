import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useLoadedLanguage, useTranslation } from '../../lib/i18n/i18n';
import { STORAGE_KEYS } from '../../lib/session';
import { printedReceipt } from '../printing/receipt-document';
import { cacheShopInfo, useQueuedSale } from '../till/offline/outbox-sync';
import { Receipt, receiptHeading } from './receipt';
import { ReceiptFrame } from './receipt-frame';
import { queuedReceipt } from './receipt-model';
import './receipt.css';

const staffName = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.name);
  } catch {
    return null;
  }
};

/**
 * /admin/receipt/local/{client_id}: the receipt of a sale kept in this till's outbox, printed with
 * no server: its provisional number, the till's prices and the change it worked out. Once the sale
 * is synced it shows the order's receipt with both numbers (Reprint maps one to the other).
 */
export function LocalReceiptPage() {
  const { t, language } = useTranslation();
  const location = useLocation();
  const clientId = useParams().clientId ?? '';
  const sale = useQueuedSale(clientId);
  // The shop's name and address as the till last read them (the server may be gone).
  const shop = useQuery({
    queryKey: ['till', 'shop-info'],
    queryFn: () => cacheShopInfo().then((info) => info ?? null),
    // It falls back to the stored copy itself: it must run with the browser offline too.
    networkMode: 'always',
  });

  const view = sale ? queuedReceipt(sale, staffName(), language) : null;
  const printable = useLoadedLanguage(view?.lang ?? language) !== null;
  const tillChange = (location.state as { change?: number } | null)?.change;
  const change = tillChange ?? sale?.change ?? 0;
  const orderId = sale?.order?.id ?? null;
  const provisional = sale?.provisional ?? '';

  return (
    <ReceiptFrame
      heading={
        view ? receiptHeading(t, view) : t('adminTill.receipt.localHeading', { provisional: clientId })
      }
      ready={Boolean(view) && !shop.isPending && printable}
      lastSale={{ id: orderId, change, provisional, clientId }}
      invoiceId={orderId}
      // The till's sale passes its change: the receipt printed then opens the drawer for its cash.
      thermal={
        view
          ? (afterSale) =>
              printedReceipt(view, shop.data ?? undefined, { drawer: afterSale && tillChange !== undefined })
          : undefined
      }
    >
      {(paper) =>
        sale === null ? (
          <PageSpinner />
        ) : !view ? (
          <p className="alert alert-warning" role="alert">
            {t('adminTill.receipt.localMissing')}
          </p>
        ) : (
          <div className="receipt-sheet">
            <Receipt view={view} shop={shop.data ?? undefined} paper={paper} />
          </div>
        )
      }
    </ReceiptFrame>
  );
}
