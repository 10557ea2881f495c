import { amountsOfOrder, lineExact, linesTotal, type OrderAmounts } from '@bazar/contracts/money';

/**
 * Every amount a screen shows, by the shop's one money rule (contracts' money.ts, the rule the
 * server charges by): a line is price × quantity exact to the poisha (or a price label's price);
 * a total of lines is their exact sum, rounded down once. Screens never add up prices themselves.
 */

interface Line {
  price: number;
  quantity: number;
  /** A price label's price in poisha (an order line's `label_poisha`): the line's amount. */
  label_poisha?: number | null;
}

/** The cart's total (storefront cart lines keep their quantity as `qty`). */
export const cartTotal = (lines: ReadonlyArray<{ price: number; qty: number }>) =>
  linesTotal(lines.map((line) => ({ price: line.price, quantity: line.qty })));

/**
 * One line's amount, exact to the poisha (1.5 kg × 45 is 67.50): lines are not rounded one by one;
 * the order's total rounds their sum down once (contracts' money.ts), so the lines a receipt or the
 * cart shows add up to the total before that one rounding.
 */
export const lineAmount = (line: Line) =>
  lineExact({ price: line.price, quantity: line.quantity, poisha: line.label_poisha });

interface OrderMoney {
  /** The API's field: the lines after returns. */
  subtotal: number;
  returned?: number | undefined;
  ship: number;
  discount: number;
  paid: number;
  due: number;
}

/**
 * An order's amounts by their one name each (contracts' money.ts OrderAmounts: lines, returned,
 * net, shipping, discount, total, paid, due). A stored order's amounts are the server's: it priced
 * the lines by the same rule, so a screen shows them as they are. The spec's labels map onto them:
 * the invoice's "Total" is `net`, its "Subtotal" `total`, its "Advance" `paid`.
 */
export const orderAmounts = (order: OrderMoney): OrderAmounts => amountsOfOrder(order);

/** The orders list's Total of one order (the spec's column): its lines after returns plus shipping. */
export const orderListTotal = (order: Pick<OrderMoney, 'subtotal' | 'ship'>) => order.subtotal + order.ship;

/**
 * A return's money, counted exactly as the server counts it (`POST /api/order/return/{id}`): the
 * lines coming back are worth their sale price by the money rule (one total, rounded down once),
 * but never more than the order still charges (a discount is not paid out); the money back is what
 * was paid beyond the order's new total. `order.subtotal` is the lines' total after earlier returns.
 */
export function returnMoney(
  order: Pick<OrderMoney, 'subtotal' | 'returned' | 'ship' | 'discount' | 'paid'>,
  back: readonly Line[],
): { value: number; total: number; refund: number } {
  const charged = amountsOfOrder(order).total;
  const value = Math.min(linesTotal(back), order.subtotal, Math.max(0, charged));
  const total = charged - value;
  return { value, total, refund: Math.max(0, order.paid - total) };
}
