import { AdminRowMenu, type RowMenuItem } from '../../components/admin-row-menu';
import { useTranslation } from '../../lib/i18n/i18n';
import { isCancelled, onlineRefundable, receiptUrl, type Order } from './orders-api';

/** What a row's menu opens on the orders page (the rest of its items are links). */
export type OrderAction = 'pay' | 'return' | 'refund' | 'delete';

/**
 * An order's ⋮ menu: Quick Pay, Print, Send SMS and Delete, with Return (not for a cancelled
 * order), Reprint (a till sale's receipt) and Refund (an order paid online). The page keeps which
 * menu is open, so only one is.
 */
export function OrderRowMenu({
  order,
  open,
  onToggle,
  onAction,
}: {
  order: Order;
  open: boolean;
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
