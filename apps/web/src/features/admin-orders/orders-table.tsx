import type { Dispatch, SetStateAction } from 'react';
import { DataTable } from '../../components/data-table';
import { useSlotText } from '../../lib/delivery';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { orderListTotal } from '../../lib/money';
import { useAreaName } from '../../lib/shop-api';
import { useShopTime } from '../../lib/shop-time';
import { SelectAll, SelectBox, type Selection } from '../admin-riders/selection';
import { statusBadge, statusLabel } from './order-bits';
import { OrderRowMenu, rideable, type OrderAction } from './order-row-menu';
import type { Order } from './orders-api';

/**
 * One page of orders: number, date (and delivery slot), customer, phone, area, the money, type,
 * status, its rider and the row's menu; for who assigns deliveries, a box to tick each order that
 * can go to a rider. On a phone each row is a card (orders.css) with Total, Paid and Due under
 * their names.
 */
export function OrdersTable({
  orders,
  busy,
  selection = null,
  openMenu,
  onMenu,
  onAction,
}: {
  orders: readonly Order[];
  busy: boolean;
  /** The ticked orders (null: this person may not assign, no boxes). */
  selection?: Selection | null;
  /** The order whose menu is open (one at most). */
  openMenu: number | null;
  /** Takes a change of the open menu (a toggle's closing and another's opening come together). */
  onMenu: Dispatch<SetStateAction<number | null>>;
  onAction: (action: OrderAction, order: Order) => void;
}) {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const time = useShopTime();
  const slotText = useSlotText();
  const column = (key: 'id' | 'date' | 'customer' | 'phone' | 'area' | 'type' | 'status') =>
    t(`adminOrders.list.columns.${key}`);
  const money = (key: 'total' | 'paid' | 'due', cell: (order: Order) => number) => {
    const name = t(`adminOrders.list.columns.${key}`);
    return { key, header: name, label: name, className: 'num', cell: (o: Order) => formatNumber(cell(o)) };
  };

  return (
    <DataTable
      className="table-hover admin-table admin-cards orders-table mb-0"
      busy={busy}
      rows={orders}
      rowKey={(order) => order.id}
      rowProps={(order) => ({ 'data-order-id': order.id })}
      columns={[
        {
          // Who assigns riders ticks orders here: the box before the number, in the same cell, so
          // the row keeps its columns (and fits a 1280 px screen).
          key: 'id',
          header: selection ? (
            <span className="select-id">
              <SelectAll selection={selection} />
              {column('id')}
            </span>
          ) : (
            column('id')
          ),
          className: 'id-cell',
          cell: (order) =>
            selection ? (
              <span className="select-id">
                <SelectBox
                  selection={selection}
                  id={order.id}
                  label={t('riders.list.select', { id: order.id })}
                />
                <span className="order-number" translate="no">
                  {order.id}
                </span>
              </span>
            ) : (
              // The order's number is a reference, read out and typed back as it is (any language).
              <span translate="no">{order.id}</span>
            ),
        },
        {
          key: 'date',
          header: column('date'),
          className: 'date-cell',
          cell: (order) => (
            <>
              {time.dateTime(order.created)}
              {order.slot && (
                <span className="d-block small text-secondary slot-line">
                  {t('delivery.orders.slot')}: {slotText(order.slot)}
                </span>
              )}
            </>
          ),
        },
        {
          key: 'customer',
          header: column('customer'),
          className: 'name-cell',
          cell: (o) => customerName(t, o),
        },
        { key: 'phone', header: column('phone'), className: 'text-nowrap phone-cell', cell: (o) => o.phone },
        { key: 'area', header: column('area'), className: 'area-cell', cell: (o) => areaName(o.area) },
        money('total', orderListTotal),
        money('paid', (o) => o.paid),
        money('due', (o) => o.due),
        {
          key: 'type',
          header: column('type'),
          className: 'type-cell',
          cell: (order) =>
            order.type ? (
              <span className="badge text-bg-success">{t('adminOrders.list.online')}</span>
            ) : (
              <span className="badge text-bg-secondary">{t('adminOrders.list.offline')}</span>
            ),
        },
        {
          key: 'status',
          header: column('status'),
          className: 'status-cell',
          cell: (order) => (
            <>
              <span className={`badge ${statusBadge(order.status)}`}>{statusLabel(t, order.status)}</span>
              {order.returned > 0 && (
                <span className="badge text-bg-warning">
                  {t('adminOrders.list.returnedBadge', { amount: order.returned })}
                </span>
              )}
            </>
          ),
        },
        {
          key: 'rider',
          header: t('riders.list.column'),
          label: t('riders.list.column'),
          className: 'rider-cell',
          cell: (order) => order.rider?.name,
        },
        {
          key: 'menu',
          header: <span className="visually-hidden">{t('adminOrders.list.columns.actions')}</span>,
          className: 'text-end menu-cell',
          cell: (order) => (
            <OrderRowMenu
              order={order}
              open={openMenu === order.id}
              canAssign={selection !== null}
              onToggle={(next) =>
                onMenu((current) => (next ? order.id : current === order.id ? null : current))
              }
              onAction={onAction}
            />
          ),
        },
      ]}
    />
  );
}

/** The orders of a page that can go to a rider now (the boxes a person can tick). */
export const rideableIds = (orders: readonly Order[]) => orders.filter(rideable).map((o) => o.id);
