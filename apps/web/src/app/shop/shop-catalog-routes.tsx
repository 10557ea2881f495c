import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

/**
 * Storefront catalogue routes: home, category page, search results. They share
 * a frame that shows the top bar's search results in place of the page while there are some.
 */
export const shopCatalogRoutes: RouteObject[] = [
  {
    ...lazyPage(() => import('../../features/catalog/catalog-outlet').then((m) => m.CatalogOutlet)),
    children: [
      {
        index: true,
        ...lazyPage(() => import('../../features/catalog/front-page').then((m) => m.FrontPage)),
      },
      {
        path: 'category/:id',
        ...lazyPage(() => import('../../features/catalog/category-page').then((m) => m.CategoryPage)),
      },
      {
        path: 'product/:id',
        ...lazyPage(() => import('../../features/catalog/product-page').then((m) => m.ProductPage)),
      },
      {
        path: 'about',
        ...lazyPage(() => import('../../features/pages/footer-page').then((m) => m.AboutPage)),
      },
      {
        path: 'terms',
        ...lazyPage(() => import('../../features/pages/footer-page').then((m) => m.TermsPage)),
      },
      {
        path: 'privacy',
        ...lazyPage(() => import('../../features/pages/footer-page').then((m) => m.PrivacyPage)),
      },
      {
        path: 'search/:search',
        ...lazyPage(() => import('../../features/catalog/search-page').then((m) => m.SearchPage)),
      },
    ],
  },
];
