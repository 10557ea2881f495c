import { describe, expect, it } from 'vitest';
import { linesTotal } from './money';

describe('linesTotal', () => {
  it('adds exact amounts and rounds down once, without float drift', () => {
    expect(linesTotal([])).toBe(0);
    // 75 × 2.5 = 187.5 and 190 × 1: 377.5 → 377
    expect(
      linesTotal([
        { price: 75, quantity: 2.5 },
        { price: 190, quantity: 1 },
      ]),
    ).toBe(377);
    // Two half taka make one: 0.5 + 0.5 is not rounded down line by line
    expect(
      linesTotal([
        { price: 1, quantity: 0.5 },
        { price: 1, quantity: 0.5 },
      ]),
    ).toBe(1);
    // 0.1 + 0.2 style drift: 3 × 0.1 kg of 10 taka is exactly 3
    expect(
      linesTotal([
        { price: 10, quantity: 0.1 },
        { price: 10, quantity: 0.2 },
      ]),
    ).toBe(3);
    expect(linesTotal([{ price: 33, quantity: 0.33 }])).toBe(10);
  });
});
