import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import type { AdminRouteHandle } from '../lib/admin-check';
import { AppSplash, Root, RouteError } from './root';
import { adminCatalogRoutes } from './admin/admin-catalog-routes';
import { adminOrderRoutes } from './admin/admin-order-routes';
import { adminTillRoutes } from './admin/admin-till-routes';
import { adminCustomerRoutes } from './admin/admin-customer-routes';
import { adminCashRoutes } from './admin/admin-cash-routes';
import { adminSmsRoutes } from './admin/admin-sms-routes';
import { adminPurchaseRoutes } from './admin/admin-purchase-routes';
import { lazyPage } from './lazy-page';
import { shopCatalogRoutes } from './shop/shop-catalog-routes';
import { shopOrderInvoiceRoutes, shopOrderUserRoutes } from './shop/shop-order-routes';

// The storefront (ShopLayout) and the back office (AdminLayout) are separate lazy chunks:
// a shopper's browser never fetches admin code, and the admin's never the shop's screens.
export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: AppSplash,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/',
        ...lazyPage(() => import('./shop/shop-layout').then((m) => m.ShopLayout)),
        children: [
          ...shopCatalogRoutes,
          {
            path: 'login',
            ...lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage)),
          },
          {
            path: 'register',
            ...lazyPage(() => import('../features/auth/register-page').then((m) => m.RegisterPage)),
          },
          {
            path: 'varify',
            ...lazyPage(() => import('../features/auth/verify-page').then((m) => m.VerifyPage)),
          },
          {
            path: 'forgot',
            ...lazyPage(() => import('../features/auth/forgot-page').then((m) => m.ForgotPage)),
          },
          {
            path: 'user',
            ...lazyPage(() => import('../features/auth/require-customer').then((m) => m.RequireCustomer)),
            children: [
              { index: true, element: <Navigate to="profile" replace /> },
              {
                path: 'profile',
                ...lazyPage(() => import('../features/auth/profile-page').then((m) => m.ProfilePage)),
              },
              ...shopOrderUserRoutes,
            ],
          },
          { path: '*', Component: NotFound },
        ],
      },
      ...shopOrderInvoiceRoutes,
      // The rider's phone screen: its own small frame, neither the storefront's nor the back office's.
      {
        path: '/rider',
        ...lazyPage(() => import('../features/rider/rider-page').then((m) => m.RiderPage)),
      },
      {
        path: '/admin',
        ...lazyPage(() => import('./admin/admin-layout').then((m) => m.AdminLayout)),
        children: [
          ...adminCatalogRoutes,
          ...adminOrderRoutes,
          ...adminTillRoutes,
          ...adminCustomerRoutes,
          ...adminCashRoutes,
          ...adminSmsRoutes,
          ...adminPurchaseRoutes,
          {
            path: 'setting',
            handle: { permission: 'settings.edit' } satisfies AdminRouteHandle,
            ...lazyPage(() => import('../features/settings/settings-page').then((m) => m.SettingsPage)),
          },
          {
            path: 'areas',
            handle: { permission: 'settings.edit' } satisfies AdminRouteHandle,
            ...lazyPage(() => import('../features/settings/areas-page').then((m) => m.AreasPage)),
          },
          {
            path: 'audit',
            handle: { permission: 'audit.view' } satisfies AdminRouteHandle,
            ...lazyPage(() => import('../features/audit/audit-page').then((m) => m.AuditPage)),
          },
          {
            path: 'staff',
            handle: { permission: 'staff.manage' } satisfies AdminRouteHandle,
            ...lazyPage(() => import('../features/staff/staff-page').then((m) => m.StaffPage)),
          },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];
