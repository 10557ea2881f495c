import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

/**
 * The till (back-office spec §2) and its receipts; each screen is its own chunk.
 * /admin/receipt/{id}[?print=1][&return={returnId}][&paper=80|58]: a till receipt (see ReceiptPage).
 */
export const adminTillRoutes: RouteObject[] = [
  {
    path: 'pos',
    ...lazyPage(() => import('../../features/till/till-page').then((m) => m.TillPage)),
  },
  {
    path: 'receipt/:id',
    ...lazyPage(() => import('../../features/receipts/receipt-page').then((m) => m.ReceiptPage)),
  },
];
