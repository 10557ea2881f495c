import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { useAreaName } from '../../lib/shop-api';
import { formatDay, useShopTime } from '../../lib/shop-time';
import '../../components/admin-cards.css';
import { statusBadge, statusLabel } from './order-bits';
import { deliveriesKey, fetchDeliveries } from './orders-api';

/**
 * "Today's deliveries": the orders booked into today's delivery slots (cancelled ones left out),
 * in slot order, with what the rider collects and a link to each order's print page.
 */
export function DeliveriesList() {
  const { t, language } = useTranslation();
  const areaName = useAreaName();
  const time = useShopTime();
  const orders = useQuery({ queryKey: deliveriesKey, queryFn: fetchDeliveries });
  const dueLabel = t('adminOrders.list.columns.due');

  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="h5">
        {t('delivery.orders.todayTitle', { day: formatDay(time.day(), language) })}
      </h2>
      {orders.isPending ? (
        <PageSpinner />
      ) : orders.isError ? (
        <LoadFailed onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <p className="text-secondary mb-0">{t('delivery.orders.todayEmpty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-hover admin-table admin-cards deliveries-table mb-0">
            <thead>
              <tr>
                <th scope="col">{t('delivery.orders.slot')}</th>
                <th scope="col">{t('adminOrders.list.columns.id')}</th>
                <th scope="col">{t('adminOrders.list.columns.customer')}</th>
                <th scope="col">{t('adminOrders.list.columns.phone')}</th>
                <th scope="col">{t('adminOrders.list.columns.area')}</th>
                <th scope="col" className="num">
                  {dueLabel}
                </th>
                <th scope="col">{t('adminOrders.list.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => (
                <tr key={order.id} data-order-id={order.id}>
                  <td className="text-nowrap fw-semibold">
                    {order.slot && t('delivery.slot.range', { start: order.slot.start, end: order.slot.end })}
                  </td>
                  <td className="id-cell">
                    <Link to={`/admin/print-order/${order.id}`}>{order.id}</Link>
                  </td>
                  <td className="name-cell">{customerName(t, order)}</td>
                  <td className="text-nowrap phone-cell">{order.phone}</td>
                  <td className="area-cell">
                    {areaName(order.area)}
                    <span className="d-block small text-secondary">{order.address}</span>
                  </td>
                  <td className="num" data-label={dueLabel}>
                    {formatNumber(order.due)}
                  </td>
                  <td className="status-cell">
                    <span className={`badge ${statusBadge(order.status)}`}>
                      {statusLabel(t, order.status)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
