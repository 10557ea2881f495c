import type { BarcodeLookup, FoundProduct } from '@bazar/contracts/catalog';
import type { Customer } from '@bazar/contracts/customers';
import { SPEC_PAYMENT_METHODS, type Order, type PaymentMethod } from '@bazar/contracts/orders';
import type { Settings } from '@bazar/contracts/settings';
import type { Shift } from '@bazar/contracts/shifts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { DEFAULT_SHIP, SHOP_KEYS } from '../../lib/shop-api';
import type { CustomerFields, SalePayment, Settlement, TillLine } from './till-sale';

export type { Customer, CustomerFields, FoundProduct, Order, PaymentMethod, Shift };

// ---- products ---------------------------------------------------------------------------------

/** The till's suggestions: GET /api/product/find/{text} (title, attribute, price). */
export const findProducts = (text: string) =>
  api
    .get<{ data: FoundProduct[] }>(`/api/product/find/${encodeURIComponent(text)}`)
    .then((answer) => answer.data);

/** A scan: a product's own barcode (quantity 1) or a scale label (the weighed quantity). */
export const scanBarcode = (code: string) =>
  api
    .get<{ data: BarcodeLookup }>(`/api/product/barcode/${encodeURIComponent(code)}`)
    .then((answer) => answer.data);

// ---- settings ---------------------------------------------------------------------------------

/** What the till reads of Setting: the delivery charge and whether a sale starts with it. */
export interface TillSettings {
  ship: number;
  tillShip: boolean;
}

const fetchTillSettings = () =>
  api.get<{ data: Partial<Settings> & { ship: number } }>('/api/settings').then(({ data }): TillSettings => ({
    ship: Number.isFinite(data.ship) ? data.ship : DEFAULT_SHIP,
    tillShip: data.till_ship !== false,
  }));

/**
 * The delivery charge (spec §9: 30 until Setting answers) and `till_ship`; `reload` reads them again
 * (the spec's re-ticked Shipping cost). Under the settings prefix, so a saved Setting reaches it.
 */
export function useTillSettings() {
  const query = useQuery({
    queryKey: [...SHOP_KEYS.settings, 'till'],
    queryFn: fetchTillSettings,
    staleTime: 60_000,
    retry: 1,
  });
  return {
    ship: query.data?.ship ?? DEFAULT_SHIP,
    tillShip: query.data?.tillShip ?? true,
    loaded: query.isSuccess,
    reload: () => void query.refetch(),
  };
}

// ---- customers --------------------------------------------------------------------------------

export const findCustomer = (phone: string) =>
  api
    .get<{ data: Customer[] }>(`/api/customer/search/${encodeURIComponent(phone)}`)
    .then((answer) => answer.data[0]);

export const addCustomer = (fields: CustomerFields) =>
  api.post<{ message: string; data: Customer }>('/api/customer/add', {
    phone: fields.phone,
    name: fields.name,
    area: fields.area,
    address: fields.address,
  });

export const updateCustomer = (id: number, fields: CustomerFields) =>
  api.post<{ message: string; data: Customer }>(`/api/customer/edit/${id}`, {
    phone: fields.phone,
    name: fields.name,
    area: fields.area,
    balance: fields.balance,
    address: fields.address,
    status: 1,
  });

// ---- the sale ---------------------------------------------------------------------------------

/**
 * Saves the sale: the spec's body (subtotal, ship, discount, paid, due, method, carts, terminal 1)
 * and, when money was taken, every payment in `payments` (the server then settles from them and
 * gives change for cash). `idempotencyKey` makes a retried or double-clicked Save one sale only.
 */
export function saveTillOrder(body: {
  customer: CustomerFields;
  lines: TillLine[];
  subtotal: number;
  ship: number;
  discount: number;
  payments: SalePayment[];
  settlement: Settlement;
  /** The method shown in the spec's select when nothing was paid. */
  method: PaymentMethod;
  idempotencyKey: string;
}) {
  const { customer, lines, payments, settlement, idempotencyKey } = body;
  const first = payments[0]?.method ?? body.method;
  const specMethod = (SPEC_PAYMENT_METHODS as readonly string[]).includes(first) ? first : 'cash';
  return api
    .post<{ data: Order }>(
      '/api/order/add',
      {
        name: customer.name,
        phone: customer.phone,
        address: customer.address,
        area: customer.area,
        subtotal: body.subtotal,
        ship: body.ship,
        discount: body.discount,
        paid: settlement.paid,
        due: settlement.due,
        method: specMethod,
        ...(payments.length > 0 && {
          payments: payments.map((p) => ({
            method: p.method,
            amount: p.amount,
            ...(p.reference ? { reference: p.reference } : {}),
          })),
        }),
        carts: lines.map((l) => ({
          id: l.id,
          title: l.title,
          price: l.price,
          product_id: l.id,
          attri: l.attri,
          quantity: l.qty,
        })),
        terminal: 1,
      },
      { 'Idempotency-Key': idempotencyKey },
    )
    .then((answer) => answer.data);
}

// ---- shifts -----------------------------------------------------------------------------------

export const SHIFT_KEY = ['shift', 'current'] as const;

export const fetchCurrentShift = () =>
  api.get<{ data: Shift | null }>('/api/shift/current').then((answer) => answer.data);

export const openShift = (float: number) =>
  api.post<{ data: Shift }>('/api/shift/open', { float }).then((answer) => answer.data);

export const moveCash = (amount: number, reason: string) =>
  api.post<{ data: Shift }>('/api/shift/move', { amount, reason }).then((answer) => answer.data);

export const closeShift = (counted: number, note: string) =>
  api.post<{ data: Shift }>('/api/shift/close', { counted, note }).then((answer) => answer.data);

/** The signed-in cashier's open shift, or null. */
export function useCurrentShift() {
  return useQuery({ queryKey: SHIFT_KEY, queryFn: fetchCurrentShift, staleTime: 30_000 });
}
