import type { Order, PlaceOrderBody, placeOrderBody, shortLines } from '@bazar/contracts/orders';
import type { OnlineMethod } from '@bazar/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { ApiError, call, isApiError } from '../../lib/api';
import type { Language } from '../../lib/i18n/i18n';
import { cartTotal } from '../../lib/money';
import { type CartLine, STORAGE_KEYS } from '../../lib/session';
import { listKey, usePaged } from '../../lib/use-admin-list';

export type { OnlineMethod, Order };

/** A line the server could not fill (409), and how many are left of it. */
export type ShortLine = z.infer<typeof shortLines>['lines'][number];

/** The checkout form's fields as the shared schema gives them back (trimmed, phone normalised). */
export type OrderForm = Omit<z.output<typeof placeOrderBody>, 'carts' | 'lang' | 'slot'>;

/**
 * The storefront's body of `POST /api/order/add` (contracts' placeOrderBody) with the totals the
 * spec's body carries besides, which the server ignores (it prices every line itself).
 */
export type OrderBody = PlaceOrderBody & {
  subtotal: number;
  ship: number;
  discount: number;
  paid: number;
  due: number;
  type: number;
};

/**
 * The order body checkout sends (Place Order), numbers as JSON numbers; the server prices
 * it again by the same money rule (contracts' linesTotal) the cart shows. `lang`, the language the
 * shopper is reading, becomes the customer's (the confirmation SMS and invoices are written in it).
 */
export function orderBody(
  form: OrderForm,
  lines: readonly CartLine[],
  ship: number,
  lang: Language,
): OrderBody {
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
export async function placeOrder(body: OrderBody, idempotencyKey: string): Promise<Order> {
  try {
    const answer = await call('POST /api/order/add', {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
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

/** Once an order is placed the carts storage is cleared. */
export const clearCart = () => replaceCartLines([]);

// ---- reads ----

/** Every cached page of the customer's orders (read again once an order is placed). */
export const MY_ORDERS = listKey('GET /api/orders/:phone');

/**
 * The signed-in customer's orders (50 a page, newest first), the page in the URL (`?page=2`) as
 * the back office's lists keep theirs.
 */
export function useMyOrders(phone: string | null) {
  const orders = usePaged('GET /api/orders/:phone', {
    params: { phone: phone ?? '' },
    enabled: phone !== null,
  });
  const { error } = orders.query;
  // Order-list failures are logged; the screen still says it could not load.
  useEffect(() => {
    if (error) console.error('Could not load the orders', error);
  }, [error]);
  return orders;
}

/** The storefront's cached reads of one order (the success page, an order's View, its invoice). */
const orderKey = (id: number) => ['order', id] as const;

export function useOrder(id: number, enabled: boolean) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: () => call('GET /api/order/:id', { params: { id } }).then((a) => a.data),
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

/** 0 Processing … 4 Canceled, any other value Complete. */
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
    queryFn: () => call('GET /api/payment/methods').then((a) => a.data),
    staleTime: 5 * 60_000,
  });
}

/** Starts paying the order online; resolves with the gateway's page to send the browser to. */
export const payOnline = (id: number, method: OnlineMethod) =>
  call('POST /api/order/:id/pay-online', { params: { id }, body: { method } }).then((a) => a.data.url);

/** Sends the browser to the gateway's payment page (a full page load: the gateway is another site). */
export const goToGateway = (url: string) => window.location.assign(url);
