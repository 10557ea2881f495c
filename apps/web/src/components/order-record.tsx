import type { Order, StoredPaymentMethod } from '@bazar/contracts/orders';
import { useTranslation, type TFunction } from '../lib/i18n/i18n';
import { returnedNamesIn } from '../lib/line-names';
import { useShopTime } from '../lib/shop-time';
import './order-record.css';

type Money = Pick<Order, 'payments' | 'returns'> & Partial<Pick<Order, 'carts'>>;

/** A payment method's name on screen ("Cash", "bKash", "Advance balance"). */
export const methodLabel = (t: TFunction, method: StoredPaymentMethod) => t(`orderRecord.methods.${method}`);

/** The methods money was taken by (refunds left out), in the order first used: "Cash, bKash". */
export function methodsUsed(t: TFunction, order: Pick<Order, 'payments'>): string {
  const methods = [...new Set(order.payments.filter((p) => p.amount > 0).map((p) => p.method))];
  return methods.map((method) => methodLabel(t, method)).join(', ');
}

/**
 * Every payment of an order, oldest first: when, how, how much (a refund is negative), the
 * transaction reference and who took it. Nothing is rendered for an order without payments.
 */
export function OrderPayments({ order, className = '' }: { order: Money; className?: string }) {
  const { t, formatNumber } = useTranslation();
  const time = useShopTime();
  if (order.payments.length === 0) return null;
  return (
    <div className={`table-responsive ${className}`.trim()}>
      <table className="table table-sm table-bordered order-record mb-0 stack-table">
        <caption className="order-record-caption">{t('orderRecord.payments')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orderRecord.time')}</th>
            <th scope="col">{t('orderRecord.method')}</th>
            <th scope="col" className="num">
              {t('orderRecord.amount')}
            </th>
            <th scope="col">{t('orderRecord.reference')}</th>
            <th scope="col">{t('orderRecord.by')}</th>
          </tr>
        </thead>
        <tbody>
          {order.payments.map((payment) => {
            const change =
              payment.tendered !== null && payment.tendered > payment.amount
                ? t('orderRecord.change', {
                    tendered: payment.tendered,
                    change: payment.tendered - payment.amount,
                  })
                : null;
            return (
              <tr key={payment.id} data-payment-id={payment.id}>
                <td className="text-nowrap" data-label={t('orderRecord.time')}>
                  {time.dateTime(payment.created)}
                </td>
                <td data-label={t('orderRecord.method')}>
                  {methodLabel(t, payment.method)}
                  {payment.amount < 0 && (
                    <span className="badge text-bg-warning ms-1">{t('orderRecord.refund')}</span>
                  )}
                  {payment.return_id !== null && (
                    <span className="d-block small text-secondary">
                      {t('orderRecord.forReturn', { id: payment.return_id })}
                    </span>
                  )}
                </td>
                <td className="num" data-label={t('orderRecord.amount')}>
                  {payment.amount < 0 ? `−${formatNumber(-payment.amount)}` : formatNumber(payment.amount)}
                  {change && <span className="d-block small text-secondary">{change}</span>}
                </td>
                <td className="text-break" data-label={t('orderRecord.reference')}>
                  {payment.reference ?? ''}
                </td>
                <td data-label={t('orderRecord.by')}>{payment.by ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The goods brought back against an order: each return with its lines, value, reason and who took
 * it. In Bangla a line is named as the order's line of its product was (given `carts`).
 */
export function OrderReturns({ order, className = '' }: { order: Money; className?: string }) {
  const { t, language, formatNumber } = useTranslation();
  const time = useShopTime();
  if (order.returns.length === 0) return null;
  return (
    <section className={className} aria-labelledby="order-returns-title">
      <h3 id="order-returns-title" className="order-record-caption h6 mb-1">
        {t('orderRecord.returns')}
      </h3>
      {order.returns.map((item) => (
        <div key={item.id} className="mb-2" data-return-id={item.id}>
          <p className="small mb-1">
            <span className="fw-semibold">{t('orderRecord.returnNo', { id: item.id })}</span> ·{' '}
            {time.dateTime(item.created)}
            {item.by && <> · {t('orderRecord.returnBy', { name: item.by })}</>} ·{' '}
            {t('orderRecord.returnValue', { amount: item.value })}
            {item.reason && (
              <span className="d-block">{t('orderRecord.reason', { reason: item.reason })}</span>
            )}
          </p>
          <div className="table-responsive">
            <table className="table table-sm table-bordered order-record mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('orderRecord.product')}</th>
                  <th scope="col" className="num">
                    {t('orderRecord.price')}
                  </th>
                  <th scope="col" className="num">
                    {t('orderRecord.qty')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {item.lines.map((line, index) => {
                  const names = returnedNamesIn(language, line, order.carts);
                  return (
                    <tr key={`${line.product_id ?? 'x'}-${index}`}>
                      <td>
                        {names.title}
                        {names.attri && <span className="text-secondary"> {names.attri}</span>}
                      </td>
                      <td className="num">{formatNumber(line.price)}</td>
                      <td className="num">{formatNumber(line.quantity)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </section>
  );
}
