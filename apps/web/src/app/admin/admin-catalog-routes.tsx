import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

/** Back-office catalogue routes; each screen is its own chunk. */
export const adminCatalogRoutes: RouteObject[] = [
  {
    path: 'story',
    ...lazyPage(() => import('../../features/stories/story-page').then((m) => m.StoryPage)),
  },
  {
    path: 'pro-request',
    ...lazyPage(() => import('../../features/requests/requests-page').then((m) => m.RequestsPage)),
  },
  {
    path: 'products',
    ...lazyPage(() => import('../../features/products/products-page').then((m) => m.ProductsPage)),
  },
  {
    path: 'barcode',
    // jsbarcode is imported only here, so no other screen downloads it.
    ...lazyPage(() => import('../../features/barcodes/barcode-page').then((m) => m.BarcodePage)),
  },
  {
    path: 'add-product',
    ...lazyPage(() => import('../../features/products/add-product-page').then((m) => m.AddProductPage)),
  },
  {
    path: 'edit-product/:id',
    ...lazyPage(() => import('../../features/products/edit-product-page').then((m) => m.EditProductPage)),
  },
  {
    path: 'edit-product-option/:id',
    ...lazyPage(() =>
      import('../../features/products/edit-product-option-page').then((m) => m.EditProductOptionPage),
    ),
  },
];
