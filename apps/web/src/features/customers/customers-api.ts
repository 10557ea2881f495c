import type { Customer, CustomerDues } from '@bazar/contracts/customers';
import type { Language } from '../../lib/i18n/i18n';
import type { PaymentMethod } from '@bazar/contracts/orders';
import type { PageMeta } from '../../components/admin-pagination';
import { api } from '../../lib/api';

export type { Customer, CustomerDues };

/** How many customers one page of the list shows. */
export const PER_PAGE = 20;

/** GET /api/customers: the spec's resource pagination. */
export interface CustomerPage {
  data: Customer[];
  meta: PageMeta & { from: number | null; to: number | null };
}

/**
 * What the Quick Edit modal sends (spec §7, and the customer's language); an empty balance goes as
 * null, which the server reads as 0.
 */
export interface CustomerEdit {
  name: string;
  area: string;
  address: string;
  balance: number | null;
  point: number;
  lang: Language;
}

export const CUSTOMERS_KEY = ['admin', 'customers'] as const;
export const customerPageKey = (page: number) => [...CUSTOMERS_KEY, 'page', page] as const;

export const fetchCustomers = (page: number) =>
  api.get<CustomerPage>(`/api/customers?page=${page}&per_page=${PER_PAGE}`);

export const editCustomer = (id: number, body: CustomerEdit) =>
  api.post<{ message: string; data: Customer }>(`/api/customer/edit/${id}`, body).then((a) => a.data);

export const deleteCustomer = (id: number) => api.delete<{ message: string }>(`/api/customer/delete/${id}`);

/** The admin orders list filtered to one phone (the spec's "View Orders", without its wrong link). */
export const ordersOfPhone = (phone: string) =>
  `/admin/orders?${new URLSearchParams({ field: 'Phone', value: phone }).toString()}`;

export const customerDuesKey = (id: number) => [...CUSTOMERS_KEY, 'dues', id] as const;

/** A customer's page (baki khata). */
export const customerPath = (id: number) => `/admin/customer/${id}`;

/** GET /api/customer/dues/{id}: the customer and their orders with money due, oldest first. */
export const fetchCustomerDues = (id: number) =>
  api.get<{ data: CustomerDues }>(`/api/customer/dues/${id}`).then((answer) => answer.data);

export interface DuesPayment {
  amount: number;
  /** Not `balance`: dues are taken in hand (the server refuses it). */
  method: PaymentMethod;
  reference?: string;
  sms: boolean;
}

/** POST /api/customer/pay/{id}: the amount settles the oldest dues first. */
export const payCustomerDues = (id: number, body: DuesPayment) =>
  api
    .post<{ data: { paid: { order_id: number; amount: number }[]; due: number } }>(
      `/api/customer/pay/${id}`,
      body,
    )
    .then((answer) => answer.data);
