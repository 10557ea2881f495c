import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expiredTaken } from './expiry';

/** The till's and the server's one judgement of expired stock in a sale (first-expiring-first). */

const TODAY = '2026-11-29';
const dayOf = (offset: number) => {
  const at = new Date(`${TODAY}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + offset);
  return at.toISOString().slice(0, 10);
};
const hundredths = fc.integer({ min: 0, max: 5000 }).map((n) => n / 100);
const batches = fc.array(
  fc.record({ expiry: fc.integer({ min: -30, max: 30 }).map(dayOf), qty: hundredths }),
  { maxLength: 6 },
);

describe('expiredTaken', () => {
  it('is the part of the sale beyond the stock with no date, up to what has expired', () => {
    fc.assert(
      fc.property(batches, fc.integer({ min: -2000, max: 20000 }), hundredths, (list, extraH, qty) => {
        const h = (n: number) => Math.round(n * 100);
        const dated = list.reduce((sum, b) => sum + h(b.qty), 0);
        // The product's quantity: its batches and some with no date (or below: sold beyond the shelf).
        const stock = (dated + extraH) / 100;
        const expiredH = list.filter((b) => b.expiry < TODAY).reduce((sum, b) => sum + h(b.qty), 0);
        const undated = Math.max(0, h(stock) - dated);
        const expected = Math.min(Math.max(0, h(qty) - undated), expiredH);
        const got = expiredTaken({ stock, batches: list }, qty, TODAY);
        if (expected === 0) expect(got).toBeNull();
        else {
          expect(got?.qty).toBe(expected / 100);
          const first = list
            .filter((b) => b.expiry < TODAY && b.qty > 0)
            .map((b) => b.expiry)
            .sort()[0];
          expect(got?.expiry).toBe(first);
        }
      }),
    );
  });

  it('never asks about a product whose batches are all in date, or that expire today', () => {
    const got = expiredTaken(
      {
        stock: 5,
        batches: [
          { expiry: TODAY, qty: 3 },
          { expiry: dayOf(4), qty: 2 },
        ],
      },
      5,
      TODAY,
    );
    expect(got).toBeNull();
  });

  it('takes the stock with no date first: 2 with no date and 3 expired, selling 4 takes 2 expired', () => {
    expect(
      expiredTaken(
        {
          stock: 7,
          batches: [
            { expiry: dayOf(9), qty: 2 },
            { expiry: dayOf(-1), qty: 3 },
          ],
        },
        4,
        TODAY,
      ),
    ).toEqual({
      qty: 2,
      expiry: dayOf(-1),
    });
  });
});
