import type { Unit } from '@bazar/contracts/catalog';
import { linesTotal } from '@bazar/contracts/money';
import { latinDigits } from '@bazar/contracts/numbers';
import { tillPayment, type PaymentMethod } from '@bazar/contracts/orders';
import { toNumber } from '../../lib/forms';
import { isLanguage, type Language } from '../../lib/i18n/i18n';

/**
 * The sale being rung up, as plain data and pure rules: the cart's lines, the money owed, the
 * payments and what they settle, and its copy in the browser's storage (a reload, a crash or a
 * closed tab does not lose it). The screen (till-page.tsx) only holds it and shows it.
 */

/** One line of the cart; the server prices the sale again from the database. */
export interface TillLine {
  /** The line's own key: a weighed pack is its own line, so the product id is not enough. */
  key: string;
  id: number;
  title: string;
  attri: string;
  /** The product's Bangla title and attribute ('' or missing: none). */
  title_bn?: string;
  attri_bn?: string;
  /** What the till charges: the offer price if there is one. */
  price: number;
  qty: number;
  unit?: Unit;
  /** A scale label's line: its quantity is the label's, and another label makes another line. */
  weighed?: boolean;
  /**
   * A price label's line: the code scanned and the price it printed (poisha), which is what the
   * line costs exactly (ADR 0061). Changing the line's quantity or price makes it a plain line.
   */
  label?: string;
  poisha?: number;
  /** The cashier changed the price at the till (a manager approves it when the sale is saved). */
  priceChanged?: boolean;
}

/** One payment of the sale: cash (tendered: change may come back), bKash, Nagad, card, the advance. */
export interface SalePayment {
  method: PaymentMethod;
  amount: number;
  reference?: string | null;
}

/** The till's customer block; an empty balance is null (the server reads it as 0). */
export type CustomerFields = {
  phone: string;
  name: string;
  area: string;
  address: string;
  balance: number | null;
  /** The customer's language (their SMS and receipts); left out, the form offers the till screen's. */
  lang?: Language;
};

/** initial: nothing looked up; new: phone not found; found: a customer with their stored advance. */
export type CustomerMode =
  | { kind: 'initial' }
  | { kind: 'new' }
  | {
      kind: 'found';
      id: number;
      balance: number;
      /** What they owe now and their own credit limit (null: the shop's), as the lookup answered. */
      due?: number;
      creditLimit?: number | null;
    };

/** What the cashier typed in the payment line and has not added yet ("Pay", method, reference). */
export interface PaymentEntry {
  method: PaymentMethod;
  amount: string;
  reference: string;
}

export interface TillSale {
  lines: TillLine[];
  customer: CustomerFields;
  customerMode: CustomerMode;
  /** null: as Setting says (till_ship); true/false once the cashier ticked or unticked it. */
  shipOn: boolean | null;
  discount: number;
  payments: SalePayment[];
  entry: PaymentEntry;
  /** The idempotency key of a Save that may have reached the server: a retry reuses it. */
  attemptKey: string | null;
}

export const EMPTY_CUSTOMER: CustomerFields = { phone: '', name: '', area: '', address: '', balance: 0 };

export const EMPTY_ENTRY: PaymentEntry = { method: 'cash', amount: '', reference: '' };

export const newSale = (): TillSale => ({
  lines: [],
  customer: EMPTY_CUSTOMER,
  customerMode: { kind: 'initial' },
  shipOn: null,
  discount: 0,
  payments: [],
  entry: EMPTY_ENTRY,
  attemptKey: null,
});

// ---- the cart ---------------------------------------------------------------------------------

let lineCounter = 0;

const lineKey = (id: number) => `${id}-${Date.now().toString(36)}-${(lineCounter++).toString(36)}`;

/** Quantities are kept in 0.01 steps (contracts' money rule). */
export const roundQty = (qty: number) => Math.round(qty * 100) / 100;

export interface ProductToAdd {
  id: number;
  title: string;
  attri: string;
  title_bn?: string;
  attri_bn?: string;
  price: number;
  offprice: number | null;
  unit?: Unit;
}

/**
 * Adds a product: one more of it on its line, or a new line. A weighed pack (a scale label) is
 * always a line of its own with the label's quantity. Returns the lines and the key of the line.
 */
export function addToCart(
  lines: readonly TillLine[],
  product: ProductToAdd,
  {
    qty = 1,
    weighed = false,
    label,
  }: { qty?: number; weighed?: boolean; label?: { code: string; poisha: number } } = {},
): { lines: TillLine[]; key: string } {
  const same = weighed || label ? undefined : lines.find((line) => line.id === product.id && !line.weighed);
  if (same) {
    return {
      lines: lines.map((line) => (line === same ? { ...line, qty: roundQty(line.qty + qty) } : line)),
      key: same.key,
    };
  }
  const line: TillLine = {
    key: lineKey(product.id),
    id: product.id,
    title: product.title,
    attri: product.attri,
    ...(product.title_bn && { title_bn: product.title_bn }),
    ...(product.attri_bn && { attri_bn: product.attri_bn }),
    price: product.offprice ?? product.price,
    qty: roundQty(qty),
    ...(product.unit && { unit: product.unit }),
    ...((weighed || label) && { weighed: true }),
    ...(label && { label: label.code, poisha: label.poisha }),
  };
  return { lines: [...lines, line], key: line.key };
}

