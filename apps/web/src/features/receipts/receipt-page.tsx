import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { NotFound } from '../../components/not-found';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api';
import { useLoadedLanguage, useTranslation } from '../../lib/i18n/i18n';
import { useShopInfo } from '../../lib/shop-api';
import { printedReceipt } from '../printing/receipt-document';
import { Receipt, receiptHeading } from './receipt';
import { fetchOrder, receiptKey } from './receipt-api';
import { ReceiptFrame } from './receipt-frame';
import { changeOf, returnReceipt, saleReceipt } from './receipt-model';
import './receipt.css';

/**
 * /admin/receipt/{id}: the till receipt of an order (see ReceiptFrame for paper and printing);
 * `?return={returnId}` the receipt of one of its returns. A sale synced from the till's outbox
 * shows its provisional number beside the order's. It prints in the customer's language (the
 * order's `lang`); the page's tools stay in the screen's.
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const returnText = params.get('return');
  const returnId = returnText === null ? null : Number(returnText);
  const order = useQuery({ queryKey: receiptKey(id), queryFn: () => fetchOrder(id), enabled: valid });
  const shop = useShopInfo();

  const view =
    order.data && (returnId === null ? saleReceipt(order.data) : returnReceipt(order.data, returnId));
  // The receipt prints once its language's texts are here (the customer's may not be the screen's).
  const printable = useLoadedLanguage(view?.lang ?? 'en') !== null;
  const tillChange = (location.state as { change?: number } | null)?.change;
  const change = tillChange ?? (order.data ? changeOf(order.data) : 0);
  const provisional = order.data?.provisional;

  if (!valid || (order.isError && isApiError(order.error, 404))) return <NotFound />;

  return (
    <ReceiptFrame
      heading={receiptHeading(t, {
        kind: returnId === null ? 'sale' : 'return',
        orderId: id,
        provisional: provisional ?? null,
        returnId,
      })}
      ready={Boolean(view) && !shop.isPending && printable}
      lastSale={{ id, change, ...(provisional && { provisional }) }}
      invoiceId={id}
      // The till's sale passes its change: the receipt printed then opens the drawer for its cash.
      thermal={
        view
          ? (afterSale) => printedReceipt(view, shop.data, { drawer: afterSale && tillChange !== undefined })
          : undefined
      }
    >
      {(paper) =>
        order.isPending ? (
          <PageSpinner />
        ) : order.isError ? (
          <LoadFailed onRetry={() => void order.refetch()} />
        ) : !view ? (
          <p className="alert alert-warning" role="alert">
            {t('adminTill.receipt.noReturn', { id, returnId: returnText ?? '' })}
          </p>
        ) : (
          <div className="receipt-sheet">
            <Receipt view={view} shop={shop.data} paper={paper} />
          </div>
        )
      }
    </ReceiptFrame>
  );
}
