import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

/** The till and the customers it serves (back-office spec §2); each screen is its own chunk. */
export const adminTillRoutes: RouteObject[] = [
  {
    path: 'pos',
    ...lazyPage(() => import('../../features/till/till-page').then((m) => m.TillPage)),
  },
  {
    path: 'customers',
    ...lazyPage(() => import('../../features/customers/customers-page').then((m) => m.CustomersPage)),
  },
];
