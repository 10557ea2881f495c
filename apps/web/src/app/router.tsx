import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LaterRelease } from '../components/later-release';
import { NotFound } from '../components/not-found';
import { PageSpinner } from '../components/page-spinner';
import { Root, RouteError } from './root';

/** A route whose screen is its own chunk, fetched when the route is first visited. */
const lazyPage = (load: () => Promise<ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

const frontPage = lazyPage(() => import('../features/catalog/front-page').then((m) => m.FrontPage));

/** Back office routes (back-office spec §2) whose screens arrive with later issues. */
const adminLaterPaths = [
  'analytics',
  'orders',
  'print-order/:id',
  'order/send-sms/:id',
  'pos',
  'product-sale',
  'expance',
  'customers',
  'story',
  'pro-request',
  'products',
  'barcode',
  'add-product',
  'edit-product/:id',
  'edit-product-option/:id',
  'stock',
  'live-stock',
  'sms-marketing',
  'sms-list/:id',
  'send-sms/:id',
];

// The storefront (ShopLayout) and the back office (AdminLayout) are separate lazy chunks:
// a shopper's browser never fetches admin code, and the admin's never the shop's screens.
export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/',
        ...lazyPage(() => import('./shop/shop-layout').then((m) => m.ShopLayout)),
        children: [
          { index: true, ...frontPage },
          { path: 'category/:id', ...frontPage },
          { path: 'search/:search', ...frontPage },
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
              { path: 'orders', Component: LaterRelease },
              { path: 'checkout', Component: LaterRelease },
              { path: 'success', Component: LaterRelease },
            ],
          },
          { path: '*', Component: NotFound },
        ],
      },
      { path: '/invoice/:id', Component: LaterRelease },
      {
        path: '/admin',
        ...lazyPage(() => import('./admin/admin-layout').then((m) => m.AdminLayout)),
        children: [
          { index: true, Component: LaterRelease },
          ...adminLaterPaths.map((path) => ({ path, Component: LaterRelease })),
          {
            path: 'setting',
            ...lazyPage(() => import('../features/settings/settings-page').then((m) => m.SettingsPage)),
          },
          {
            path: 'areas',
            ...lazyPage(() => import('../features/settings/areas-page').then((m) => m.AreasPage)),
          },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];
