import type { RouteObject } from 'react-router';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { lazyPage } from '../lazy-page';

/** Back-office catalogue routes; each screen is its own chunk. */
export const adminCatalogRoutes: RouteObject[] = [
  {
    path: 'story',
    handle: { permission: 'settings.edit' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/stories/story-page').then((m) => m.StoryPage)),
  },
  {
    path: 'pro-request',
    handle: { permission: 'stock.requests' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/requests/requests-page').then((m) => m.RequestsPage)),
  },
  {
    path: 'stock-counts',
    handle: { permission: ['stock.count', 'stock.approve'] } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/stocktakes/stocktakes-page').then((m) => m.StocktakesPage)),
  },
  {
    // Counting is blind for a counter; a manager may count too (the server lets either permission).
    path: 'stock-counts/:id/count',
    handle: { permission: ['stock.count', 'stock.approve'] } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/stocktakes/count-page').then((m) => m.CountPage)),
  },
  {
    path: 'stock-counts/:id',
    handle: { permission: 'stock.approve' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/stocktakes/review-page').then((m) => m.ReviewPage)),
  },
  {
    path: 'products',
    handle: { permission: 'products.view' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/products/products-page').then((m) => m.ProductsPage)),
  },
  {
    path: 'barcode',
    handle: { permission: 'products.view' } satisfies AdminRouteHandle,
    // jsbarcode is imported only here, so no other screen downloads it.
    ...lazyPage(() => import('../../features/barcodes/barcode-page').then((m) => m.BarcodePage)),
  },
  {
    path: 'add-product',
    handle: { permission: 'products.edit' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/products/add-product-page').then((m) => m.AddProductPage)),
  },
  {
    path: 'edit-product/:id',
    handle: { permission: 'products.edit' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/products/edit-product-page').then((m) => m.EditProductPage)),
  },
  {
    path: 'edit-product-option/:id',
    handle: { permission: 'products.edit' } satisfies AdminRouteHandle,
    ...lazyPage(() =>
      import('../../features/products/edit-product-option-page').then((m) => m.EditProductOptionPage),
    ),
  },
];
