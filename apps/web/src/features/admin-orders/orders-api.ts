import { ORDER_STATUS, type Order, type PaymentMethod } from '@bazar/contracts/orders';
import { withPage, type OrderTotals, type Page } from '@bazar/contracts/paging';
import { api } from '../../lib/api';

export type { Order, PaymentMethod };
export type OrderLine = Order['carts'][number];

/** GET /api/orders?type=: 2 all, 1 online, 0 offline (spec §9). */
export type OrderType = 0 | 1 | 2;
export type PayMethod = PaymentMethod;
/** Quick Pay: money taken by cash, bKash, Nagad, card, or from the customer's advance balance. */
export const PAY_METHODS: readonly PayMethod[] = ['cash', 'bkash', 'nagad', 'card', 'balance'];
/** Money given back in hand (a refund); `balance` (into the customer's advance) is its own choice. */
export const REFUND_METHODS: readonly PayMethod[] = ['cash', 'bkash', 'nagad', 'card'];
export const FILTER_FIELDS = ['ID', 'Name', 'Phone', 'Area', 'Address'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
/** The statuses an admin can choose (spec §4); any other value displays as Complete. */
export const ORDER_STATUSES = [0, 1, 2, 3, 4] as const;

export interface OrderFilter {
  field: FilterField;
  value: string;
  from: string;
  to: string;
  type: OrderType;
  /** 0 all, 1 due, 2 paid. */
  status: 0 | 1 | 2;
  /** Booked for this delivery day ('' any), and with `slot_start` for this slot of it ('' any). */
  slot_date: string;
  slot_start: string;
}

/**
 * What the list shows: one filter (the type toggles and the filter bar's Type are the same
 * choice), and which page of it. A filter with nothing but a type is `GET /api/orders?type=`.
 */
export interface OrderListQuery {
  filter: OrderFilter;
  page: number;
}

/** True when the filter asks for nothing beyond a type: the list is `GET /api/orders?type=`. */
export const typeOnly = (f: OrderFilter) =>
  f.value.trim() === '' && !f.from && !f.to && f.status === 0 && !f.slot_date;

/** The slot filter's query fields: a slot only with its day. */
function slotQuery({ slot_date, slot_start }: OrderFilter): Record<string, string> {
  if (!slot_date) return {};
  return { slot_date, ...(slot_start && { slot_start }) };
}

export type OrderPage = Page<Order, OrderTotals>;

export interface PayInput {
  status: number;
  paid: number;
  method: PayMethod;
  reference?: string;
  /** Cancelling a paid order: the whole paid amount goes back by this method (`balance`: the advance). */
  refund?: { method: PayMethod; reference?: string };
}
export interface PayResult {
  paid: number;
  due: number;
  status: number;
}

export const ORDERS_KEY = ['admin', 'orders'] as const;
export const orderListKey = (query: OrderListQuery) => [...ORDERS_KEY, 'list', query] as const;
export const orderKey = (id: number) => [...ORDERS_KEY, 'one', id] as const;

/** One page of the list, with the cards' totals the server counted over the whole filter. */
export function fetchOrderList({ filter, page }: OrderListQuery): Promise<OrderPage> {
  if (typeOnly(filter)) {
    return api.get<OrderPage>(withPage(`/api/orders?type=${filter.type}`, page));
  }
  const { field, value, from, to, type, status } = filter;
  const params = new URLSearchParams({
    field,
    value: value.trim(),
    from,
    to,
    type: String(type),
    status: String(status),
    ...slotQuery(filter),
  });
  return api.get<OrderPage>(withPage(`/api/order-filter?${params.toString()}`, page));
}

/**
 * The filter as the orders download takes it (`GET /api/export/orders.{csv|xlsx}`: the order
 * filter's fields, every page): a field only with its text, empty dates left out.
 */
export function exportQuery(filter: OrderFilter): Record<string, string> {
  const { field, value, from, to, type, status } = filter;
  const query: Record<string, string> = {
    type: String(type),
    status: String(status),
    ...slotQuery(filter),
  };
  if (value.trim()) {
    query.field = field;
    query.value = value.trim();
  }
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** GET /api/orders/deliveries: the orders booked for delivery today (the shop's day), in slot order. */
export const deliveriesKey = [...ORDERS_KEY, 'deliveries'] as const;
export const fetchDeliveries = () =>
  api.get<{ data: Order[] }>('/api/orders/deliveries').then((answer) => answer.data);

/** The shop's delivery slots (their starts), for the slot filter. */
export const slotStartsKey = [...ORDERS_KEY, 'slot-starts'] as const;
export const fetchSlotStarts = () =>
  api
    .get<{ data: { slots: Array<{ start: string; end: string }> } }>('/api/delivery-slots/settings')
    .then((answer) => answer.data.slots);

/** GET /api/orders/differences: synced till sales whose prices differed from the shop's, newest first. */
export const differencesKey = [...ORDERS_KEY, 'differences'] as const;
export const fetchDifferences = () =>
  api.get<{ data: Order[] }>('/api/orders/differences').then((answer) => answer.data);

export const fetchOrder = (id: number) =>
  api.get<{ data: Order }>(`/api/order/${id}`).then((answer) => answer.data);

export const payOrder = (id: number, body: PayInput) =>
  api.post<{ data: PayResult }>(`/api/order/pay/${id}`, body).then((answer) => answer.data);

export interface ReturnInput {
  lines: { product_id: number; quantity: number }[];
  refund?: { method: PayMethod; amount: number; reference?: string };
  reason: string;
}

/** POST /api/order/return/{id}: 201 with the return's id and the order after it. */
export const returnOrder = (id: number, body: ReturnInput) =>
  api
    .post<{ data: { id: number; order: Order } }>(`/api/order/return/${id}`, body)
    .then((answer) => answer.data);

/** The receipt of a sale (80/58 mm), printing as it opens; with `returnId`, that return's receipt. */
export const receiptUrl = (id: number, returnId?: number) =>
  `/admin/receipt/${id}?${new URLSearchParams({
    print: '1',
    ...(returnId !== undefined && { return: String(returnId) }),
  }).toString()}`;

export const isCancelled = (order: Pick<Order, 'status'>) => order.status === ORDER_STATUS.canceled;

export const deleteOrder = (id: number) => api.delete<{ message: string }>(`/api/order/delete/${id}`);

export const sendOrderSms = (id: number, text: string) =>
  api.post<{ message: string }>(`/api/sms-send/order/${id}`, { text });

// ---- online payments (issue 15) ----

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

export interface RefundOnlineResult {
  paid: number;
  due: number;
  references: string[];
}

/** POST /api/order/{id}/refund-online: money back to the customer through the gateway it came by. */
export const refundOnline = (id: number, body: { amount: number; reason: string }) =>
  api.post<{ data: RefundOnlineResult }>(`/api/order/${id}/refund-online`, body).then((a) => a.data);
