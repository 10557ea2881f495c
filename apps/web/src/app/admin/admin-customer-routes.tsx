import type { RouteObject } from 'react-router';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { lazyPage } from '../lazy-page';

/** The customers list and a customer's dues page; each screen is its own chunk. */
export const adminCustomerRoutes: RouteObject[] = [
  {
    path: 'customers',
    handle: { permission: 'customers.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/customers/customers-page').then((m) => m.CustomersPage)),
  },
  {
    path: 'customer/:id',
    handle: { permission: 'customers.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/customers/customer-dues-page').then((m) => m.CustomerDuesPage)),
  },
];
