import type { Order } from '@bazar/contracts/orders';
import { api } from '../../lib/api';

export type { Order };
export type OrderLine = Order['carts'][number];

/** GET /api/orders?type=: 2 all, 1 online, 0 offline (spec §9). */
export type OrderType = 0 | 1 | 2;
export type PayMethod = 'cash' | 'bkash' | 'nagad';
export const PAY_METHODS: readonly PayMethod[] = ['cash', 'bkash', 'nagad'];
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
}

/** What the list shows: one of the type toggles, or the filter bar's answer. */
export type OrderListQuery = { kind: 'type'; type: OrderType } | { kind: 'filter'; filter: OrderFilter };

export interface PayInput {
  status: number;
  paid: number;
  method: PayMethod;
  reference?: string;
}
export interface PayResult {
  paid: number;
  due: number;
  status: number;
}

export const ORDERS_KEY = ['admin', 'orders'] as const;
export const orderListKey = (query: OrderListQuery) => [...ORDERS_KEY, 'list', query] as const;
export const orderKey = (id: number) => [...ORDERS_KEY, 'one', id] as const;

export function fetchOrderList(query: OrderListQuery): Promise<Order[]> {
  if (query.kind === 'type') {
    return api.get<{ data: Order[] }>(`/api/orders?type=${query.type}`).then((answer) => answer.data);
  }
  const { field, value, from, to, type, status } = query.filter;
  const params = new URLSearchParams({
    field,
    value: value.trim(),
    from,
    to,
    type: String(type),
    status: String(status),
  });
  return api.get<{ data: Order[] }>(`/api/order-filter?${params.toString()}`).then((answer) => answer.data);
}

export const fetchOrder = (id: number) =>
  api.get<{ data: Order }>(`/api/order/${id}`).then((answer) => answer.data);

export const payOrder = (id: number, body: PayInput) =>
  api.post<{ data: PayResult }>(`/api/order/pay/${id}`, body).then((answer) => answer.data);

export const deleteOrder = (id: number) => api.delete<{ message: string }>(`/api/order/delete/${id}`);

export const sendOrderSms = (id: number, text: string) =>
  api.post<{ message: string }>(`/api/sms-send/order/${id}`, { text });

/** The list's "Total" of one order: lines plus shipping (spec §2). */
export const orderTotal = (order: Pick<Order, 'subtotal' | 'ship'>) => order.subtotal + order.ship;

/** The three summary cards: Σ(subtotal + ship), Σ paid, Σ due, as whole taka (spec §2). */
export function orderTotals(orders: readonly Order[]): { total: number; paid: number; due: number } {
  let total = 0;
  let paid = 0;
  let due = 0;
  for (const order of orders) {
    total += orderTotal(order);
    paid += order.paid;
    due += order.due;
  }
  return { total: Math.trunc(total), paid: Math.trunc(paid), due: Math.trunc(due) };
}

/** The invoice's billing block (api-orders.md): subtotal shown = subtotal + ship − discount. */
export function invoiceAmounts(order: Order) {
  return {
    total: order.subtotal,
    ship: order.ship,
    discount: order.discount,
    subtotal: order.subtotal + order.ship - order.discount,
    advance: order.paid,
    due: order.due,
  };
}

const dhakaDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Dhaka',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An order's time as the shop reads it (Asia/Dhaka). */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dhakaDate.format(date);
}
