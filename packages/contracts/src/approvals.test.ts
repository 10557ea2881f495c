import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountNeedsApproval, discountPercent } from './approvals';

describe('a discount against a role’s limit', () => {
  it('needs a manager exactly when it is more than the limit’s share of the bill, to the taka', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bill, limit, share) => {
          const discount = Math.floor(bill * share);
          // Whole numbers only: no rounding decides who may give what.
          expect(discountNeedsApproval(discount, bill, limit)).toBe(discount * 100 > limit * bill);
        },
      ),
    );
  });

  it('never needs one without a limit, and the percentage is rounded up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (d, b) => {
        expect(discountNeedsApproval(d, b, null)).toBe(false);
      }),
    );
    expect(discountPercent(5, 100)).toBe(5);
    expect(discountPercent(501, 10_000)).toBe(6); // 5.01 % is above 5 %
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(10, 0)).toBe(100); // a discount on nothing is all of it
  });
});
