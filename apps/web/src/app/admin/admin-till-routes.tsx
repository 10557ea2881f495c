import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

/** The till (back-office spec §2); each screen is its own chunk. */
export const adminTillRoutes: RouteObject[] = [
  {
    path: 'pos',
    ...lazyPage(() => import('../../features/till/till-page').then((m) => m.TillPage)),
  },
];
