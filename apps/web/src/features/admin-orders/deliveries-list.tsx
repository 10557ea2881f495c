import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { clockText } from '../../lib/delivery';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { useAreaName } from '../../lib/shop-api';
import { formatDay, useShopTime } from '../../lib/shop-time';
import '../../components/admin-cards.css';
import { AssignBar } from '../admin-riders/assign-bar';
import { pickListUrl, refreshRiders, type Assigned } from '../admin-riders/riders-api';
import { selectColumn, useSelection } from '../admin-riders/selection';
import { usePermissions } from '../auth/permissions';
import { statusBadge, statusLabel } from './order-bits';
import { rideable } from './order-row-menu';
import { deliveriesKey, fetchDeliveries, type Order } from './orders-api';

/** The slots and areas today's deliveries fall in, each once, in the list's (slot) order. */
const distinct = (values: string[]) => [...new Set(values)];

/**
 * "Today's deliveries": the orders booked into today's delivery slots (cancelled ones left out),
 * in slot order, with what the rider collects, the rider each is with and a link to each order's
 * print page. A slot and an area narrow the list, so a rider's round (one slot, one area) is
 * ticked at once with the heading's box and given to them; Pick list prints what the shown orders
 * need from the shelves (a whole slot, or the orders of an area).
 */
export function DeliveriesList() {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const areaName = useAreaName();
  const time = useShopTime();
  const canAssign = usePermissions().can('deliveries.assign');
  const orders = useQuery({ queryKey: deliveriesKey, queryFn: fetchDeliveries });
  const [slot, setSlot] = useState('');
  const [area, setArea] = useState('');
  const all = orders.data ?? [];
  const shown = all.filter((o) => (!slot || o.slot?.start === slot) && (!area || o.area === area));
  const selection = useSelection(shown.filter(rideable).map((o) => o.id));
  const dueLabel = t('adminOrders.list.columns.due');
  const riderLabel = t('riders.list.column');
  const today = time.day();

  const slots = distinct(all.flatMap((o) => (o.slot ? [o.slot.start] : [])));
  const areas = distinct(all.map((o) => o.area).filter(Boolean));
  const slotOf = (start: string) => all.find((o) => o.slot?.start === start)?.slot;
  const range = (start: string) => {
    const found = slotOf(start);
    return found
      ? t('delivery.slot.range', {
          start: clockText(found.start, language),
          end: clockText(found.end, language),
        })
      : start;
  };
  // An area narrows the list below what a slot's pick list covers: then the shown orders' own.
  const pickList = pickListUrl(area ? { orders: shown.map((o) => o.id) } : { date: today, slot });

  const assigned = ({ order_ids, rider }: Assigned) => {
    queryClient.setQueryData<Order[]>(deliveriesKey, (rows) =>
      rows?.map((o) => (order_ids.includes(o.id) ? { ...o, rider } : o)),
    );
    selection.clear();
    void queryClient.invalidateQueries({ queryKey: deliveriesKey });
    void refreshRiders(queryClient);
  };

  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="h5">
        {t('delivery.orders.todayTitle', { day: formatDay(today, language) })}
      </h2>
      {all.length > 0 && (
        <form
          className="deliveries-filter d-flex flex-wrap align-items-end gap-2 mb-3"
          aria-label={t('riders.today.filter')}
          onSubmit={(event) => event.preventDefault()}
        >
          <div>
            <label htmlFor="deliveries-slot" className="form-label small mb-1">
              {t('delivery.orders.slot')}
            </label>
            <select
              id="deliveries-slot"
              className="form-select form-select-sm"
              value={slot}
              onChange={(event) => {
                setSlot(event.target.value);
                selection.clear();
              }}
            >
              <option value="">{t('delivery.orders.anySlot')}</option>
              {slots.map((start) => (
                <option key={start} value={start}>
                  {range(start)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="deliveries-area" className="form-label small mb-1">
              {t('adminOrders.list.columns.area')}
            </label>
            <select
              id="deliveries-area"
              className="form-select form-select-sm"
              value={area}
              onChange={(event) => {
                setArea(event.target.value);
                selection.clear();
              }}
            >
              <option value="">{t('riders.today.anyArea')}</option>
              {areas.map((title) => (
                <option key={title} value={title}>
                  {areaName(title)}
                </option>
              ))}
            </select>
          </div>
          <Link
            className={`btn btn-sm btn-outline-primary${shown.length === 0 ? ' disabled' : ''}`}
            to={pickList}
            aria-disabled={shown.length === 0 || undefined}
          >
            {slot && !area
              ? t('riders.today.pickListSlot', { slot: range(slot) })
              : t('riders.today.pickList', { count: shown.length })}
          </Link>
        </form>
      )}
      <QueryState
        query={orders}
        empty={t('delivery.orders.todayEmpty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {() =>
          shown.length === 0 ? (
            <p className="text-secondary mb-0">{t('riders.today.noneShown')}</p>
          ) : (
            <DataTable
              className="table-hover admin-table admin-cards deliveries-table mb-0"
              rows={shown}
              rowKey={(order) => order.id}
              rowProps={(order) => ({ 'data-order-id': order.id })}
              columns={[
                selectColumn(canAssign ? selection : null, (order) =>
                  t('riders.list.select', { id: order.id }),
                ),
                {
                  key: 'slot',
                  header: t('delivery.orders.slot'),
                  className: 'text-nowrap fw-semibold',
                  cell: (order) => order.slot && range(order.slot.start),
                },
                {
                  key: 'id',
                  header: t('adminOrders.list.columns.id'),
                  className: 'id-cell',
                  cell: (order) => (
                    <Link to={`/admin/print-order/${order.id}`} translate="no">
                      {order.id}
                    </Link>
                  ),
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
                  key: 'rider',
                  header: riderLabel,
                  label: riderLabel,
                  className: 'rider-cell',
                  cell: (order) => order.rider?.name ?? '—',
                },
                {
                  key: 'status',
                  header: t('adminOrders.list.columns.status'),
                  className: 'status-cell',
                  cell: (order) => (
                    <span className={`badge ${statusBadge(order.status)}`}>
                      {statusLabel(t, order.status)}
                    </span>
                  ),
                },
              ]}
            />
          )
        }
      </QueryState>
      {canAssign && <AssignBar ids={selection.ids} onClear={selection.clear} onAssigned={assigned} />}
    </section>
  );
}
