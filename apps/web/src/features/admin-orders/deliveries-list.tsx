import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
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
      <QueryState
        query={orders}
        empty={t('delivery.orders.todayEmpty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <DataTable
            className="table-hover admin-table admin-cards deliveries-table mb-0"
            rows={rows}
            rowKey={(order) => order.id}
            rowProps={(order) => ({ 'data-order-id': order.id })}
            columns={[
              {
                key: 'slot',
                header: t('delivery.orders.slot'),
                className: 'text-nowrap fw-semibold',
                cell: (order) =>
                  order.slot && t('delivery.slot.range', { start: order.slot.start, end: order.slot.end }),
              },
              {
                key: 'id',
                header: t('adminOrders.list.columns.id'),
                className: 'id-cell',
                cell: (order) => <Link to={`/admin/print-order/${order.id}`}>{order.id}</Link>,
              },
              {
                key: 'customer',
                header: t('adminOrders.list.columns.customer'),
                className: 'name-cell',
                cell: (order) => customerName(t, order),
              },
              {
                key: 'phone',
                header: t('adminOrders.list.columns.phone'),
                className: 'text-nowrap phone-cell',
                cell: (order) => order.phone,
              },
              {
                key: 'area',
                header: t('adminOrders.list.columns.area'),
                className: 'area-cell',
                cell: (order) => (
                  <>
                    {areaName(order.area)}
                    <span className="d-block small text-secondary">{order.address}</span>
                  </>
                ),
              },
              {
                key: 'due',
                header: dueLabel,
                label: dueLabel,
                className: 'num',
                cell: (order) => formatNumber(order.due),
              },
              {
                key: 'status',
                header: t('adminOrders.list.columns.status'),
                className: 'status-cell',
                cell: (order) => (
                  <span className={`badge ${statusBadge(order.status)}`}>{statusLabel(t, order.status)}</span>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}
