import type { PublicProduct, Story } from '@bazar/contracts/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { searchableText } from '../../lib/search';

export type Product = PublicProduct;
export type { Story };

const CATALOG_STALE_MS = 60_000;

/**
 * The `data` of an answer. A failure is logged (the spec shows no message for it) and thrown again,
 * so the screen can still say in place that the list could not be loaded.
 */
async function dataOf<T>(answer: Promise<{ data: T }>, what: string): Promise<T> {
  try {
    return (await answer).data;
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    throw error;
  }
}

/**
 * An id from the address, sent as it was typed: the server answers 404 or 422 for text that names
 * no category or product, and the page says so.
 */
const addressId = (text: string) => text as unknown as number;

export function useStories() {
  return useQuery({
    queryKey: ['storys'],
    queryFn: () => dataOf(call('GET /api/storys'), 'stories'),
    staleTime: CATALOG_STALE_MS,
  });
}

export function useOfferProducts() {
  return useQuery({
    queryKey: ['products', 'offer'],
    queryFn: () => dataOf(call('GET /api/productoffer'), 'offer products'),
    staleTime: CATALOG_STALE_MS,
  });
}

export function usePopularProducts() {
  return useQuery({
    queryKey: ['products', 'popular'],
    queryFn: () => dataOf(call('GET /api/productpopular'), 'popular products'),
    staleTime: CATALOG_STALE_MS,
  });
}

/** GET /api/showcategory/{id}: the category's title and its products (with its descendants'). */
export function useCategoryPage(id: string) {
  return useQuery({
    queryKey: ['category', id],
    queryFn: () =>
      dataOf(call('GET /api/showcategory/:id', { params: { id: addressId(id) } }), `category ${id}`),
    staleTime: CATALOG_STALE_MS,
  });
}

/**
 * GET /api/product/search/{text}, keyed by the text. While the next text's answer is on its way the
 * previous results stay on screen, so the grid does not flicker as the shopper types.
 */
export function useProductSearch(text: string) {
  const sent = searchableText(text);
  return useQuery({
    queryKey: ['product-search', sent],
    queryFn: () =>
      dataOf(call('GET /api/product/search/:text', { params: { text: sent } }), 'search results'),
    enabled: sent !== '',
    placeholderData: keepPreviousData,
    staleTime: CATALOG_STALE_MS,
  });
}

/** GET /api/product/view/{id}: a product's own page (the product, its sizes, its categories). */
export function useProductView(id: string) {
  return useQuery({
    queryKey: ['product-view', id],
    queryFn: () =>
      dataOf(call('GET /api/product/view/:id', { params: { id: addressId(id) } }), `product ${id}`),
    staleTime: CATALOG_STALE_MS,
  });
}
