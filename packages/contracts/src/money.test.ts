import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineExact, linePoisha, lineTotal, linesTotal } from './money';

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

describe('the money rule against exact arithmetic', () => {
  it('100 × 0.29 is 29 taka (float multiplication says 28.999…)', () => {
    expect(Math.floor(100 * 0.29)).toBe(28);
    expect(lineTotal(100, 0.29)).toBe(29);
    expect(linesTotal([{ price: 100, quantity: 0.29 }])).toBe(29);
  });

  it('equals the exact sum in hundredths, rounded down once, for any cart within the limits', () => {
    const line = fc.record({
      price: fc.integer({ min: 0, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 100_000 }).map((h) => h / 100),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 100 }), (lines) => {
        const exact = lines.reduce(
          (sum, l) => sum + BigInt(l.price) * BigInt(Math.round(l.quantity * 100)),
          0n,
        );
        expect(linesTotal(lines)).toBe(Number(exact / 100n));
        // Never more than the lines rounded one by one plus the lost fractions.
        const perLine = lines.reduce((sum, l) => sum + lineTotal(l.price, l.quantity), 0);
        expect(linesTotal(lines)).toBeGreaterThanOrEqual(perLine);
        expect(linesTotal(lines) - perLine).toBeLessThan(Math.max(1, lines.length));
      }),
    );
  });
});

describe('a price label line (ADR 0061)', () => {
  it('costs its printed price exactly; the total still rounds the exact sum down once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 10_000 }),
            hundredths: fc.integer({ min: 1, max: 100_000 }),
            poisha: fc.option(fc.integer({ min: 1, max: 9_999_999 }), { nil: null }),
          }),
          { maxLength: 20 },
        ),
        (lines) => {
          const money = lines.map((l) => ({
            price: l.price,
            quantity: l.hundredths / 100,
            poisha: l.poisha,
          }));
          const exact = lines.reduce((sum, l) => sum + (l.poisha ?? l.price * l.hundredths), 0);
          expect(linesTotal(money)).toBe(Math.floor(exact / 100));
          money.forEach((l, i) =>
            expect(linePoisha(l)).toBe(lines[i]!.poisha ?? lines[i]!.price * lines[i]!.hundredths),
          );
        },
      ),
    );
    // 0.74 kg at 90/kg is 66.60 by price × quantity; its 67.00 label makes it 67.
    expect(linesTotal([{ price: 90, quantity: 0.74 }])).toBe(66);
    expect(linesTotal([{ price: 90, quantity: 0.74, poisha: 6700 }])).toBe(67);
    expect(lineExact({ price: 90, quantity: 0.74, poisha: 6750 })).toBe(67.5);
  });
});
