import { AdminRowMenu, type RowMenuItem } from '../../components/admin-row-menu';
import { ORDER_STATUS } from '@bazar/contracts/orders';
import { useTranslation } from '../../lib/i18n/i18n';
import { isCancelled, onlineRefundable, receiptUrl, type Order } from './orders-api';

/** What a row's menu opens on the orders page (the rest of its items are links). */
export type OrderAction = 'pay' | 'return' | 'refund' | 'rider' | 'delete';

/** The statuses an order can go to a rider in (the server refuses delivered and cancelled ones). */
const RIDEABLE: readonly number[] = [
  ORDER_STATUS.processing,
  ORDER_STATUS.collecting,
  ORDER_STATUS.outForDelivery,
];

/** Whether an order can be given to a rider now: an online order still on its way. */
export const rideable = (order: Pick<Order, 'status' | 'terminal'>) =>
  order.terminal !== 1 && RIDEABLE.includes(order.status);

/**
 * An order's ⋮ menu: Quick Pay, Print, Send SMS and Delete, with Return (not for a cancelled
 * order), Reprint (a till sale's receipt), Refund (an order paid online) and, for who assigns
 * deliveries, Rider (an order not delivered or cancelled). The page keeps which menu is open, so
 * only one is.
 */
export function OrderRowMenu({
  order,
  open,
  canAssign = false,
  onToggle,
  onAction,
}: {
  order: Order;
  open: boolean;
  /** Whether this person may give orders to riders (`deliveries.assign`). */
  canAssign?: boolean;
  onToggle: (open: boolean) => void;
  onAction: (action: OrderAction, order: Order) => void;
}) {
  const { t } = useTranslation();
  const act = (label: string, action: OrderAction, danger = false): RowMenuItem => ({
    label,
    onClick: () => onAction(action, order),
    ...(danger && { danger }),
  });
  const items: RowMenuItem[] = [
    act(t('adminOrders.list.quickPay'), 'pay'),
    { label: t('adminOrders.list.print'), to: `/admin/print-order/${order.id}` },
    ...(order.terminal === 1 ? [{ label: t('adminOrders.list.reprint'), to: receiptUrl(order.id) }] : []),
    ...(isCancelled(order) ? [] : [act(t('adminOrders.list.return'), 'return')]),
    ...(onlineRefundable(order) > 0 ? [act(t('adminOrders.list.refund'), 'refund')] : []),
    ...(canAssign && rideable(order) ? [act(t('riders.list.menu'), 'rider')] : []),
    { label: t('adminOrders.list.sendSms'), to: `/admin/order/send-sms/${order.id}` },
    act(t('adminOrders.list.delete'), 'delete', true),
  ];
  return (
    <AdminRowMenu
      label={t('adminOrders.list.menu', { id: order.id })}
      open={open}
      onToggle={onToggle}
      items={items}
    />
  );
}
