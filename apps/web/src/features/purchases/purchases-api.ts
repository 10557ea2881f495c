import type { AdminProduct } from '@bazar/contracts/catalog';
import { withPage, type Page } from '@bazar/contracts/paging';
import type { Purchase, purchaseTotals, Supplier, SupplierPayMethod } from '@bazar/contracts/purchases';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type { Purchase, Supplier, SupplierPayMethod };
export { SUPPLIER_PAY_METHODS } from '@bazar/contracts/purchases';

/** Every list under this prefix shows stock or buy prices: a purchase makes them stale. */
export const ADMIN_KEY = ['admin'] as const;
export const SUPPLIERS_KEY = ['admin', 'suppliers'] as const;
export const PURCHASES_KEY = ['admin', 'purchases'] as const;

/** What the purchases list is filtered by: a supplier ('' for all) and shop days ('' for open ends). */
export interface PurchaseFilter {
  supplier: string;
  from: string;
  to: string;
}

export const purchasesKey = (filter: PurchaseFilter, page: number) =>
  [...PURCHASES_KEY, filter, page] as const;

export type PurchasePage = Page<Purchase, z.infer<typeof purchaseTotals>>;

/** One page of the purchases of the filter, newest first, with the filter's totals. */
export function fetchPurchases({ supplier, from, to }: PurchaseFilter, page: number) {
  const query = new URLSearchParams();
  if (supplier) query.set('supplier_id', supplier);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const search = query.toString();
  return api.get<PurchasePage>(withPage(`/api/purchases${search ? `?${search}` : ''}`, page));
}

/** What `POST /api/purchase/add` takes (contracts' purchaseBody, as the form's output). */
export interface PurchaseInput {
  supplier_id: number;
  invoice: string;
  date: string;
  lines: Array<{ product_id: number; quantity: number; buyprice: number }>;
  paid: number;
  method: SupplierPayMethod;
  note: string;
}

export const addPurchase = (body: PurchaseInput) =>
  api.post<{ data: Purchase }>('/api/purchase/add', body).then((answer) => answer.data);

export const deletePurchase = (id: number) => api.delete<{ message: string }>(`/api/purchase/${id}`);

/** A product's buy price now (the product search does not tell it: the till's search is public). */
export const fetchBuyPrice = (id: number) =>
  api.get<{ data: AdminProduct }>(`/api/product/${id}`).then((answer) => answer.data.buyprice);

// ---- suppliers -----------------------------------------------------------------------------

/** Every supplier by name, with what the shop owes each. */
export const fetchSuppliers = () =>
  api.get<{ data: Supplier[] }>('/api/suppliers').then((answer) => answer.data);

export interface SupplierInput {
  name: string;
  phone: string;
  address: string;
}

export const addSupplier = (body: SupplierInput) =>
  api.post<{ data: Supplier }>('/api/supplier/add', body).then((answer) => answer.data);

export const editSupplier = (id: number, body: SupplierInput) =>
  api.post<{ data: Supplier }>(`/api/supplier/edit/${id}`, body).then((answer) => answer.data);

export const deleteSupplier = (id: number) => api.delete<{ message: string }>(`/api/supplier/${id}`);

export const paySupplier = (id: number, body: { amount: number; method: SupplierPayMethod }) =>
  api.post<{ data: Supplier }>(`/api/supplier/pay/${id}`, body).then((answer) => answer.data);

/** The purchases list of one supplier (the suppliers screen links there). */
export const purchasesOf = (supplierId: number) => `/admin/purchases?supplier_id=${supplierId}`;
