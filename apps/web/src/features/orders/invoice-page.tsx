import { Link, Navigate, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { OrderPayments, OrderReturns, methodsUsed } from '../../components/order-record';
import { ShopContact, ShopName } from '../../components/shop-contact';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api';
import { formatAmount, formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { useLocalName } from '../../lib/names';
import { useAreaName } from '../../lib/shop-api';
import { useToken } from '../../lib/session';
import { useShopTime } from '../../lib/shop-time';
import { lineAmount, orderAmounts } from '../../lib/money';
import { type Order, useOrder } from './orders-api';
import './orders.css';
import { useSlotText } from '../../lib/delivery';

/** /invoice/{id}, outside the shop layout: the printable invoice of one of the customer's orders. */
export function InvoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const token = useToken();
  const order = useOrder(Number(id), token !== null);

  if (!token) return <Navigate to="/login" replace />;

  let body;
  if (order.isPending) body = <PageSpinner />;
  else if (order.isError) {
    if (isApiError(order.error, 401)) return <Navigate to="/login" replace />;
    if (isApiError(order.error, 403) || isApiError(order.error, 404) || isApiError(order.error, 400)) {
      body = (
        <div className="alert alert-warning" role="alert">
          {isApiError(order.error, 403) ? t('shopOrders.invoice.notYours') : t('shopOrders.invoice.notFound')}
        </div>
      );
    } else body = <LoadFailed onRetry={() => void order.refetch()} />;
  } else body = <InvoiceSheet order={order.data} />;

  return (
    <main className="container invoice-page py-3">
      <div className="invoice-tools d-flex flex-wrap gap-2 mb-3">
        <Link to="/user/orders" className="btn btn-outline-secondary me-auto">
          {t('shopOrders.invoice.back')}
        </Link>
        {order.isSuccess && (
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {t('shopOrders.invoice.print')}
          </button>
        )}
      </div>
      {body}
    </main>
  );
}

function InvoiceSheet({ order }: { order: Order }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const time = useShopTime();
  const amounts = orderAmounts(order);
  const money = (amount: number) => t('shopOrders.invoice.amount', { amount });
  // A till sale may have no customer details (a walk-in): no empty lines for them.
  const till = order.terminal === 1;
  const areaName = useAreaName();
  const slotLine = useSlotText('shown');
  const address = [order.address, areaName(order.area)].filter(Boolean);
  const methods = methodsUsed(t, order);
  return (
    <article className="card shadow-sm invoice-sheet" aria-labelledby="invoice-title">
      <div className="card-body p-3 p-sm-4">
        <header className="text-center border-bottom pb-3 mb-3">
          <p className="h3 mb-1">
            <ShopName />
          </p>
          <ShopContact className="small text-secondary mb-0" />
        </header>
        <div className="d-flex flex-wrap justify-content-between gap-3 mb-3">
          <div>
            <h1 id="invoice-title" className="h5 mb-1">
              {t('shopOrders.invoice.title')}
            </h1>
            <p className="mb-0">{t('shopOrders.invoice.orderNo', { id: order.id })}</p>
            <p className="mb-0">{t('shopOrders.invoice.date', { date: time.date(order.created) })}</p>
          </div>
          <div className="text-sm-end">
            <h2 className="h6 mb-1">{t('shopOrders.invoice.billTo')}</h2>
            {(!till || order.name) && (
              <p className="mb-0">{t('shopOrders.invoice.name', { name: customerName(t, order) })}</p>
            )}
            {(!till || order.phone) && (
              <p className="mb-0">{t('shopOrders.invoice.phone', { phone: order.phone })}</p>
            )}
            {address.length === 2 ? (
              <p className="mb-0">
                {t('shopOrders.invoice.address', { address: order.address, area: areaName(order.area) })}
              </p>
            ) : address.length === 1 ? (
              <p className="mb-0">{t('shopOrders.invoice.addressOnly', { address: address[0] ?? '' })}</p>
            ) : null}
            {order.slot && <p className="mb-0 fw-semibold">{slotLine(order.slot)}</p>}
          </div>
        </div>
        <div className="table-responsive">
          <table className="table table-bordered table-sm align-middle">
            <caption className="visually-hidden">{t('shopOrders.invoice.products')}</caption>
            <thead className="table-light">
              <tr>
                <th scope="col">{t('shopOrders.invoice.sl')}</th>
                <th scope="col">{t('shopOrders.invoice.product')}</th>
                <th scope="col">{t('shopOrders.invoice.attribute')}</th>
                <th scope="col" className="text-end">
                  {t('shopOrders.invoice.rate')}
                </th>
                <th scope="col" className="text-end">
                  {t('shopOrders.invoice.qty')}
                </th>
                <th scope="col" className="text-end">
                  {t('shopOrders.invoice.price')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.carts.map((line, index) => (
                <tr key={line.id}>
                  <td>{formatNumber(index + 1)}</td>
                  <td>{local(line.product?.title || line.title, line.title_bn)}</td>
                  <td>{local(line.attri, line.attri_bn)}</td>
                  <td className="text-end text-nowrap">{formatNumber(line.price)}</td>
                  <td className="text-end">
                    {formatNumber(line.quantity)}
                    {line.returned > 0 && (
                      <span className="d-block small text-secondary">
                        {t('shopOrders.invoice.returnedQty', { qty: line.returned })}
                      </span>
                    )}
                  </td>
                  <td className="text-end text-nowrap">{formatAmount(lineAmount(line))}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {order.returned > 0 && (
                <>
                  <tr>
                    <th scope="row" colSpan={5} className="text-end fw-normal">
                      {t('shopOrders.invoice.sold')}
                    </th>
                    <td className="text-end text-nowrap">{money(amounts.lines)}</td>
                  </tr>
                  <tr>
                    <th scope="row" colSpan={5} className="text-end fw-normal">
                      {t('shopOrders.invoice.returned')}
                    </th>
                    <td className="text-end text-nowrap">−{money(order.returned)}</td>
                  </tr>
                </>
              )}
              <tr>
                <th scope="row" colSpan={5} className="text-end">
                  {t('shopOrders.invoice.total')}
                </th>
                <td className="text-end text-nowrap fw-semibold">{money(amounts.net)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <dl className="invoice-bill">
          <dt>{t('shopOrders.invoice.total')}</dt>
          <dd>{money(amounts.net)}</dd>
          <dt>{t('shopOrders.invoice.shipping')}</dt>
          <dd>{money(amounts.shipping)}</dd>
          <dt>{t('shopOrders.invoice.discount')}</dt>
          <dd>{money(amounts.discount)}</dd>
          <dt className="bill-sep">{t('shopOrders.invoice.subtotal')}</dt>
          <dd className="bill-sep fw-semibold">{money(amounts.total)}</dd>
          <dt>{t('shopOrders.invoice.advance')}</dt>
          <dd>{money(amounts.paid)}</dd>
          <dt className="fw-bold">{t('shopOrders.invoice.due')}</dt>
          <dd className="fw-bold">{money(amounts.due)}</dd>
        </dl>
        {amounts.due <= 0 && amounts.paid > 0 && (
          <p className="text-end fw-bold text-success mb-0" data-testid="invoice-paid">
            {t('shopOrders.orders.paidInFull')}
          </p>
        )}
        {till && (
          <p className="mb-0" data-testid="invoice-methods">
            {methods ? t('shopOrders.invoice.methodsUsed', { methods }) : t('shopOrders.invoice.notPaid')}
          </p>
        )}
        <OrderPayments order={order} className="mt-3" />
        <OrderReturns order={order} className="mt-3" />
        <p className="text-center fw-semibold border-top pt-3 mt-3 mb-0">{t('shopOrders.invoice.check')}</p>
      </div>
    </article>
  );
}
