import type { RouteObject } from 'react-router';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { lazyPage } from '../lazy-page';

/**
 * The till and its receipts; each screen is its own chunk.
 * /admin/receipt/{id}[?print=1][&return={returnId}][&paper=80|58]: a till receipt (see ReceiptPage);
 * /admin/receipt/local/{client_id}: the receipt of a sale in the till's outbox (see LocalReceiptPage).
 */
export const adminTillRoutes: RouteObject[] = [
  {
    path: 'pos',
    // Its empty screen needs no admin data: it shows while the profile is checked (RequireAdmin).
    handle: { showsBeforeAdminCheck: true, permission: 'till.sell' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/till/till-route').then((m) => m.TillRoute)),
  },
  {
    // The customer display, a window of its own beside the till; it shows no admin data but the till's.
    path: 'pos/display',
    // Alone in its window: the customer sees no menu, and Tab never reaches one under it.
    handle: { showsBeforeAdminCheck: true, permission: 'till.sell', bare: true } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/till/customer-display-page').then((m) => m.CustomerDisplayPage)),
  },
  {
    path: 'receipt/local/:clientId',
    handle: { permission: 'till.sell' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/receipts/local-receipt-page').then((m) => m.LocalReceiptPage)),
  },
  {
    // The slip of money received against a customer's dues at the till ("Receive due").
    path: 'due-slip/:id',
    handle: { permission: 'customers.dues' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/receipts/due-slip-page').then((m) => m.DueSlipPage)),
  },
  {
    // A closed shift's Z report, 80 mm or A4 (`?paper=a4`).
    path: 'shift-report/:id',
    handle: { permission: 'till.sell' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/receipts/z-report-page').then((m) => m.ZReportPage)),
  },
  {
    path: 'receipt/:id',
    handle: { permission: ['till.sell', 'orders.view'] } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/receipts/receipt-page').then((m) => m.ReceiptPage)),
  },
];