/** The lines' total by the one money rule (whole taka, rounded down once). */
export const cartTotal = (lines: readonly TillLine[]) =>
  linesTotal(lines.map((line) => ({ price: line.price, quantity: line.qty, poisha: line.poisha })));

/** The line with another quantity or price: no longer the price label's pack, a plain line. */
export function editLine(
  line: TillLine,
  change: { qty: number } | { price: number; priceChanged: true },
): TillLine {
  const edited: TillLine = { ...line, ...change };
  delete edited.label;
  delete edited.poisha;
  return edited;
}

// ---- money --------------------------------------------------------------------------------------

/** Methods that take a transaction id. */
export const takesReference = (method: PaymentMethod) =>
  method === 'bkash' || method === 'nagad' || method === 'card';

export type EntryErrors = Partial<Record<'amount' | 'reference', string>>;

/**
 * The payment typed in the payment line, read by contracts' `tillPayment` (the server's rule):
 * nothing when "Pay" is empty, else the payment or the fields' messages.
 */
export function readEntry(entry: PaymentEntry): { payment: SalePayment | null; errors: EntryErrors } {
  const amount = toNumber(undefined)(entry.amount);
  if (amount === undefined) return { payment: null, errors: {} };
  const parsed = tillPayment.safeParse({
    method: entry.method,
    amount,
    reference: takesReference(entry.method) ? entry.reference : null,
  });
  if (parsed.success) {
    const { method, amount: taka, reference } = parsed.data;
    return { payment: { method, amount: taka, reference: reference ?? null }, errors: {} };
  }
  const errors: EntryErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'amount' || field === 'reference') && !errors[field]) errors[field] = issue.message;
  }
  return { payment: null, errors };
}

export interface Settlement {
  /** What the customer owes: subtotal + shipping − discount. */
  owed: number;
  /** Cash handed over. */
  cash: number;
  /** bKash, Nagad, card and the advance together. */
  nonCash: number;
  /** From the customer's advance. */
  fromAdvance: number;
  /** Cash to give back. */
  change: number;
  /** What the sale is paid: never more than it owes. */
  paid: number;
  /** What is left to pay (negative when other methods pay more than owed). */
  due: number;
  /** Other methods pay more than is owed: "Amount is large" (only cash gives change). */
  tooMuch: boolean;
}

/**
 * What the payments settle, by the server's own rule (orders/settle.ts): any method pays part of
 * the bill, only cash gives change, other methods together may not pay more than is owed.
 */
export function settle(owed: number, payments: readonly SalePayment[]): Settlement {
  const sum = (list: readonly SalePayment[]) => list.reduce((total, p) => total + p.amount, 0);
  const cash = sum(payments.filter((p) => p.method === 'cash'));
  const nonCash = sum(payments.filter((p) => p.method !== 'cash'));
  const fromAdvance = sum(payments.filter((p) => p.method === 'balance'));
  const tooMuch = nonCash > owed;
  const change = tooMuch ? 0 : Math.max(0, nonCash + cash - owed);
  const paid = nonCash + cash - change;
  return { owed, cash, nonCash, fromAdvance, change, paid, due: owed - paid, tooMuch };
}

/** The customer's advance that is still free to pay with (what the sale's payments have not taken). */
export function advanceLeft(mode: CustomerMode, payments: readonly SalePayment[]): number {
  if (mode.kind !== 'found') return 0;
  const used = payments.filter((p) => p.method === 'balance').reduce((total, p) => total + p.amount, 0);
  return Math.max(0, mode.balance - used);
}

/** Why the payments cannot be taken: other methods pay more than is owed, or more than the advance. */
export type PaymentProblem = { kind: 'amountLarge' } | { kind: 'advance'; balance: number };

export function paymentProblem(
  owed: number,
  payments: readonly SalePayment[],
  mode: CustomerMode,
): PaymentProblem | null {
  const money = settle(owed, payments);
  if (money.tooMuch) return { kind: 'amountLarge' };
  const balance = mode.kind === 'found' ? mode.balance : 0;
  if (money.fromAdvance > balance) return { kind: 'advance', balance };
  return null;
}

/** Setting as the till reads it: the delivery charge and whether a sale starts with it. */
export interface TillSetting {
  ship: number;
  tillShip: boolean;
}

/** Everything the summary shows and Save sends, worked out from the sale and Setting. */
export function saleFigures(sale: TillSale, setting: TillSetting) {
  const total = cartTotal(sale.lines);
  const shipOn = sale.shipOn ?? setting.tillShip;
  const shipping = shipOn ? setting.ship : 0;
  const owed = total + shipping - sale.discount;
  const typed = readEntry(sale.entry).payment;
  const payments = typed ? [...sale.payments, typed] : [...sale.payments];
  const mode = sale.customerMode;
  return {
    total,
    shipOn,
    shipping,
    owed,
    /** The added payments and a valid one typed in "Pay". */
    payments,
    settlement: settle(owed, payments),
    /** The found customer's advance still free, or null without a customer with an advance. */
    advance: mode.kind === 'found' && mode.balance > 0 ? advanceLeft(mode, payments) : null,
  };
}

