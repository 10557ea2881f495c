import type { Unit } from '@bazar/contracts/catalog';
import { exactAmount, linesTotal } from '@bazar/contracts/money';
import { labelValueOf } from '@bazar/contracts/scale-labels';
import {
  WALK_IN_NAME,
  type Order,
  type OrderPayment,
  type StoredPaymentMethod,
} from '@bazar/contracts/orders';
import { currentLanguage, isLanguage, type Language, type TFunction } from '../../lib/i18n/i18n';
import { namesIn, returnedNamesIn } from '../../lib/line-names';
import { lineAmount } from '../../lib/money';
import type { TillOrderPayload } from '../till/till-api';
import type { QueuedSale } from '../till/offline/till-db';

/**
 * What a receipt prints, worked out from a stored order (GET /api/order/{id}) without adding up
 * money the server already settled: the order's own total, shipping, discount, paid and due, its
 * payments as they were taken (cash as tendered, then the change), and for a return receipt the
 * returned lines, their value and the refund. It is written in the customer's language (the
 * order's `lang`), line names included.
 */

interface ReceiptLine {
  title: string;
  attri: string;
  qty: number;
  /** What `qty` counts: pieces, or kg and litres for a weighed line ("1.5 kg x 45/kg"). */
  unit: Unit;
  price: number;
  /** price × qty exact to the poisha (67.50): lines are not rounded one by one, the total is. */
  amount: number;
  /** How much of the line came back (sale receipts of an order with returns). */
  returned: number;
}

interface ReceiptPayment {
  method: StoredPaymentMethod;
  reference: string | null;
  /** What the customer handed over (cash: tendered) or got back (a refund, positive). */
  amount: number;
  refund: boolean;
}

type ReceiptTotal = {
  key: 'total' | 'returnValue' | 'ship' | 'discount' | 'subtotal';
  amount: number;
};

export interface ReceiptView {
  kind: 'sale' | 'return';
  /** The language the receipt prints in: the customer's. */
  lang: Language;
  /** The order's number; null for a sale the server has not confirmed yet. */
  orderId: number | null;
  /** The till's number of a sale made through its outbox (`T-{till}-{n}`), before and after sync. */
  provisional: string | null;
  returnId: number | null;
  /** When the sale (or the return) was made. */
  at: string;
  /** Who rang it up (or took the goods back). */
  staff: string | null;
  /** The customer, unless a walk-in without a phone. */
  customer: { name: string; phone: string } | null;
  lines: ReceiptLine[];
  totals: ReceiptTotal[];
  payments: ReceiptPayment[];
  change: number;
  /** The order's due (sale receipts). */
  due: number | null;
  reason: string | null;
}

const WALK_IN = WALK_IN_NAME;

/** A line's quantity and price as the receipt prints them: "2 x 380", or "1.5 kg x 45/kg" weighed. */
export function qtyPriceText(t: TFunction, line: Pick<ReceiptLine, 'qty' | 'price' | 'unit'>): string {
  if (line.unit === 'pcs') return t('adminTill.receipt.qtyPrice', { qty: line.qty, price: line.price });
  return t('adminTill.receipt.weighedQtyPrice', {
    qty: line.qty,
    price: line.price,
    unit: t(`adminTill.cart.units.${line.unit}`),
  });
}

/** The cash given back at the sale: what was tendered above what stayed in the drawer. */
export function changeOf(order: Pick<Order, 'payments'>): number {
  return order.payments
    .filter((p) => p.method === 'cash' && p.return_id === null && p.tendered !== null)
    .reduce((sum, p) => sum + Math.max(0, (p.tendered ?? 0) - p.amount), 0);
}

const paymentOf = (p: OrderPayment): ReceiptPayment => {
  const refund = p.amount < 0 || p.return_id !== null;
  return {
    method: p.method,
    reference: p.reference,
    amount: refund ? Math.abs(p.amount) : (p.tendered ?? p.amount),
    refund,
  };
};

const customerOf = (order: Order) =>
  order.phone || (order.name && order.name !== WALK_IN) ? { name: order.name, phone: order.phone } : null;

/** The language of the order's customer; a walk-in's sale (no account) prints in the screen's. */
const languageOf = (order: Pick<Order, 'lang'>): Language =>
  isLanguage(order.lang) ? order.lang : currentLanguage();

