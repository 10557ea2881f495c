import { receiptBarcodeValue } from '@bazar/contracts/receipt-code';
import { useRef, type ReactNode } from 'react';
import { usePrintedPage } from '../../components/printed-page';
import type { ReceiptPaper } from '../../components/receipt-paper';
import { PageSpinner } from '../../components/page-spinner';
import { formatAmount, InLanguage, useTranslation, type TFunction } from '../../lib/i18n/i18n';
import type { ShopInfo } from '../../lib/shop-api';
import { useShopTime } from '../../lib/shop-time';
import { ReceiptBarcode } from './receipt-barcode';
import { qtyPriceText, type ReceiptView } from './receipt-model';

/**
 * The receipt's name on screen: "Receipt of order #123", with the till's number beside it once a
 * sale made through the outbox is synced ("… #123 · T-K3F9C2-7"), or that number alone before.
 */
export function receiptHeading(
  t: TFunction,
  view: Pick<ReceiptView, 'kind' | 'orderId' | 'provisional' | 'returnId'>,
) {
  if (view.kind === 'return') {
    return t('adminTill.receipt.returnHeading', { id: view.orderId ?? '', returnId: view.returnId ?? '' });
  }
  if (view.orderId === null)
    return t('adminTill.receipt.localHeading', { provisional: view.provisional ?? '' });
  return view.provisional
    ? t('adminTill.receipt.headingBoth', { id: view.orderId, provisional: view.provisional })
    : t('adminTill.receipt.heading', { id: view.orderId });
}

/** The sale's number as the receipt prints it (see receiptHeading). */
function saleNumber(t: TFunction, view: ReceiptView) {
  if (view.orderId === null)
    return t('adminTill.receipt.provisional', { provisional: view.provisional ?? '' });
  return view.provisional
    ? t('adminTill.receipt.orderBoth', { id: view.orderId, provisional: view.provisional })
    : t('adminTill.receipt.order', { id: view.orderId });
}

/** Text left, figure right; a long text wraps under itself, never under the figure or out of the paper. */
function Row({ left, right, className = '' }: { left: ReactNode; right: ReactNode; className?: string }) {
  return (
    <div className={`receipt-row ${className}`.trim()}>
      <span className="receipt-left">{left}</span>
      <span className="receipt-right">{right}</span>
    </div>
  );
}

type Props = {
  view: ReceiptView;
  shop: ShopInfo | undefined;
  paper: ReceiptPaper;
};

/**
 * A till receipt for a thermal printer: 80 mm paper prints 48 characters a line, 58 mm 32, in a
 * monospaced font (Bengali falls back to a Bengali font and prints as text). Shop name, address and
 * phone (Setting), order number and time, cashier, lines (title, attribute, qty × price, amount),
 * totals, each payment with its reference, change, due, the order number as CODE128, the closing line.
 * It is written in the receipt's language (the customer's), whatever the screen's.
 */
export function Receipt(props: Props) {
  return (
    <InLanguage lang={props.view.lang} fallback={<PageSpinner />}>
      <ReceiptText {...props} />
    </InLanguage>
  );
}

function ReceiptText({ view, shop, paper }: Props) {
  const { t, language, formatNumber } = useTranslation();
  const time = useShopTime().dateTime;
  const ref = useRef<HTMLElement>(null);
  usePrintedPage(ref, paper);
  const method = (m: ReceiptView['payments'][number]['method']) => t(`adminTill.summary.methods.${m}`);
  // Before sync the barcode carries the provisional number.
  const orderNo = view.orderId === null ? (view.provisional ?? '') : String(view.orderId);

  return (
    <article
      ref={ref}
      className={`receipt receipt-${paper}`}
      data-paper={paper}
      aria-label={receiptHeading(t, view)}
      lang={language}
    >
      <header className="receipt-center">
        <p className="receipt-shop">{shop?.name || t('shop.name')}</p>
        {shop?.address && <p>{shop.address}</p>}
        {shop?.phone && <p>{t('adminTill.receipt.phone', { phone: shop.phone })}</p>}
      </header>
      <hr className="receipt-rule" />
      {view.kind === 'return' && (
        <p className="receipt-center receipt-strong">{t('adminTill.receipt.returnTitle')}</p>
      )}
      <Row
        left={
          view.kind === 'return'
            ? t('adminTill.receipt.returnOf', { id: view.orderId ?? '', returnId: view.returnId ?? '' })
            : saleNumber(t, view)
        }
        right={time(view.at)}
      />
      {view.staff && <p>{t('adminTill.receipt.cashier', { name: view.staff })}</p>}
      {view.customer && (
        <>
          <p>{t('adminTill.receipt.customer', { name: view.customer.name })}</p>
          {view.customer.phone && <p>{t('adminTill.receipt.phone', { phone: view.customer.phone })}</p>}
        </>
      )}
      <hr className="receipt-rule" />
      <ol className="receipt-lines" aria-label={t('adminTill.receipt.items', { count: view.lines.length })}>
        {view.lines.map((line, index) => (
          <li key={index}>
            <p className="receipt-title">{line.title}</p>
            <Row
              left={
                <>
                  {line.attri && <span className="receipt-attri">{line.attri} </span>}
                  <span className="receipt-qty">{qtyPriceText(t, line)}</span>
                  {line.returned > 0 && (
                    <span> ({t('adminTill.receipt.returnedQty', { qty: line.returned })})</span>
                  )}
                </>
              }
              right={formatAmount(line.amount, language)}
            />
          </li>
        ))}
      </ol>
      <hr className="receipt-rule" />
      {view.totals.map((total) => (
        <Row
          key={total.key}
          className={total.key === 'subtotal' || view.kind === 'return' ? 'receipt-strong' : ''}
          left={t(`adminTill.receipt.${total.key}`)}
          right={formatNumber(total.amount)}
        />
      ))}
      {view.payments.length > 0 && <hr className="receipt-rule receipt-rule-light" />}
      {view.payments.map((payment, index) => (
        <Row
          key={index}
          className="receipt-payment"
          left={
            <>
              {payment.refund
                ? t('adminTill.receipt.refund', { method: method(payment.method) })
                : method(payment.method)}
              {payment.reference && <span className="receipt-reference"> {payment.reference}</span>}
            </>
          }
          right={formatNumber(payment.amount)}
        />
      ))}
      {view.change > 0 && (
        <Row
          className="receipt-strong receipt-change"
          left={t('adminTill.receipt.change')}
          right={formatNumber(view.change)}
        />
      )}
      {view.due !== null && (
        <Row className="receipt-strong" left={t('adminTill.receipt.due')} right={formatNumber(view.due)} />
      )}
      {view.orderId === null && <p className="mt-1 receipt-note">{t('adminTill.receipt.provisionalNote')}</p>}
      {view.reason && <p className="mt-1">{t('adminTill.receipt.reason', { reason: view.reason })}</p>}
      <hr className="receipt-rule" />
      <div className="receipt-center">
        <ReceiptBarcode
          value={receiptBarcodeValue(orderNo)}
          label={t('adminTill.receipt.barcode', { id: orderNo })}
        />
      </div>
      {shop?.receipt_footer && <p className="receipt-center receipt-footer">{shop.receipt_footer}</p>}
    </article>
  );
}
