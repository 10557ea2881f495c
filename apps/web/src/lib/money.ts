import { lineTotal, linesTotal } from '@bazar/contracts/money';

/**
 * Every amount a screen shows, by the shop's one money rule (contracts' money.ts, the rule the
 * server charges by): a line is floor(price × quantity) computed exactly in hundredths; a total
 * of lines is their exact sum, rounded down once. Screens never add up prices themselves.
 */

interface Line {
  price: number;
  quantity: number;
}

/** The cart's total (storefront cart lines keep their quantity as `qty`). */
export const cartTotal = (lines: ReadonlyArray<{ price: number; qty: number }>) =>
  linesTotal(lines.map((line) => ({ price: line.price, quantity: line.qty })));

/** One line's amount. */
export const lineAmount = (line: Line) => lineTotal(line.price, line.quantity);

interface OrderMoney {
  subtotal: number;
  ship: number;
  discount: number;
  paid: number;
  due: number;
}

/**
 * An order's figures (invoice billing block). A stored order's amounts are the server's:
 * it priced the lines by the same rule, and its `subtotal`, `paid` and `due` agree with each other
 * (a check in the database), so a screen shows them as they are instead of adding up again. Total
 * is the lines' total, Subtotal is total + shipping − discount (what the customer pays), Advance
 * what was paid, Due what is left.
 */
export function orderAmounts(order: OrderMoney) {
  return {
    total: order.subtotal,
    ship: order.ship,
    discount: order.discount,
    subtotal: order.subtotal + order.ship - order.discount,
    advance: order.paid,
    due: order.due,
  };
}

/** The orders list's Total of one order: its lines plus shipping. */
export const orderListTotal = (order: Pick<OrderMoney, 'subtotal' | 'ship'>) => order.subtotal + order.ship;

/** What the customer is charged for an order: its lines (after returns) + shipping − discount. */
export const orderCharge = (order: Pick<OrderMoney, 'subtotal' | 'ship' | 'discount'>) =>
  order.subtotal + order.ship - order.discount;

/**
 * A return's money, counted exactly as the server counts it (`POST /api/order/return/{id}`): the
 * lines coming back are worth their sale price by the money rule (one total, rounded down once),
 * but never more than the order still charges (a discount is not paid out); the money back is what
 * was paid beyond the order's new total. `order.subtotal` is the lines' total after earlier returns.
 */
export function returnMoney(
  order: Pick<OrderMoney, 'subtotal' | 'ship' | 'discount' | 'paid'>,
  back: readonly Line[],
): { value: number; total: number; refund: number } {
  const charged = orderCharge(order);
  const value = Math.min(linesTotal(back), order.subtotal, Math.max(0, charged));
  const total = charged - value;
  return { value, total, refund: Math.max(0, order.paid - total) };
}
