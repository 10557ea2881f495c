import type { Api, BodyOf } from '@bazar/contracts/api';
import type {
  PurchaseOrder,
  PurchaseOrderState,
  ReorderSuggestions,
  Suggestion,
} from '@bazar/contracts/reorder';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type { PurchaseOrder, PurchaseOrderState, ReorderSuggestions, Suggestion };
export { PURCHASE_ORDER_STATES } from '@bazar/contracts/reorder';

/**
 * The back office's calls about what to order next and purchase orders (issue 28). Under the
 * back office's prefix: a receipt changes stock and buy prices, which other admin lists show.
 */
const REORDER_KEY = ['admin', 'reorder'] as const;

export type SuggestionGroup = ReorderSuggestions['groups'][number];

/** GET /api/reorder-suggestions: what to order, by the supplier each product was last bought from. */
export const suggestionsKey = [...REORDER_KEY, 'suggestions'] as const;
export const fetchSuggestions = () => call('GET /api/reorder-suggestions').then((answer) => answer.data);

export type LevelsBody = BodyOf<Api['POST /api/product/:id/reorder']>;

/** POST /api/product/{id}/reorder: a product's minimum and target (null: none). */
export const setLevels = (id: number, body: LevelsBody) =>
  call('POST /api/product/:id/reorder', { params: { id }, body }).then((answer) => answer.data);

/** GET /api/purchase-orders?status=: newest first ('' for every status). */
export const ordersKey = (status: PurchaseOrderState | '') => [...REORDER_KEY, 'orders', status] as const;
export const fetchOrders = (status: PurchaseOrderState | '') =>
  call('GET /api/purchase-orders', { query: status ? { status } : {} }).then((answer) => answer.data);

export const orderKey = (id: number) => [...REORDER_KEY, 'order', id] as const;
export const fetchOrder = (id: number) =>
  call('GET /api/purchase-orders/:id', { params: { id } }).then((answer) => answer.data);

export type NewOrderBody = BodyOf<Api['POST /api/purchase-orders']>;

export const createOrder = (body: NewOrderBody) =>
  call('POST /api/purchase-orders', { body }).then((answer) => answer.data);

export const sendOrder = (id: number) =>
  call('POST /api/purchase-orders/:id/send', { params: { id } }).then((answer) => answer.data);

export type ReceiveBody = BodyOf<Api['POST /api/purchase-orders/:id/receive']>;

export const receiveOrder = (id: number, body: ReceiveBody) =>
  call('POST /api/purchase-orders/:id/receive', { params: { id }, body }).then((answer) => answer.data);

export const closeOrder = (id: number) =>
  call('POST /api/purchase-orders/:id/close', { params: { id } }).then((answer) => answer.data);

/** The order's page. */
export const orderPath = (id: number) => `/admin/purchase-orders/${id}`;

/**
 * An order changed: its page takes the answer at once; the lists and the suggestions are read
 * again, and (a receipt moved stock, buy prices and a supplier's due) every other admin list when
 * next shown.
 */
export function orderChanged(queryClient: QueryClient, order: PurchaseOrder) {
  queryClient.setQueryData(orderKey(order.id), order);
  void queryClient.invalidateQueries({ queryKey: ['admin'], refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: [...REORDER_KEY, 'orders'] });
  void queryClient.invalidateQueries({ queryKey: suggestionsKey });
}

/** What is still to come of a line (never below 0: more may have come than was ordered). */
export const leftOf = (line: { qty: number; received: number }) =>
  Math.max(0, Math.round((line.qty - line.received) * 100) / 100);

/** How much of the order has come, 0 to 1: each line's share in full counts alike. */
export function receivedShare(order: Pick<PurchaseOrder, 'lines'>): number {
  if (order.lines.length === 0) return 0;
  const parts = order.lines.map((l) => (l.qty > 0 ? Math.min(1, l.received / l.qty) : 1));
  return parts.reduce((sum, part) => sum + part, 0) / parts.length;
}

/**
 * Links that open the phone's SMS app or WhatsApp with the order's text for the supplier. WhatsApp
 * wants the number with the country code and no leading 0 of the local number: 01711… is
 * 8801711… (Bangladesh is 880).
 */
export const smsLink = (phone: string, text: string) => `sms:${phone}?body=${encodeURIComponent(text)}`;
export const whatsAppLink = (phone: string, text: string) =>
  `https://wa.me/880${phone.replace(/^0/, '')}?text=${encodeURIComponent(text)}`;
