import type { ProductView, PublicProduct, Story } from '@bazar/contracts/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { searchableText } from '../../lib/search';

export type Product = PublicProduct;
export type { Story };

export interface CategoryPageData {
  id: number;
  title: string;
  title_bn: string;
  products: Product[];
}

const CATALOG_STALE_MS = 60_000;

/**
 * GETs `path` and returns its `data`. A failure is logged (the spec shows no message for it) and
 * thrown again, so the screen can still say in place that the list could not be loaded.
 */
async function getData<T>(path: string, what: string): Promise<T> {
  try {
    const answer = await api.get<{ data: T }>(path);
    return answer.data;
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    throw error;
  }
}

const asList = <T>(value: T[] | undefined | null): T[] => (Array.isArray(value) ? value : []);

export function useStories() {
  return useQuery({
    queryKey: ['storys'],
    queryFn: async () => asList(await getData<Story[]>('/api/storys', 'stories')),
    staleTime: CATALOG_STALE_MS,
  });
}

export function useOfferProducts() {
  return useQuery({
    queryKey: ['products', 'offer'],
    queryFn: async () => asList(await getData<Product[]>('/api/productoffer', 'offer products')),
    staleTime: CATALOG_STALE_MS,
  });
}

export function usePopularProducts() {
  return useQuery({
    queryKey: ['products', 'popular'],
    queryFn: async () => asList(await getData<Product[]>('/api/productpopular', 'popular products')),
    staleTime: CATALOG_STALE_MS,
  });
}

/** GET /api/showcategory/{id}: the category's title and its products (with its descendants'). */
export function useCategoryPage(id: string) {
  return useQuery({
    queryKey: ['category', id],
    queryFn: async () => {
      const data = await getData<CategoryPageData>(
        `/api/showcategory/${encodeURIComponent(id)}`,
        `category ${id}`,
      );
      return { ...data, products: asList(data.products) };
    },
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
    queryFn: async () =>
      asList(await getData<Product[]>(`/api/product/search/${encodeURIComponent(sent)}`, 'search results')),
    enabled: sent !== '',
    placeholderData: keepPreviousData,
    staleTime: CATALOG_STALE_MS,
  });
}

/** GET /api/product/view/{id}: a product's own page (the product, its sizes, its categories). */
export function useProductView(id: string) {
  return useQuery({
    queryKey: ['product-view', id],
    queryFn: () => getData<ProductView>(`/api/product/view/${encodeURIComponent(id)}`, `product ${id}`),
    staleTime: CATALOG_STALE_MS,
  });
}
