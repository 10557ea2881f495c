import type { Approval } from '@bazar/contracts/approvals';
import type { AnswerOf, Api, BodyOf } from '@bazar/contracts/api';
import { ORDER_STATUS, type Order, type PaymentMethod, type ReturnBody } from '@bazar/contracts/orders';
import type { RefundOnlineBody } from '@bazar/contracts/payments';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { listKey, type Filters } from '../../lib/use-admin-list';

export type { Order, PaymentMethod };

/** GET /api/orders?type=: 2 all, 1 online, 0 offline. */
export type OrderType = 0 | 1 | 2;
/** Quick Pay: money taken by cash, bKash, Nagad, card, or from the customer's advance balance. */
export const PAY_METHODS: readonly PaymentMethod[] = ['cash', 'bkash', 'nagad', 'card', 'balance'];
/** Money given back in hand (a refund); `balance` (into the customer's advance) is its own choice. */
export const REFUND_METHODS: readonly PaymentMethod[] = ['cash', 'bkash', 'nagad', 'card'];
export const FILTER_FIELDS = ['ID', 'Name', 'Phone', 'Area', 'Address'] as const;
/** The statuses an admin can choose; any other value displays as Complete. */
export const ORDER_STATUSES = [0, 1, 2, 3, 4] as const;

/**
 * The orders list's filter as the URL keeps it (`?field=Phone&value=017…&type=1&status=1`), with
 * the values it has when the URL does not say: `status` 0 all, 1 due, 2 paid; `slot_date` a
 * delivery day and `slot_start` one slot of it ('' any). The type toggles and the filter bar's Type
 * are one choice.
 */
export const NO_FILTER = {
  field: 'ID',
  value: '',
  from: '',
  to: '',
  type: '2',
  status: '0',
  slot_date: '',
  slot_start: '',
};
export type OrderFilter = Filters<keyof typeof NO_FILTER>;
/** `GET /api/orders` reads the type alone. */
export const TYPE_ONLY = { type: '2' };

/** True when the filter asks for nothing beyond a type: the list is `GET /api/orders?type=`. */
export const typeOnly = (f: OrderFilter) =>
  f.value.trim() === '' && !f.from && !f.to && f.status === '0' && !f.slot_date;

/**
 * The filter as the orders download takes it (`GET /api/export/orders.{csv|xlsx}`: the order
 * filter's fields, every page): a field only with its text, empty dates left out.
 */
export function exportQuery(filter: OrderFilter): Record<string, string> {
  const { field, value, from, to, type, status, slot_date, slot_start } = filter;
  const query: Record<string, string> = {
    type,
    status,
    ...(slot_date && { slot_date, ...(slot_start && { slot_start }) }),
  };
  if (value.trim()) {
    query.field = field;
    query.value = value.trim();
  }
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

const ORDERS_KEY = ['admin', 'orders'] as const;
export const orderKey = (id: number) => [...ORDERS_KEY, 'one', id] as const;

/** Every cached page of both order lists (by type, and filtered), e.g. to read them again after a return. */
const ORDER_LISTS = [listKey('GET /api/orders'), listKey('GET /api/order-filter')] as const;
export const refreshOrderLists = (queryClient: QueryClient) =>
  Promise.all(ORDER_LISTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** GET /api/orders/deliveries: the orders booked for delivery today (the shop's day), in slot order. */
export const deliveriesKey = [...ORDERS_KEY, 'deliveries'] as const;
export const fetchDeliveries = () => call('GET /api/orders/deliveries').then((answer) => answer.data);

/** The shop's delivery slots (their starts), for the slot filter. */
export const slotStartsKey = [...ORDERS_KEY, 'slot-starts'] as const;
export const fetchSlotStarts = () =>
  call('GET /api/delivery-slots/settings').then((answer) => answer.data.slots);

/** GET /api/orders/differences: synced till sales whose prices differed from the shop's, newest first. */
export const differencesKey = [...ORDERS_KEY, 'differences'] as const;
export const fetchDifferences = () => call('GET /api/orders/differences').then((answer) => answer.data);

export const fetchOrder = (id: number) =>
  call('GET /api/order/:id', { params: { id } }).then((answer) => answer.data);

export type PayBody = BodyOf<Api['POST /api/order/pay/:id']>;
/** The order's paid, due and status after a payment. */
export type Paid = AnswerOf<Api['POST /api/order/pay/:id']>['data'];

export const payOrder = (id: number, body: PayBody) =>
  call('POST /api/order/pay/:id', { params: { id }, body }).then((answer) => answer.data);

/** POST /api/order/return/{id}: 201 with the return's id and the order after it. */
export const returnOrder = (id: number, body: ReturnBody) =>
  call('POST /api/order/return/:id', { params: { id }, body }).then((answer) => answer.data);

/** The receipt of a sale (80/58 mm), printing as it opens; with `returnId`, that return's receipt. */
export const receiptUrl = (id: number, returnId?: number) =>
  `/admin/receipt/${id}?${new URLSearchParams({
    print: '1',
    ...(returnId !== undefined && { return: String(returnId) }),
  }).toString()}`;

export const isCancelled = (order: Pick<Order, 'status'>) => order.status === ORDER_STATUS.canceled;

/** Deletes an order; a saved till sale's delete (a void) may carry a manager's approval. */
export const deleteOrder = (id: number, approval?: Approval) =>
  call('DELETE /api/order/delete/:id', { params: { id }, ...(approval && { body: { approval } }) });

export const sendOrderSms = (id: number, text: string) =>
  call('POST /api/sms-send/order/:id', { params: { id }, body: { text } });

// ---- online payments ----

const ONLINE = new Set<string>(['bkash', 'sslcommerz']);

/**
 * What of an order was paid online (bKash or SSLCommerz through the gateway: no staff member took
 * it) and not refunded yet through a gateway; 0 for an order with no online payment. The server
 * holds the exact limit; this one decides whether the menu offers Refund and what the modal says.
 */
export function onlineRefundable(order: Pick<Order, 'payments'>): number {
  const online = order.payments.filter((p) => ONLINE.has(p.method) && p.return_id === null);
  const received = online.filter((p) => p.amount > 0 && p.by === null).reduce((s, p) => s + p.amount, 0);
  if (received === 0) return 0;
  const back = online.filter((p) => p.amount < 0).reduce((s, p) => s - p.amount, 0);
  return Math.max(0, received - back);
}

/** The order's paid and due after an online refund, and the gateway's refund ids. */
export type Refunded = AnswerOf<Api['POST /api/order/:id/refund-online']>['data'];

/** POST /api/order/{id}/refund-online: money back to the customer through the gateway it came by. */
export const refundOnline = (id: number, body: RefundOnlineBody) =>
  call('POST /api/order/:id/refund-online', { params: { id }, body }).then((answer) => answer.data);
