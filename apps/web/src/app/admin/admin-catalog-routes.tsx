import type { RouteObject } from 'react-router';
import { LaterRelease } from '../../components/later-release';

/** Back-office catalogue routes (back-office spec §2). */
export const adminCatalogRoutes: RouteObject[] = [
  'story',
  'pro-request',
  'products',
  'barcode',
  'add-product',
  'edit-product/:id',
  'edit-product-option/:id',
].map((path) => ({ path, Component: LaterRelease }));
