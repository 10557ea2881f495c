import type { Api, BodyOf } from '@bazar/contracts/api';
import type { Purchase, Supplier } from '@bazar/contracts/purchases';
import { call } from '../../lib/api';

export type { Purchase, Supplier };
export { SUPPLIER_PAY_METHODS } from '@bazar/contracts/purchases';

/** Every list under this prefix shows stock or buy prices: a purchase makes them stale. */
export const ADMIN_KEY = ['admin'] as const;
export const SUPPLIERS_KEY = ['admin', 'suppliers'] as const;

/** What the purchases list is filtered by (in the URL): a supplier and shop days, '' for none. */
export type PurchaseFilter = { supplier_id: string; from: string; to: string };

export const addPurchase = (body: BodyOf<Api['POST /api/purchase/add']>) =>
  call('POST /api/purchase/add', { body }).then((answer) => answer.data);

export const deletePurchase = (id: number) => call('DELETE /api/purchase/:id', { params: { id } });

/** A product's buy price now (the product search does not tell it: the till's search is public). */
export const fetchBuyPrice = (id: number) =>
  call('GET /api/product/:id', { params: { id } }).then((answer) => answer.data.buyprice);

// ---- suppliers -----------------------------------------------------------------------------

/** Every supplier by name, with what the shop owes each. */
export const fetchSuppliers = () => call('GET /api/suppliers').then((answer) => answer.data);

export type SupplierInput = BodyOf<Api['POST /api/supplier/add']>;

export const addSupplier = (body: SupplierInput) =>
  call('POST /api/supplier/add', { body }).then((answer) => answer.data);

export const editSupplier = (id: number, body: SupplierInput) =>
  call('POST /api/supplier/edit/:id', { params: { id }, body }).then((answer) => answer.data);

export const deleteSupplier = (id: number) => call('DELETE /api/supplier/:id', { params: { id } });

export const paySupplier = (id: number, body: BodyOf<Api['POST /api/supplier/pay/:id']>) =>
  call('POST /api/supplier/pay/:id', { params: { id }, body }).then((answer) => answer.data);

/** The purchases list of one supplier (the suppliers screen links there). */
export const purchasesOf = (supplierId: number) => `/admin/purchases?supplier_id=${supplierId}`;
