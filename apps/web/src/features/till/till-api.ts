import type { Customer } from '@bazar/contracts/customers';
import { SPEC_PAYMENT_METHODS, type PaymentMethod, type tillOrderBody } from '@bazar/contracts/orders';
import type { QuickKeys, Settings } from '@bazar/contracts/settings';
import type { Shift } from '@bazar/contracts/shifts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';
import { DEFAULT_SHIP, fetchAreas, SHOP_KEYS } from '../../lib/shop-api';
import { isUnreachable, markReachable } from './offline/till-connection';
import { tillDb, type TillDb } from './offline/till-db';
import { readAreas, readSettings } from './offline/till-meta';
import type { CustomerFields, SalePayment, Settlement, TillLine } from './till-sale';

export type { Customer, CustomerFields, PaymentMethod, Shift };

// ---- products ---------------------------------------------------------------------------------

/** The till's suggestions: GET /api/product/find/{text} (title, attribute, price). */
export const findProducts = (text: string) =>
  call('GET /api/product/find/:text', { params: { text } }).then((answer) => answer.data);

/** A scan: a product's own barcode (quantity 1) or a scale label (the weighed quantity). */
export const scanBarcode = (code: string) =>
  call('GET /api/product/barcode/:code', { params: { code } }).then((answer) => answer.data);

// ---- settings ---------------------------------------------------------------------------------

/** What the till reads of Setting: the delivery charge and whether a sale starts with it. */
interface TillSettings {
  ship: number;
  tillShip: boolean;
  /** The shop's credit limit (null: none): a customer with none of their own may owe up to it. */
  creditLimit: number | null;
  /** The till's quick keys (Setting). */
  quickKeys: QuickKeys;
  /** A sale taking expired stock: a manager approves it, or it is never made (Setting). */
  expiredSale: 'approval' | 'never';
}

/** The same empty list every render (a hook's dependency). */
const NO_QUICK_KEYS: QuickKeys = [];

const toTillSettings = (data: Partial<Settings>): TillSettings => ({
  ship: typeof data.ship === 'number' && Number.isFinite(data.ship) ? data.ship : DEFAULT_SHIP,
  // A counter sale starts with no delivery charge unless Setting says so.
  tillShip: data.till_ship === true,
  creditLimit: typeof data.credit_limit === 'number' ? data.credit_limit : null,
  quickKeys: data.quick_keys ?? [],
  // A server (or a stored Setting) from before expiry dates says nothing: a manager approves.
  expiredSale: data.expired_sale === 'never' ? 'never' : 'approval',
});

/**
 * Reads from the server; when it cannot be reached, the copy the catalogue's sync keeps in the
 * till's store (or fails as the server did when there is none).
 */
async function orCached<T>(read: () => Promise<T>, cached: (db: TillDb) => Promise<T | null>) {
  try {
    const answer = await read();
    markReachable(true);
    return answer;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    markReachable(false);
    const copy = await cached(tillDb()).catch(() => null);
    if (copy === null) throw error;
    return copy;
  }
}

const fetchTillSettings = () =>
  orCached(
    () => call('GET /api/settings').then(({ data }) => toTillSettings(data)),
    async (db) => {
      const stored = await readSettings(db);
      return stored && toTillSettings(stored);
    },
  );

/**
 * The delivery charge (DEFAULT_SHIP, 30, until Setting answers) and `till_ship`; `reload` reads them
 * again when Shipping cost is ticked again. Under the settings prefix, so a saved Setting reaches it.
 * With no server, Setting as the till last stored it.
 */
export function useTillSettings() {
  const query = useQuery({
    queryKey: [...SHOP_KEYS.settings, 'till'],
    queryFn: fetchTillSettings,
    staleTime: 60_000,
    retry: 1,
    // Offline it answers from the till's store: it must run when the browser says it is offline.
    networkMode: 'always',
  });
  return {
    ship: query.data?.ship ?? DEFAULT_SHIP,
    tillShip: query.data?.tillShip ?? false,
    creditLimit: query.data?.creditLimit ?? null,
    quickKeys: query.data?.quickKeys ?? NO_QUICK_KEYS,
    expiredSale: query.data?.expiredSale ?? 'approval',
    loaded: query.isSuccess,
    reload: () => void query.refetch(),
  };
}

const fetchTillAreas = () => orCached(fetchAreas, readAreas);

/** The delivery areas for the customer block; with no server, the areas the till last stored. */
export function useTillAreas() {
  return useQuery({
    queryKey: [...SHOP_KEYS.areas, 'till'],
    queryFn: fetchTillAreas,
    staleTime: 60_000,
    networkMode: 'always',
  });
}

// ---- customers --------------------------------------------------------------------------------

/** The customer with this phone (an exact match first; `exact` takes nothing else). */
export const findCustomer = (phone: string, { exact = false } = {}) =>
  call('GET /api/customer/search/:text', { params: { text: phone } }).then(
    (answer) => answer.data.find((c) => c.phone === phone) ?? (exact ? undefined : answer.data[0]),
  );

export const addCustomer = (fields: CustomerFields) =>
  call('POST /api/customer/add', {
    body: {
      phone: fields.phone,
      name: fields.name,
      area: fields.area,
      address: fields.address,
      ...(fields.lang && { lang: fields.lang }),
    },
  });

