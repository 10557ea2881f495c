/**
 * The one money rule, shared by the server and every screen: whole taka, quantities in 0.01 steps.
 * A line's amount and a cart's total are exact sums of price × quantity computed in hundredths of a
 * unit (integers, so 100 × 0.29 is 29, not 28.999…), rounded down once (spec: totals round down).
 */
export const hundredths = (quantity: number) => Math.round(quantity * 100);

/** One line's amount in whole taka: floor(price × quantity), exact. */
export function lineTotal(price: number, quantity: number): number {
  return Math.floor((price * hundredths(quantity)) / 100);
}

/**
 * price × quantity exactly, in taka with at most two decimals (before the rule rounds a total down
 * once): what a spreadsheet adds up, so that the sum rounded down is the screen's total.
 */
export const exactAmount = (price: number, quantity: number) => (price * hundredths(quantity)) / 100;

/**
 * A line of money: a unit price in whole taka and a quantity; `poisha`, when set, is the line's
 * exact amount instead of price × quantity. That is a price-embedded scale label's: the scale
 * printed the price the customer pays (67.00), and the quantity worked out from it (1.49 kg at
 * 45/kg) is for the stock, not for the money (ADR 0061).
 */
export type MoneyLine = { price: number; quantity: number; poisha?: number | null | undefined };

/** A line's exact amount in poisha (an integer): its label's price, else price × quantity. */
export const linePoisha = (l: MoneyLine) => l.poisha ?? l.price * hundredths(l.quantity);

/** A line's amount in taka, exact to the poisha (67.5): what a receipt and the cart show. */
export const lineExact = (l: MoneyLine) => linePoisha(l) / 100;

/** The lines' total in whole taka: the exact sum, rounded down once (not line by line). */
export function linesTotal(lines: ReadonlyArray<MoneyLine>): number {
  return Math.floor(lines.reduce((sum, l) => sum + linePoisha(l), 0) / 100);
}

/**
 * An order's amounts, each with one name and one meaning, on the server, in the API and on every
 * screen (the spec's calls keep their fields: there `subtotal` is `lines`):
 * - `lines`: what the order's lines come to, before any return (the database's `subtotal`);
 * - `returned`: what goods brought back were worth;
 * - `net`: lines − returned;
 * - `shipping`, `discount`: as charged;
 * - `total`: net + shipping − discount, what the customer owes for the order;
 * - `paid`: what the shop holds for it (payments less refunds and change);
 * - `due`: total − paid.
 */
export type OrderAmounts = {
  lines: number;
  returned: number;
  net: number;
  shipping: number;
  discount: number;
  total: number;
  paid: number;
  due: number;
};

/** The amounts of an order from its stored figures (`subtotal` is `lines`, `ship` is `shipping`). */
export function orderAmounts(o: {
  subtotal: number;
  returned: number;
  ship: number;
  discount: number;
  paid: number;
}): OrderAmounts {
  const net = o.subtotal - o.returned;
  const total = net + o.ship - o.discount;
  return {
    lines: o.subtotal,
    returned: o.returned,
    net,
    shipping: o.ship,
    discount: o.discount,
    total,
    paid: o.paid,
    due: total - o.paid,
  };
}

/**
 * The amounts of an order as the API answers it: there `subtotal` is the lines after returns (the
 * spec's field), so the lines before returns are subtotal + returned.
 */
export function amountsOfOrder(o: {
  subtotal: number;
  returned?: number | undefined;
  ship: number;
  discount: number;
  paid: number;
}): OrderAmounts {
  const returned = o.returned ?? 0;
  return orderAmounts({ ...o, subtotal: o.subtotal + returned, returned });
}

/**
 * The kinds of row in the money ledger, each signed from the shop's side (+ comes in, − goes out),
 * except the two balances a customer or a supplier has with the shop:
 * - `payment`: money taken for an order (any method; `balance` when from the customer's advance);
 * - `change`: cash handed back at the till (−);
 * - `refund`: money given back for an order (−; `balance` when into the customer's advance);
 * - `advance`: the customer's advance grows (+) or is used (−);
 * - `supplier_payment`: money paid to a supplier (−; + when a paid purchase is deleted);
 * - `float`: the cash a drawer starts a shift with (+);
 * - `drawer`: cash put into (+) or taken out of (−) a drawer during a shift;
 * - `expense`: money spent (−; + when an expense is deleted);
 * - `opening`: a customer's advance or a supplier's due as it stood when the ledger began.
 */
export const MONEY_KINDS = [
  'payment',
  'change',
  'refund',
  'advance',
  'supplier_payment',
  'float',
  'drawer',
  'expense',
  'opening',
] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

/** What `GET /api/money/check` compares with the ledger. */
export const MONEY_CHECKS = [
  'order_paid',
  'order_due',
  'payment',
  'customer_advance',
  'supplier_due',
  'supplier_payment',
  'expense',
  'shift_float',
  'drawer_move',
] as const;
export type MoneyCheck = (typeof MONEY_CHECKS)[number];
