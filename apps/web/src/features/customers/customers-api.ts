import type { Api, BodyOf } from '@bazar/contracts/api';
import type { Customer, CustomerDues } from '@bazar/contracts/customers';
import { call } from '../../lib/api';
import { listKey } from '../../lib/use-admin-list';

export type { Customer, CustomerDues };

/**
 * What the Quick Edit modal sends (and the customer's language); an empty balance goes as
 * null, which the server reads as 0.
 */
export type CustomerEdit = BodyOf<Api['POST /api/customer/edit/:id']>;

/** The customers list's pages (useAdminList). */
export const CUSTOMERS_LIST_KEY = listKey('GET /api/customers');

export const editCustomer = (id: number, body: CustomerEdit) =>
  call('POST /api/customer/edit/:id', { params: { id }, body }).then((a) => a.data);

export const deleteCustomer = (id: number) => call('DELETE /api/customer/delete/:id', { params: { id } });

/** The admin orders list filtered to one phone (the spec's "View Orders", without its wrong link). */
export const ordersOfPhone = (phone: string) =>
  `/admin/orders?${new URLSearchParams({ field: 'Phone', value: phone }).toString()}`;

export const CUSTOMER_DUES_KEY = ['admin', 'customers', 'dues'] as const;
export const customerDuesKey = (id: number) => [...CUSTOMER_DUES_KEY, id] as const;

/** A customer's page (baki khata). */
export const customerPath = (id: number) => `/admin/customer/${id}`;

/** The customer and their orders with money due, oldest first. */
export const fetchCustomerDues = (id: number) =>
  call('GET /api/customer/dues/:id', { params: { id } }).then((answer) => answer.data);

/** A payment against the dues; its `method` is never `balance` (dues are taken in hand). */
export type DuesPayment = BodyOf<Api['POST /api/customer/pay/:id']>;

/** The amount settles the oldest dues first. */
export const payCustomerDues = (id: number, body: DuesPayment) =>
  call('POST /api/customer/pay/:id', { params: { id }, body }).then((answer) => answer.data);
