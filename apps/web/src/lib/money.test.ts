import { describe, expect, it } from 'vitest';
import { cartTotal, lineAmount, orderAmounts, orderListTotal } from './money';

describe('the money rule on screens (contracts money.ts)', () => {
  it('totals 0.29 × 100 BDT as 29, what the server charges, not 28 as floats would', () => {
    expect(Math.floor(100 * 0.29)).toBe(28); // the old cart's arithmetic
    expect(cartTotal([{ price: 100, qty: 0.29 }])).toBe(29);
    expect(lineAmount({ price: 100, quantity: 0.29 })).toBe(29);
  });

  it('rounds the exact sum down once, not line by line', () => {
    // 72.5 + 72.5 = 145: line by line it would be 72 + 72.
    expect(
      cartTotal([
        { price: 145, qty: 0.5 },
        { price: 145, qty: 0.5 },
      ]),
    ).toBe(145);
    expect(cartTotal([])).toBe(0);
  });

  it("shows a stored order's own amounts: the server priced it by the same rule", () => {
    const order = { subtotal: 419, ship: 50, discount: 10, paid: 100, due: 359 };
    expect(orderAmounts(order)).toEqual({
      total: 419,
      ship: 50,
      discount: 10,
      subtotal: 459,
      advance: 100,
      due: 359,
    });
    expect(orderListTotal(order)).toBe(469);
  });
});
