import { describe, expect, it } from 'vitest';
import { cartTotal, lineAmount, orderAmounts, orderListTotal, returnMoney } from './money';

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
      lines: 419,
      returned: 0,
      net: 419,
      shipping: 50,
      discount: 10,
      total: 459,
      paid: 100,
      due: 359,
    });
    // After a return of 40 the API's subtotal is the lines left: the lines before returns are 459.
    expect(orderAmounts({ ...order, subtotal: 379, returned: 40, due: 319 })).toMatchObject({
      lines: 419,
      returned: 40,
      net: 379,
      total: 419,
      due: 319,
    });
    expect(orderListTotal(order)).toBe(469);
  });

  it('counts a return as the server does: value rounded down once, capped, money back beyond the new total', () => {
    const order = { subtotal: 980, ship: 20, discount: 30, paid: 970 };
    expect(orderAmounts({ ...order, due: 0 }).total).toBe(970);
    // 54.6 + 12.6 = 67.2: 67 once, not 54 + 12.
    expect(
      returnMoney(order, [
        { price: 140, quantity: 0.39 },
        { price: 420, quantity: 0.03 },
      ]),
    ).toEqual({ value: 67, total: 903, refund: 67 });
    // Paid less than the new total: nothing goes back.
    expect(returnMoney({ ...order, paid: 100 }, [{ price: 420, quantity: 1 }])).toEqual({
      value: 420,
      total: 550,
      refund: 0,
    });
    // Never worth more than the lines still charged, nor than the order charges (a discount is not paid out).
    expect(
      returnMoney({ subtotal: 100, ship: 0, discount: 40, paid: 60 }, [{ price: 100, quantity: 1 }]),
    ).toEqual({
      value: 60,
      total: 0,
      refund: 60,
    });
    expect(
      returnMoney({ subtotal: 50, ship: 30, discount: 0, paid: 80 }, [{ price: 100, quantity: 1 }]),
    ).toEqual({
      value: 50,
      total: 30,
      refund: 50,
    });
    expect(returnMoney(order, [])).toEqual({ value: 0, total: 970, refund: 0 });
  });
});