export const updateCustomer = (id: number, fields: CustomerFields) =>
  call('POST /api/customer/edit/:id', {
    params: { id },
    body: {
      phone: fields.phone,
      name: fields.name,
      area: fields.area,
      balance: fields.balance,
      address: fields.address,
      status: 1,
      ...(fields.lang && { lang: fields.lang }),
    },
  });

// ---- the sale ---------------------------------------------------------------------------------

/** A till sale as the server reads it (contracts' tillOrderBody). */
type TillBody = z.output<typeof tillOrderBody>;

/**
 * A till sale as `POST /api/order/add` takes it (contracts' tillOrderBody), with the spec's totals
 * and line ids, which the server works out or ignores. Each line carries the till's price and
 * title: a sale made offline keeps them. The outbox adds the sale's, lines' and payments' ids,
 * `sold_at`, `provisional` and, for a sale whose receipt came from the till, `offline`.
 */
export type TillOrderPayload = Pick<
  TillBody,
  | 'name'
  | 'phone'
  | 'address'
  | 'area'
  | 'ship'
  | 'discount'
  | 'paid'
  | 'method'
  | 'terminal'
  | 'client_id'
  | 'sold_at'
  | 'provisional'
> & {
  subtotal: number;
  due: number;
  payments?: (Pick<NonNullable<TillBody['payments']>[number], 'method' | 'amount' | 'client_id'> & {
    reference?: string;
  })[];
  carts: (Pick<
    TillBody['carts'][number],
    'product_id' | 'quantity' | 'client_id' | 'price_changed' | 'unit' | 'label'
  > & {
    id: number;
    title: string;
    price: number;
    attri: string;
  })[];
  offline?: true;
  /** A manager's phone and PIN for what needed approval (the server checks them). */
  approval?: { phone: string; pin: string };
  /** Sent only with `offline`: who sold, and the manager whose PIN the till checked. */
  staff_id?: number;
  approved_by?: number;
};

/**
 * What is sent of a kept sale: made offline, the cashier and approver the till checked (not the
 * manager's PIN again); made online, the manager's PIN for the server to check, and nothing the
 * server takes only from an offline sale.
 */
function sendable(body: TillOrderPayload): TillOrderPayload {
  const { approval, staff_id, approved_by, ...rest } = body;
  if (body.offline) {
    return {
      ...rest,
      ...(staff_id !== undefined && { staff_id }),
      ...(approved_by !== undefined ? { approved_by } : approval && { approval }),
    };
  }
  return { ...rest, ...(approval && { approval }) };
}

/**
 * The sale's body: the spec's (subtotal, ship, discount, paid, due, method, carts, terminal 1)
 * and, when money was taken, every payment in `payments` (the server then settles from them and
 * gives change for cash). Each line carries the till's price and title: a sale made offline keeps
 * them (the server prices a sale made online itself).
 */
export function tillOrderPayload(sale: {
  customer: CustomerFields;
  lines: readonly TillLine[];
  subtotal: number;
  ship: number;
  discount: number;
  payments: readonly SalePayment[];
  settlement: Settlement;
  /** The method shown in the spec's select when nothing was paid. */
  method: PaymentMethod;
}): TillOrderPayload {
  const { customer, lines, payments, settlement } = sale;
  const first = payments[0]?.method ?? sale.method;
  const specMethod = SPEC_PAYMENT_METHODS.find((m) => m === first) ?? 'cash';
  return {
    name: customer.name,
    phone: customer.phone,
    address: customer.address,
    area: customer.area,
    subtotal: sale.subtotal,
    ship: sale.ship,
    discount: sale.discount,
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
      // Its receipt before sync prints "1.5 kg"; stored only for a product deleted meanwhile.
      ...(l.unit && { unit: l.unit }),
      // A price label's pack: the server charges the price the scale printed.
      ...(l.label && { label: l.label }),
      ...(l.priceChanged && { price_changed: true }),
    })),
    terminal: 1,
  };
}

/** Sends a sale the outbox keeps; its `client_id` is also the Idempotency-Key (one sale per Save). */
export const sendTillOrder = (body: TillOrderPayload) =>
  call('POST /api/order/add', {
    body: sendable(body),
    headers: body.client_id ? { 'Idempotency-Key': body.client_id } : {},
  }).then((answer) => answer.data);

// ---- shifts -----------------------------------------------------------------------------------

export const SHIFT_KEY = ['shift', 'current'] as const;

const fetchCurrentShift = () => call('GET /api/shift/current').then((answer) => answer.data);

export const openShift = (float: number) =>
  call('POST /api/shift/open', { body: { float } }).then((answer) => answer.data);

export const moveCash = (amount: number, reason: string) =>
  call('POST /api/shift/move', { body: { amount, reason } }).then((answer) => answer.data);

export const closeShift = (counted: number, note: string) =>
  call('POST /api/shift/close', { body: { counted, note } }).then((answer) => answer.data);

/** The signed-in cashier's open shift, or null. */
export function useCurrentShift() {
  return useQuery({
    queryKey: SHIFT_KEY,
    queryFn: fetchCurrentShift,
    staleTime: 30_000,
    // A read that failed (the server was down) is tried again every 15 s until it answers, so the
    // panel recovers by itself when the connection comes back.
    refetchInterval: (query) => (query.state.status === 'error' ? 15_000 : false),
  });
}
