import type { AdminProduct, Brand, Category, CategoryNode } from '@bazar/contracts/catalog';
import type { PageMeta } from '../../components/admin-pagination';
import { api } from '../../lib/api';

export type { AdminProduct, Brand, Category, CategoryNode };

/** One row of GET /api/product/edit-list/{id}. */
export interface ProductListRow {
  id: number;
  image: string | null;
  title: string;
  attri: string;
  /** The Bangla title and attribute ('' when none). */
  title_bn: string;
  attri_bn: string;
  offprice: number | null;
  price: number;
  qty: number;
}

export interface ProductPage {
  data: AdminProduct[];
  meta: PageMeta & { from: number | null; to: number | null };
}

/** POST /api/product/edit-quick/{id}, numbers as JSON numbers. */
export interface QuickEdit {
  price: number;
  /** null: no offer price. */
  offprice: number | null;
  qty: number;
  attri?: string;
  /** The Bangla attribute: left out keeps it, '' removes it. */
  attri_bn?: string;
}

// ---- query keys --------------------------------------------------------------------------

export const PRODUCTS_KEY = ['admin', 'products'] as const;
export const productKey = (id: number) => [...PRODUCTS_KEY, 'one', id] as const;
export const editListKey = (id: number) => [...PRODUCTS_KEY, 'edit-list', id] as const;
export const BRANDS_KEY = ['admin', 'brands'] as const;
export const CATEGORIES_KEY = ['admin', 'categories'] as const;
/** The storefront's category menu keeps its own copy; refresh it too after a change. */
export const SHOP_CATEGORIES_KEY = ['categories'] as const;

// ---- products ----------------------------------------------------------------------------

export function fetchProducts(page: number, q: string): Promise<ProductPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (q) query.set('q', q);
  return api.get<ProductPage>(`/api/products?${query.toString()}`);
}

export const fetchProduct = (id: number) =>
  api.get<{ data: AdminProduct }>(`/api/product/${id}`).then((answer) => answer.data);

export const addProduct = (body: FormData) =>
  api.post<{ data: AdminProduct[] }>('/api/product/add', body).then((answer) => answer.data);

export const editProduct = (id: number, body: FormData) =>
  api.post<{ data: AdminProduct }>(`/api/product/edit/${id}`, body).then((answer) => answer.data);

export const quickEditProduct = (id: number, body: QuickEdit) =>
  api.post<{ data: AdminProduct }>(`/api/product/edit-quick/${id}`, body).then((answer) => answer.data);

export const fetchEditList = (id: number) =>
  api.get<{ data: ProductListRow[] }>(`/api/product/edit-list/${id}`).then((answer) => answer.data);

export const deleteProduct = (id: number) => api.delete<unknown>(`/api/product/delete/${id}`);

// ---- brands ------------------------------------------------------------------------------

export const fetchBrands = () => api.get<{ data: Brand[] }>('/api/brands').then((answer) => answer.data);

/** A brand's name and its Bangla name ('' when none; on edit, '' removes it). */
export interface BrandInput {
  title: string;
  title_bn: string;
}

export const addBrand = (body: BrandInput) =>
  api.post<{ data: Brand }>('/api/brand/add', body).then((answer) => answer.data);

export const editBrand = (id: number, body: BrandInput) =>
  api.post<{ data: Brand }>(`/api/brand/edit/${id}`, body).then((answer) => answer.data);

export const deleteBrand = (id: number) => api.delete<unknown>(`/api/brand/delete/${id}`);

// ---- categories --------------------------------------------------------------------------

export const fetchCategories = () =>
  api.get<{ data: CategoryNode[] }>('/api/categories').then((answer) => answer.data);

/** A category's name, its Bangla name ('' when none; on edit, '' removes it) and its parent. */
export interface CategoryInput {
  title: string;
  title_bn: string;
  parent: number | null;
}

export const addCategory = (body: CategoryInput) =>
  api.post<{ data: Category }>('/api/category/add', body).then((answer) => answer.data);

export const editCategory = (id: number, body: CategoryInput) =>
  api.post<{ data: Category }>(`/api/category/edit/${id}`, body).then((answer) => answer.data);

export const deleteCategory = (id: number) => api.delete<unknown>(`/api/category/delete/${id}`);

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
