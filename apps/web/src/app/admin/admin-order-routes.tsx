import type { RouteObject } from 'react-router';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { lazyPage } from '../lazy-page';

/** Back-office order and delivery routes; each screen is its own chunk. */
export const adminOrderRoutes: RouteObject[] = [
  {
    path: 'orders',
    handle: { permission: 'orders.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/admin-orders/orders-page').then((m) => m.OrdersPage)),
  },
  {
    path: 'print-order/:id',
    handle: { permission: 'orders.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/admin-orders/print-order-page').then((m) => m.PrintOrderPage)),
  },
  {
    path: 'order/send-sms/:id',
    handle: { permission: 'orders.edit' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/admin-orders/order-sms-page').then((m) => m.OrderSmsPage)),
  },
  {
    // What to take from the shelves for a slot or chosen orders, and their packing slips.
    path: 'pick-list',
    handle: { permission: ['deliveries.assign', 'orders.view'] } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/admin-riders/pick-list-page').then((m) => m.PickListPage)),
  },
  {
    path: 'riders',
    handle: { permission: 'deliveries.settle' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/admin-riders/riders-page').then((m) => m.RidersPage)),
  },
  {
    path: 'riders/:id',
    handle: { permission: 'deliveries.settle' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/admin-riders/settlement-page').then((m) => m.SettlementPage)),
  },
  {
    path: 'online-payments',
    handle: { permission: 'orders.refund_online' } satisfies AdminRouteHandle,
    ...lazyPage(() =>
      import('../../features/online-payments/online-payments-page').then((m) => m.OnlinePaymentsPage),
    ),
  },
];
