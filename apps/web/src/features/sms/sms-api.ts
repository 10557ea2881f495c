import type { SmsListDetail } from '@bazar/contracts/sms';
import { call } from '../../lib/api';

export type { SmsListDetail };

export const SMS_LISTS_KEY = ['admin', 'sms-lists'] as const;
export const smsListKey = (id: number) => ['admin', 'sms-list', id] as const;

export const fetchSmsLists = () => call('GET /api/sms-lists').then((a) => a.data);
/** How many numbers a send to list `id` reaches now (0: every customer), as the server counts them. */
export const fetchRecipients = (id: number) =>
  call('GET /api/sms-send/:listId', { params: { listId: id } }).then((a) => a.data.recipients);
export const recipientsKey = (id: number) => ['admin', 'sms', 'recipients', id] as const;

/** The list with one page of its numbers (by name); `meta` pages the numbers. */
export const fetchSmsList = (id: number, page = 1) =>
  call('GET /api/sms-list/:id', { params: { id }, query: { page: page > 1 ? page : undefined } });
export const addSmsList = (title: string) => call('POST /api/sms-list/add', { body: { title } });
export const deleteSmsList = (id: number) => call('DELETE /api/sms-list/delete/:id', { params: { id } });
export const addSmsItem = (listId: number, name: string, phone: string) =>
  call('POST /api/sms-item/add', { body: { name, phone, list_id: listId } });
export const deleteSmsItem = (id: number) => call('DELETE /api/sms-item/delete/:id', { params: { id } });
export const searchCustomers = (text: string) =>
  call('GET /api/customer/search/:text', { params: { text } }).then((a) => a.data);
export const sendToList = (listId: number, text: string) =>
  call('POST /api/sms-send/:listId', { params: { listId }, body: { text } });
