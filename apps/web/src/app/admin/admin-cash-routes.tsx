import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

/** Money and stock screens of the back office; each screen is its own chunk. */
export const adminCashRoutes: RouteObject[] = [
  {
    index: true,
    ...lazyPage(() => import('../../features/reports/dashboard-page').then((m) => m.DashboardPage)),
  },
  {
    path: 'analytics',
    ...lazyPage(() => import('../../features/analytics/analytics-page').then((m) => m.AnalyticsPage)),
  },
  {
    path: 'product-sale',
    ...lazyPage(() => import('../../features/reports/product-sale-page').then((m) => m.ProductSalePage)),
  },
  {
    path: 'expance',
    ...lazyPage(() => import('../../features/cash/expenses-page').then((m) => m.ExpensesPage)),
  },
  {
    path: 'purchases',
    ...lazyPage(() => import('../../features/purchases/purchases-page').then((m) => m.PurchasesPage)),
  },
  {
    path: 'suppliers',
    ...lazyPage(() => import('../../features/purchases/suppliers-page').then((m) => m.SuppliersPage)),
  },
  {
    path: 'stock',
    ...lazyPage(() => import('../../features/stock/stock-page').then((m) => m.StockPage)),
  },
  {
    path: 'live-stock',
    ...lazyPage(() => import('../../features/stock/live-stock-page').then((m) => m.LiveStockPage)),
  },
];
