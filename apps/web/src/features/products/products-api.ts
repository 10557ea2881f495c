import type { AnswerOf, Api, ParsedBodyOf } from '@bazar/contracts/api';
import type { Brand, Category, CategoryNode } from '@bazar/contracts/catalog';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { listKey } from '../../lib/use-admin-list';

export type { Brand, CategoryNode };

/** A product as the back office reads it: no buy price for staff without `products.buy_prices`. */
export type AdminProduct = AnswerOf<Api['GET /api/product/:id']>['data'];

/** One row of GET /api/product/edit-list/{id}. */
export type ProductListRow = AnswerOf<Api['GET /api/product/edit-list/:id']>['data'][number];

/** POST /api/product/edit-quick/{id} as its form gives it: numbers as JSON numbers, no offer price null. */
export type QuickEdit = ParsedBodyOf<Api['POST /api/product/edit-quick/:id']>;

// ---- query keys --------------------------------------------------------------------------

export const PRODUCTS_KEY = ['admin', 'products'] as const;
export const productKey = (id: number) => [...PRODUCTS_KEY, 'one', id] as const;
export const editListKey = (id: number) => [...PRODUCTS_KEY, 'edit-list', id] as const;
/** Every page of the products list (useAdminList). */
export const PRODUCT_LIST_KEY = listKey('GET /api/products');
export const BRANDS_KEY = ['admin', 'brands'] as const;
export const CATEGORIES_KEY = ['admin', 'categories'] as const;
/** The storefront's category menu keeps its own copy; refresh it too after a change. */
export const SHOP_CATEGORIES_KEY = ['categories'] as const;

/** Products were added or changed: the list's pages, and each product and size group read, are read again. */
export const productsChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: PRODUCT_LIST_KEY }),
    queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  ]);

// ---- products ----------------------------------------------------------------------------

export const fetchProduct = (id: number) =>
  call('GET /api/product/:id', { params: { id } }).then((answer) => answer.data);

export const addProduct = (body: FormData) =>
  call('POST /api/product/add', { body }).then((answer) => answer.data);

export const editProduct = (id: number, body: FormData) =>
  call('POST /api/product/edit/:id', { params: { id }, body }).then((answer) => answer.data);

export const quickEditProduct = (id: number, body: QuickEdit) =>
  call('POST /api/product/edit-quick/:id', { params: { id }, body }).then((answer) => answer.data);

export const fetchEditList = (id: number) =>
  call('GET /api/product/edit-list/:id', { params: { id } }).then((answer) => answer.data);

export const deleteProduct = (id: number) => call('DELETE /api/product/delete/:id', { params: { id } });

// ---- brands ------------------------------------------------------------------------------

export const fetchBrands = () => call('GET /api/brands').then((answer) => answer.data);

/** A brand's name and its Bangla name ('' when none; on edit, '' removes it). */
export type BrandInput = ParsedBodyOf<Api['POST /api/brand/add']>;

export const addBrand = (body: BrandInput) =>
  call('POST /api/brand/add', { body }).then((answer) => answer.data);

export const editBrand = (id: number, body: BrandInput) =>
  call('POST /api/brand/edit/:id', { params: { id }, body }).then((answer) => answer.data);

export const deleteBrand = (id: number) => call('DELETE /api/brand/delete/:id', { params: { id } });

// ---- categories --------------------------------------------------------------------------

export const fetchCategories = () => call('GET /api/categories').then((answer) => answer.data);

/** A category's name, its Bangla name ('' when none; on edit, '' removes it) and its parent. */
export type CategoryInput = ParsedBodyOf<Api['POST /api/category/add']>;

export const addCategory = (body: CategoryInput) =>
  call('POST /api/category/add', { body }).then((answer) => answer.data);

export const editCategory = (id: number, body: CategoryInput) =>
  call('POST /api/category/edit/:id', { params: { id }, body }).then((answer) => answer.data);

export const deleteCategory = (id: number) => call('DELETE /api/category/delete/:id', { params: { id } });

/** A category of the flattened tree, with its parent's titles and its depth (0 = top level). */
export interface FlatCategory extends Category {
  parentTitle: string | null;
  parentTitle_bn: string | null;
  depth: number;
}

/** The category tree as one list in menu order: each category followed by its children. */
export function flattenCategories(nodes: readonly CategoryNode[]): FlatCategory[] {
  const flat: FlatCategory[] = [];
  const walk = (list: readonly CategoryNode[], parent: CategoryNode | null, depth: number) => {
    for (const node of list) {
      flat.push({
        id: node.id,
        title: node.title,
        title_bn: node.title_bn,
        parent: node.parent,
        parentTitle: parent?.title ?? null,
        parentTitle_bn: parent?.title_bn ?? null,
        depth,
      });
      walk(node.parents ?? [], node, depth + 1);
    }
  };
  walk(nodes, null, 0);
  return flat;
}
