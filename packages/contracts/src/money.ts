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

/** The lines' total in whole taka: the exact sum, rounded down once (not line by line). */
export function linesTotal(lines: ReadonlyArray<{ price: number; quantity: number }>): number {
  return Math.floor(lines.reduce((sum, l) => sum + l.price * hundredths(l.quantity), 0) / 100);
}
