import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

/** Storefront order routes inside /user: checkout, order success, order list. */
export const shopOrderUserRoutes: RouteObject[] = [
  {
    path: 'checkout',
    ...lazyPage(() => import('../../features/orders/checkout-page').then((m) => m.CheckoutPage)),
  },
  {
    path: 'success',
    ...lazyPage(() => import('../../features/orders/success-page').then((m) => m.SuccessPage)),
  },
  {
    path: 'orders',
    ...lazyPage(() => import('../../features/orders/orders-page').then((m) => m.OrdersPage)),
  },
];

/** The printable invoice, outside the shop layout. */
export const shopOrderInvoiceRoutes: RouteObject[] = [
  {
    path: '/invoice/:id',
    ...lazyPage(() => import('../../features/orders/invoice-page').then((m) => m.InvoicePage)),
  },
];
