import { withPage, type Page, type PageMeta } from '@bazar/contracts/paging';
import type { Customer } from '@bazar/contracts/customers';
import type { SmsList, SmsListDetail } from '@bazar/contracts/sms';
import { api } from '../../lib/api';

export type { Customer, SmsList, SmsListDetail };

export const SMS_LISTS_KEY = ['admin', 'sms-lists'] as const;
export const smsListKey = (id: number, page?: number) =>
  page === undefined ? (['admin', 'sms-list', id] as const) : (['admin', 'sms-list', id, page] as const);

export const fetchSmsLists = () => api.get<{ data: SmsList[] }>('/api/sms-lists').then((a) => a.data);
/** The list with one page of its numbers (by name); `meta` pages the numbers. */
export type SmsListPage = { data: SmsListDetail; meta: PageMeta; links: Page<never>['links'] };
/** How many numbers a send to list `id` reaches now (0: every customer), as the server counts them. */
export const fetchRecipients = (id: number) =>
  api.get<{ data: { recipients: number } }>(`/api/sms-send/${id}`).then((a) => a.data.recipients);
export const recipientsKey = (id: number) => ['admin', 'sms', 'recipients', id] as const;

export const fetchSmsList = (id: number, page = 1) => {
  return api.get<SmsListPage>(withPage(`/api/sms-list/${id}`, page));
};
export const addSmsList = (title: string) => api.post<{ data: SmsList }>('/api/sms-list/add', { title });
export const deleteSmsList = (id: number) => api.delete<{ message: string }>(`/api/sms-list/delete/${id}`);
export const addSmsItem = (listId: number, name: string, phone: string) =>
  api.post<{ data: { id: number } }>('/api/sms-item/add', { name, phone, list_id: listId });
export const deleteSmsItem = (id: number) => api.delete<{ message: string }>(`/api/sms-item/delete/${id}`);
export const searchCustomers = (text: string) =>
  api.get<{ data: Customer[] }>(`/api/customer/search/${encodeURIComponent(text)}`).then((a) => a.data);
export const sendToList = (listId: number, text: string) =>
  api.post<{ message: string; queued: number }>(`/api/sms-send/${listId}`, { text });