/** A counter receipt leaves out a shipping cost and a discount of 0: the customer paid neither. */
const withoutZeroCharges = (totals: ReceiptTotal[]) =>
  totals.filter((t) => !((t.key === 'ship' || t.key === 'discount') && t.amount === 0));

/** The sale receipt of an order (a reprint shows later refunds too). */
export function saleReceipt(order: Order): ReceiptView {
  const lang = languageOf(order);
  const totals: ReceiptTotal[] = [{ key: 'total', amount: order.subtotal + order.returned }];
  if (order.returned > 0) totals.push({ key: 'returnValue', amount: -order.returned });
  totals.push(
    { key: 'ship', amount: order.ship },
    { key: 'discount', amount: order.discount },
    { key: 'subtotal', amount: order.subtotal + order.ship - order.discount },
  );
  return {
    kind: 'sale',
    lang,
    orderId: order.id,
    provisional: order.provisional ?? null,
    returnId: null,
    at: order.created,
    staff: order.cashier,
    customer: customerOf(order),
    lines: order.carts.map((line) => ({
      title: namesIn(lang, line).title || line.product.title,
      attri: namesIn(lang, line).attri,
      qty: line.quantity,
      unit: line.unit,
      price: line.price,
      amount: lineAmount(line),
      returned: line.returned,
    })),
    totals: withoutZeroCharges(totals),
    payments: order.payments.map(paymentOf),
    change: changeOf(order),
    due: order.due,
    reason: null,
  };
}

/** The receipt of one return of the order: what came back, its value and the refund; null if unknown. */
export function returnReceipt(order: Order, returnId: number): ReceiptView | null {
  const found = order.returns.find((r) => r.id === returnId);
  if (!found) return null;
  const lang = languageOf(order);
  return {
    kind: 'return',
    lang,
    orderId: order.id,
    provisional: order.provisional ?? null,
    returnId,
    at: found.created,
    staff: found.by,
    customer: customerOf(order),
    lines: found.lines.map((line) => ({
      ...returnedNamesIn(lang, line, order.carts),
      qty: line.quantity,
      unit: order.carts.find((sold) => sold.product_id === line.product_id)?.unit ?? 'pcs',
      price: line.price,
      amount: exactAmount(line.price, line.quantity),
      returned: 0,
    })),
    totals: [{ key: 'returnValue', amount: found.value }],
    payments: order.payments.filter((p) => p.return_id === returnId).map(paymentOf),
    change: 0,
    due: null,
    reason: found.reason || null,
  };
}

/**
 * The receipt of a sale kept in the till's outbox: the server's order once it is synced (both
 * numbers), else the sale as the till made it (its prices, its provisional number, the change it
 * worked out). `staff` is who is signed in on the till; `lang` what a sale not yet synced prints in
 * (the till knows its customer's language only from the server's order).
 */
export function queuedReceipt(sale: QueuedSale, staff: string | null, lang: Language): ReceiptView {
  if (sale.order)
    return { ...saleReceipt(sale.order), provisional: sale.order.provisional ?? sale.provisional };
  const body = sale.body as TillOrderPayload;
  const total = linesTotal(
    body.carts.map((line) => ({
      price: line.price,
      quantity: line.quantity,
      poisha: line.label ? labelValueOf(line.label) : null,
    })),
  );
  return {
    kind: 'sale',
    lang,
    orderId: null,
    provisional: sale.provisional,
    returnId: null,
    at: sale.sold_at,
    staff,
    customer:
      body.phone || (body.name && body.name !== WALK_IN)
        ? { name: body.name || WALK_IN, phone: body.phone }
        : null,
    lines: body.carts.map((line) => ({
      title: line.title,
      attri: line.attri,
      qty: line.quantity,
      unit: line.unit ?? 'pcs',
      price: line.price,
      amount: lineAmount({ ...line, label_poisha: line.label ? labelValueOf(line.label) : null }),
      returned: 0,
    })),
    totals: withoutZeroCharges([
      { key: 'total', amount: total },
      { key: 'ship', amount: body.ship },
      { key: 'discount', amount: body.discount },
      { key: 'subtotal', amount: total + body.ship - body.discount },
    ]),
    payments: (body.payments ?? []).map((p) => ({
      method: p.method,
      reference: p.reference ?? null,
      amount: p.amount,
      refund: false,
    })),
    change: sale.change,
    due: Math.max(0, body.due),
    reason: null,
  };
}
