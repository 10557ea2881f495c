import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

const frontPage = lazyPage(() => import('../../features/catalog/front-page').then((m) => m.FrontPage));

/** Storefront catalogue routes (storefront spec §2): home, category page, search results. */
export const shopCatalogRoutes: RouteObject[] = [
  { index: true, ...frontPage },
  { path: 'category/:id', ...frontPage },
  { path: 'search/:search', ...frontPage },
];