// ---- scanning -----------------------------------------------------------------------------------

/** At most this many of one scan at once (a typo of 3000 for 3 stops here). */
export const MULTIPLIER_MAX = 999;

/**
 * A quantity typed before a scan: "3*" then the scanner's code ("3*2000000000077", Latin or Bengali
 * digits, `*`, `x` or `×`) adds three. Null when the text is no such thing; `code` is '' while only
 * the multiplier is typed.
 */
export function multiplied(text: string): { times: number; code: string } | null {
  const match = /^(\d{1,3})\s*[*x×]\s*(.*)$/.exec(latinDigits(text.trim()));
  if (!match) return null;
  const times = Number(match[1]);
  if (times < 1 || times > MULTIPLIER_MAX) return null;
  const code = match[2] ?? '';
  return code === '' || isCodeLike(code) ? { times, code } : null;
}

const BARCODE_TEXT = /^[0-9A-Za-z\-.$/+%]{3,64}$/;

/**
 * True for text that is a code to look up rather than a name to search: what a scanner types (all
 * digits), or a product's own barcode of letters and digits (no spaces, at least half digits).
 * "7up" or "Miniket rice" are names; "2000000000077" and "ABC-12345" are codes.
 */
export function isCodeLike(text: string): boolean {
  const value = text.trim();
  if (!BARCODE_TEXT.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return /^\d{4,}$/.test(value) || (value.length >= 4 && digits * 2 >= value.length);
}

// ---- the copy in the browser ---------------------------------------------------------------------

export const SALE_KEY = 'till-sale';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function validLine(value: unknown): value is TillLine {
  return (
    isObject(value) &&
    typeof value.key === 'string' &&
    typeof value.id === 'number' &&
    typeof value.title === 'string' &&
    typeof value.attri === 'string' &&
    typeof value.price === 'number' &&
    typeof value.qty === 'number' &&
    value.qty > 0
  );
}

function validPayment(value: unknown): value is SalePayment {
  return (
    isObject(value) &&
    typeof value.method === 'string' &&
    ['cash', 'bkash', 'nagad', 'card', 'balance'].includes(value.method) &&
    typeof value.amount === 'number' &&
    value.amount > 0
  );
}

/** The sale kept in this browser, or a new one; anything unreadable is dropped, not guessed at. */
export function loadSale(storage: Storage = localStorage): TillSale {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(SALE_KEY) ?? 'null');
  } catch {
    return newSale();
  }
  return saleFromStored(stored);
}

/** A sale as this browser kept it (the sale in progress, a held one), read with care: what is not valid is left out. */
export function saleFromStored(stored: unknown): TillSale {
  const fresh = newSale();
  if (!isObject(stored)) return fresh;
  const { lang, ...customer } = isObject(stored.customer)
    ? { ...EMPTY_CUSTOMER, ...stored.customer }
    : EMPTY_CUSTOMER;
  const mode = stored.customerMode;
  const entry = isObject(stored.entry) ? { ...EMPTY_ENTRY, ...stored.entry } : EMPTY_ENTRY;
  return {
    lines: Array.isArray(stored.lines) ? stored.lines.filter(validLine) : [],
    customer: { ...(customer as CustomerFields), ...(isLanguage(lang) && { lang }) },
    customerMode:
      isObject(mode) && (mode.kind === 'new' || mode.kind === 'found')
        ? mode.kind === 'found' && typeof mode.id === 'number'
          ? { kind: 'found', id: mode.id, balance: typeof mode.balance === 'number' ? mode.balance : 0 }
          : { kind: 'new' }
        : fresh.customerMode,
    shipOn: typeof stored.shipOn === 'boolean' ? stored.shipOn : null,
    discount: typeof stored.discount === 'number' && stored.discount >= 0 ? stored.discount : 0,
    payments: Array.isArray(stored.payments) ? stored.payments.filter(validPayment) : [],
    entry: entry as PaymentEntry,
    attemptKey: typeof stored.attemptKey === 'string' ? stored.attemptKey : null,
  };
}

/** Keeps the sale in this browser (the storage may be full or refused: the sale still works). */
export function storeSale(sale: TillSale, storage: Storage = localStorage): void {
  try {
    storage.setItem(SALE_KEY, JSON.stringify(sale));
  } catch (error) {
    console.error('Could not keep the sale in the browser', error);
  }
}

export function forgetSale(storage: Storage = localStorage): void {
  try {
    storage.removeItem(SALE_KEY);
  } catch {
    // nothing kept
  }
}

/** True when nothing has been rung up or typed: a reload of an empty till is not worth keeping. */
export const isEmptySale = (sale: TillSale) =>
  sale.lines.length === 0 &&
  sale.payments.length === 0 &&
  sale.customerMode.kind === 'initial' &&
  !sale.customer.phone &&
  !sale.entry.amount &&
  sale.discount === 0;
