/**
 * Money rules shared by the server and the screens: whole taka, quantities in 0.01 steps.
 * A cart's total is the exact sum of price × quantity, rounded down once (spec: totals round down).
 */
export const hundredths = (quantity: number) => Math.round(quantity * 100);

export function linesTotal(lines: ReadonlyArray<{ price: number; quantity: number }>): number {
  return Math.floor(lines.reduce((sum, l) => sum + l.price * hundredths(l.quantity), 0) / 100);
}
