import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { formatAmount, formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { useLocalName } from '../../lib/names';
import { useAreaName } from '../../lib/shop-api';
import { lineAmount, orderAmounts } from '../../lib/money';
import { BuyAgainButton } from './buy-again-button';
import { OrderTimeline } from './order-timeline';
import { type Order, useOrder } from './orders-api';
import { useSlotText } from '../../lib/delivery';
import '../../components/order-record.css';

/** The View of an order card in the customer's order list: who, where, the note and the products. */
export function OrderDetailsModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const areaName = useAreaName();
  const slotText = useSlotText();
  // The list's order has no timeline: the order's own read brings it.
  const full = useOrder(order?.id ?? 0, order !== null);
  const timeline = order && full.data?.id === order.id ? full.data.timeline : undefined;
  const due = order ? orderAmounts(order).due : 0;
  return (
    <Modal show={order !== null} onHide={onClose} size="lg" centered aria-labelledby="order-details-title">
      {order && (
        <>
          <Modal.Header closeButton closeLabel={t('common.close')}>
            <Modal.Title as="h2" id="order-details-title" className="h5">
              {t('shopOrders.details.title', { id: order.id })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {timeline && timeline.length > 0 && <OrderTimeline orderId={order.id} timeline={timeline} />}
            <dl className="order-facts">
              <dt>{t('shopOrders.details.name')}</dt>
              <dd>{customerName(t, order)}</dd>
              <dt>{t('shopOrders.details.phone')}</dt>
              <dd>{order.phone}</dd>
              <dt>{t('shopOrders.details.area')}</dt>
              <dd>{areaName(order.area)}</dd>
              <dt>{t('shopOrders.details.address')}</dt>
              <dd>{order.address}</dd>
              {order.slot && (
                <>
                  <dt>{t('delivery.slot.legend')}</dt>
                  <dd>{slotText(order.slot)}</dd>
                </>
              )}
              <dt>{t('shopOrders.details.total')}</dt>
              <dd>{t('common.price', { amount: orderAmounts(order).net })}</dd>
              {/* What is left to pay (an order paid online owes nothing). */}
              <dt>{t(due > 0 ? 'shopOrders.orders.toPay' : 'shopOrders.checkout.payment')}</dt>
              <dd className="fw-semibold" data-testid="order-due">
                {due > 0 ? t('common.price', { amount: due }) : t('shopOrders.orders.paidInFull')}
              </dd>
              <dt>{t('shopOrders.details.note')}</dt>
              <dd>
                {order.note || <span className="text-secondary">{t('shopOrders.details.noNote')}</span>}
              </dd>
            </dl>
            <div className="table-responsive">
              <table className="table table-sm align-middle mb-0 stack-table">
                <caption className="visually-hidden">{t('shopOrders.details.products')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('shopOrders.details.product')}</th>
                    <th scope="col" className="text-end">
                      {t('shopOrders.details.price')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('shopOrders.details.qty')}
                    </th>
                    <th scope="col">{t('shopOrders.details.attribute')}</th>
                    <th scope="col" className="text-end">
                      {t('shopOrders.details.lineTotal')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.carts.map((line) => (
                    <tr key={line.id}>
                      <td className="stack-head">
                        {local(line.product?.title || line.title, line.title_bn)}
                      </td>
                      <td className="text-end text-nowrap" data-label={t('shopOrders.details.price')}>
                        {t('common.price', { amount: line.price })}
                      </td>
                      <td className="text-end" data-label={t('shopOrders.details.qty')}>
                        {formatNumber(line.quantity)}
                      </td>
                      <td data-label={t('shopOrders.details.attribute')}>
                        {local(line.attri, line.attri_bn)}
                      </td>
                      <td className="text-end text-nowrap" data-label={t('shopOrders.details.lineTotal')}>
                        {t('common.price', { amount: formatAmount(lineAmount(line)) })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Modal.Body>
          <Modal.Footer>
            <BuyAgainButton order={order} className="me-auto" />
            <Link to={`/invoice/${order.id}`} className="btn btn-outline-primary">
              {t('shopOrders.details.invoice')}
            </Link>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('common.close')}
            </button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
