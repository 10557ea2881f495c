import type { SlotChoice } from '@bazar/contracts/delivery';
import type { Order, OrderWithTimeline, placeOrderBody } from '@bazar/contracts/orders';
import type { CheckoutPayment, OnlineMethod } from '@bazar/contracts/payments';
import { withPage, type Page } from '@bazar/contracts/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError, isApiError, request } from '../../lib/api';
import type { Language } from '../../lib/i18n/i18n';
import { cartTotal } from '../../lib/money';
import { type CartLine, STORAGE_KEYS } from '../../lib/session';

export type { CheckoutPayment, OnlineMethod, Order };

/** A line the server could not fill (409). */
export interface ShortLine {
  product_id: number;
  title: string;
  attri: string;
  available: number;
}

/** The checkout form's fields as the shared schema gives them back (trimmed, phone normalised). */
export type OrderForm = Omit<z.output<typeof placeOrderBody>, 'carts' | 'lang' | 'slot'>;

/**
 * The order body of storefront spec §3 "Order sent", numbers as JSON numbers; the server prices
 * it again by the same money rule (contracts' linesTotal) the cart shows. `lang`, the language the
 * shopper is reading, becomes the customer's (the confirmation SMS and invoices are written in it).
 */
export function orderBody(form: OrderForm, lines: readonly CartLine[], ship: number, lang: Language) {
  const subtotal = cartTotal(lines);
  return {
    name: form.name,
    phone: form.phone,
    address: form.address,
    area: form.area,
    note: form.note ?? '',
    carts: lines.map((line) => ({
      product_id: line.product_id,
      attri: line.atrri,
      quantity: line.qty,
      price: line.price,
    })),
    subtotal,
    ship,
    discount: 0,
    paid: 0,
    due: subtotal + ship,
    type: 1,
    lang,
    // Only remembered: the order is placed unpaid either way, then paid online (payOnline).
    payment: form.payment ?? 'cod',
  };
}

export type OrderBody = ReturnType<typeof orderBody>;

/** A 409 with the short lines (nothing was ordered). */
export class ShortLinesError extends ApiError {
  readonly lines: ShortLine[];
  constructor(message: string, lines: ShortLine[]) {
    super(409, message);
    this.lines = lines;
  }
}

/**
 * POST /api/order/add with an Idempotency-Key, so a retry of the same attempt never makes a second
 * order; a 409 becomes a ShortLinesError with the lines the shop cannot fill.
 */
export async function placeOrder(
  body: OrderBody & { slot?: SlotChoice | null },
  idempotencyKey: string,
): Promise<Order> {
  try {
    const answer = await api.post<{ data: Order }>('/api/order/add', body, {
      'Idempotency-Key': idempotencyKey,
    });
    return answer.data;
  } catch (error) {
    const lines = isApiError(error, 409) ? (error.body as { lines?: unknown } | undefined)?.lines : undefined;
    if (isApiError(error) && Array.isArray(lines))
      throw new ShortLinesError(error.message, lines as ShortLine[]);
    throw error;
  }
}

export const isShortLinesError = (error: unknown): error is ShortLinesError =>
  error instanceof ShortLinesError;
// ---- cart changes lib/session has no helper for ----

/**
 * Replaces the stored cart. lib/session re-reads the cart on every window 'storage' event, so one
 * is dispatched to refresh the cart count and every open cart view at once.
 */
export function replaceCartLines(lines: readonly CartLine[]) {
  const raw = JSON.stringify(lines);
  try {
    localStorage.setItem(STORAGE_KEYS.carts, raw);
  } catch (error) {
    console.error('Could not write browser storage', error);
  }
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.carts, newValue: raw }));
}

/** Spec §4 "Order placed": the carts storage is cleared. */
export const clearCart = () => replaceCartLines([]);

// ---- reads ----

/** One page (50 orders, newest first) of the signed-in customer's orders. */
export function useMyOrders(phone: string | null, page = 1) {
  return useQuery({
    queryKey: ['my-orders', phone, page],
    queryFn: async () => {
      try {
        return await request<Page<Order>>(
          'GET',
          withPage(`/api/orders/${encodeURIComponent(phone ?? '')}`, page),
        );
      } catch (error) {
        // Spec §8: order-list failures are logged; the screen still says it could not load.
        console.error('Could not load the orders', error);
        throw error;
      }
    },
    enabled: phone !== null,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['order', id],
    queryFn: () =>
      request<{ data: OrderWithTimeline }>('GET', `/api/order/${encodeURIComponent(id)}`).then((a) => a.data),
    enabled,
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });
}

// ---- display helpers ----

const STATUS_KEYS = {
  0: 'shopOrders.status.processing',
  1: 'shopOrders.status.collecting',
  2: 'shopOrders.status.outForDelivery',
  3: 'shopOrders.status.delivered',
  4: 'shopOrders.status.canceled',
} as const;

/** Spec §4: 0 Processing … 4 Canceled, any other value Complete. */
export function statusKey(status: number) {
  return (
    (STATUS_KEYS as Record<number, (typeof STATUS_KEYS)[keyof typeof STATUS_KEYS]>)[status] ??
    'shopOrders.status.complete'
  );
}

// ---- online payment ----

/** The online gateways the shop has configured (none: checkout offers cash on delivery only). */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payment-methods'],
    queryFn: () => api.get<{ data: OnlineMethod[] }>('/api/payment/methods').then((a) => a.data),
    staleTime: 5 * 60_000,
  });
}

/** Starts paying the order online; resolves with the gateway's page to send the browser to. */
export const payOnline = (id: number, method: OnlineMethod) =>
  api.post<{ data: { url: string } }>(`/api/order/${id}/pay-online`, { method }).then((a) => a.data.url);

/** Sends the browser to the gateway's payment page (a full page load: the gateway is another site). */
export const goToGateway = (url: string) => window.location.assign(url);
