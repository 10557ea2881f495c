import { OrderPayments, OrderReturns, methodsUsed } from '../../components/order-record';
import { ShopContact, ShopName } from '../../components/shop-contact';
import { useSlotText } from '../../lib/delivery';
import { formatAmount, useTranslation } from '../../lib/i18n/i18n';
import { customerName, namesIn } from '../../lib/line-names';
import { lineAmount, orderAmounts } from '../../lib/money';
import { useShopTime } from '../../lib/shop-time';
import type { Order } from './orders-api';

/**
 * The A4 invoice of one order, in the language around it (the print page's InLanguage). An online
 * order has the rider token and payment line; a till sale names the methods actually used.
 */
export function Invoice({ order }: { order: Order }) {
  const { t, language, formatNumber } = useTranslation();
  const amounts = orderAmounts(order);
  const time = useShopTime();
  const bdt = (amount: number) => t('adminOrders.invoice.amount', { amount });
  const till = order.terminal === 1;
  const address = [order.address, order.area].filter(Boolean);
  const slotLine = useSlotText('shown');
  const methods = methodsUsed(t, order);
  return (
    <article className="order-invoice card" aria-label={t('adminOrders.invoice.title')} lang={language}>
      <div className="card-body">
        <header className="invoice-header text-center mb-3">
          <h2 className="h4 mb-1">
            <ShopName />
          </h2>
          <ShopContact />
        </header>

        <div className="row g-2 mb-3 small">
          <div className="col-12 col-sm-6">
            <p className="mb-0 fw-semibold">{t('adminOrders.invoice.orderNo', { id: order.id })}</p>
            <p className="mb-0">{t('adminOrders.invoice.date', { date: time.dateTime(order.created) })}</p>
            {till && order.cashier && (
              <p className="mb-0">{t('adminOrders.invoice.cashier', { name: order.cashier })}</p>
            )}
          </div>
          {/* A walk-in customer of the till has no name, phone or address: no empty lines for them. */}
          <div className="col-12 col-sm-6 text-sm-end">
            {(!till || order.name) && (
              <p className="mb-0">{t('adminOrders.invoice.name', { name: customerName(t, order) })}</p>
            )}
            {(!till || order.phone) && (
              <p className="mb-0">{t('adminOrders.invoice.phone', { phone: order.phone })}</p>
            )}
            {address.length === 2 ? (
              <p className="mb-0">
                {t('adminOrders.invoice.address', { address: order.address, area: order.area })}
              </p>
            ) : address.length === 1 ? (
              <p className="mb-0">{t('adminOrders.invoice.addressOnly', { address: address[0] ?? '' })}</p>
            ) : null}
            {order.slot && <p className="mb-0 fw-semibold">{slotLine(order.slot)}</p>}
          </div>
        </div>

        <div className="table-responsive mb-3">
          <table className="table table-sm table-bordered invoice-table mb-0">
            <caption className="visually-hidden">{t('adminOrders.invoice.products')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminOrders.invoice.columns.sl')}</th>
                <th scope="col">{t('adminOrders.invoice.columns.name')}</th>
                <th scope="col">{t('adminOrders.invoice.columns.attri')}</th>
                <th scope="col" className="num">
                  {t('adminOrders.invoice.columns.rate')}
                </th>
                <th scope="col" className="num">
                  {t('adminOrders.invoice.columns.qty')}
                </th>
                <th scope="col" className="num">
                  {t('adminOrders.invoice.columns.price')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.carts.map((line, index) => (
                <tr key={line.id}>
                  <td>{formatNumber(index + 1)}</td>
                  <td>{namesIn(language, line).title || line.product.title}</td>
                  <td>{namesIn(language, line).attri}</td>
                  <td className="num">{formatNumber(line.price)}</td>
                  <td className="num">
                    {formatNumber(line.quantity)}
                    {line.returned > 0 && (
                      <span className="d-block small text-secondary">
                        {t('adminOrders.invoice.returnedQty', { qty: line.returned })}
                      </span>
                    )}
                  </td>
                  <td className="num">{formatAmount(lineAmount(line), language)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {order.returned > 0 && (
                <>
                  <tr>
                    <th scope="row" colSpan={5} className="text-end fw-normal">
                      {t('adminOrders.invoice.linesSold')}
                    </th>
                    <td className="num">{formatNumber(amounts.lines)}</td>
                  </tr>
                  <tr>
                    <th scope="row" colSpan={5} className="text-end fw-normal">
                      {t('adminOrders.invoice.linesReturned')}
                    </th>
                    <td className="num">−{formatNumber(order.returned)}</td>
                  </tr>
                </>
              )}
              <tr>
                <th scope="row" colSpan={5} className="text-end">
                  {t('adminOrders.invoice.linesTotal')}
                </th>
                <td className="num fw-semibold">{formatNumber(amounts.net)}</td>
              </tr>
            </tfoot>
          </table>
        </div>

        <div className="row g-3 align-items-start">
          <div className="col-12 col-sm-6 order-sm-2">
            <h3 className="h6 visually-hidden">{t('adminOrders.invoice.billing')}</h3>
            <dl className="invoice-billing mb-2" aria-label={t('adminOrders.invoice.billing')}>
              <div>
                <dt>{t('adminOrders.invoice.total')}</dt>
                <dd>{bdt(amounts.net)}</dd>
              </div>
              <div>
                <dt>{t('adminOrders.invoice.ship')}</dt>
                <dd>{bdt(amounts.shipping)}</dd>
              </div>
              <div>
                <dt>{t('adminOrders.invoice.discount')}</dt>
                <dd>{bdt(amounts.discount)}</dd>
              </div>
              <div className="border-top">
                <dt>{t('adminOrders.invoice.subtotal')}</dt>
                <dd>{bdt(amounts.total)}</dd>
              </div>
              <div>
                <dt>{t('adminOrders.invoice.advance')}</dt>
                <dd>{bdt(amounts.paid)}</dd>
              </div>
              <div className="fw-semibold">
                <dt>{t('adminOrders.invoice.due')}</dt>
                <dd>{bdt(amounts.due)}</dd>
              </div>
            </dl>
            <p className="small fst-italic mb-0">{t('adminOrders.invoice.check')}</p>
          </div>
          <div className="col-12 col-sm-6 order-sm-1">
            {till ? (
              <p className="small mb-0" data-testid="invoice-methods">
                {methods
                  ? t('adminOrders.invoice.methodsUsed', { methods })
                  : t('adminOrders.invoice.notPaid')}
              </p>
            ) : (
              <>
                <section className="rider-token p-2" aria-labelledby="rider-token-title">
                  <h3 id="rider-token-title" className="h6 mb-1">
                    {t('adminOrders.invoice.rider')}
                  </h3>
                  <p className="mb-0 small">{t('adminOrders.invoice.riderOrder', { id: order.id })}</p>
                  {order.slot && <p className="mb-0 small">{slotLine(order.slot)}</p>}
                  <p className="mb-0 fw-semibold">
                    {t('adminOrders.invoice.riderPay', { amount: amounts.due })}
                  </p>
                </section>
                <p className="small mt-2 mb-0">{t('adminOrders.invoice.method')}</p>
              </>
            )}
          </div>
        </div>

        <OrderPayments order={order} className="mt-3" />
        <OrderReturns order={order} className="mt-3" />

        <div className="invoice-signature mt-5 text-end">
          <span className="signature-line small">{t('adminOrders.invoice.signature')}</span>
        </div>
      </div>
    </article>
  );
}
