import type { RouteObject } from 'react-router';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { lazyPage } from '../lazy-page';

/** Money and stock screens of the back office; each screen is its own chunk. */
export const adminCashRoutes: RouteObject[] = [
  {
    index: true,
    handle: { permission: 'dashboard.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/reports/dashboard-page').then((m) => m.DashboardPage)),
  },
  {
    path: 'analytics',
    handle: { permission: 'reports.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/analytics/analytics-page').then((m) => m.AnalyticsPage)),
  },
  {
    path: 'day-close',
    handle: { permission: 'reports.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/day-close/day-close-page').then((m) => m.DayClosePage)),
  },
  {
    // A merchant statement matched with the payments recorded: the day close's check of bKash and cards.
    path: 'statements',
    handle: { permission: 'cash.close' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/statements/statements-page').then((m) => m.StatementsPage)),
  },
  {
    path: 'product-sale',
    handle: { permission: 'reports.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/reports/product-sale-page').then((m) => m.ProductSalePage)),
  },
  {
    path: 'expance',
    handle: { permission: 'expenses.manage' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/cash/expenses-page').then((m) => m.ExpensesPage)),
  },
  {
    path: 'purchases',
    handle: { permission: 'purchases.manage' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/purchases/purchases-page').then((m) => m.PurchasesPage)),
  },
  {
    path: 'suppliers',
    handle: { permission: 'suppliers.manage' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/purchases/suppliers-page').then((m) => m.SuppliersPage)),
  },
  {
    path: 'stock',
    handle: { permission: 'stock.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/stock/stock-page').then((m) => m.StockPage)),
  },
  {
    path: 'live-stock',
    handle: { permission: 'stock.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/stock/live-stock-page').then((m) => m.LiveStockPage)),
  },
  {
    // What counts and write-offs cost at buy price: profit figures. Linked from Live stock and
    // Analytics, not the menu.
    path: 'shrinkage',
    handle: { permission: 'reports.profit' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/shrinkage/shrinkage-page').then((m) => m.ShrinkagePage)),
  },
  {
    // The batches of products that track expiry, expiring soon or expired: offer or write off.
    path: 'expiring',
    handle: { permission: 'stock.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/expiry/expiring-page').then((m) => m.ExpiringPage)),
  },
];
