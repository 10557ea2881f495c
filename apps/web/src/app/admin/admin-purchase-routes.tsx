import type { RouteObject } from 'react-router';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { lazyPage } from '../lazy-page';

/** What to order next and purchase orders (issue 28); each screen is its own chunk. */
export const adminPurchaseRoutes: RouteObject[] = [
  {
    path: 'reorder',
    handle: { permission: 'purchases.manage' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/reorder/reorder-page').then((m) => m.ReorderPage)),
  },
  {
    path: 'purchase-orders',
    handle: { permission: 'purchases.manage' } satisfies AdminRouteHandle,
    ...lazyPage(() =>
      import('../../features/reorder/purchase-orders-page').then((m) => m.PurchaseOrdersPage),
    ),
  },
  {
    // Before `:id`: "new" is not an order's number.
    path: 'purchase-orders/new',
    handle: { permission: 'purchases.manage' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/reorder/new-order-page').then((m) => m.NewOrderPage)),
  },
  {
    path: 'purchase-orders/:id',
    handle: { permission: 'purchases.manage' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/reorder/purchase-order-page').then((m) => m.PurchaseOrderPage)),
  },
];
