import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { settle, type Tender } from './settle';

describe('settling a till sale', () => {
  it('gives change from cash only: 1000 tendered for 680 owes 320 back, the drawer keeps 680', () => {
    expect(settle(680, [{ method: 'cash', amount: 1000 }])).toEqual({
      rows: [{ method: 'cash', amount: 680, reference: null, tendered: 1000 }],
      paid: 680,
      change: 320,
    });
  });

  it('splits a bill between bKash (with its reference) and cash, with change', () => {
    expect(
      settle(1500, [
        { method: 'bkash', amount: 700, reference: 'BK7HX21' },
        { method: 'cash', amount: 1000 },
      ]),
    ).toEqual({
      rows: [
        { method: 'cash', amount: 800, reference: null, tendered: 1000 },
        { method: 'bkash', amount: 700, reference: 'BK7HX21', tendered: null },
      ],
      paid: 1500,
      change: 200,
    });
  });

  it('part paid leaves a due; card, bKash, Nagad and the advance may not be more than the bill', () => {
    expect(settle(500, [{ method: 'card', amount: 200 }])).toMatchObject({ paid: 200, change: 0 });
    const over = () => settle(500, [{ method: 'nagad', amount: 501 }]);
    expect(over).toThrow(AppError);
    expect(over).toThrow('Amount is large');
  });

  it('for any payments: paid never passes what is owed, change only comes from cash, nothing is lost', () => {
    const tender = fc.record({
      method: fc.constantFrom<Tender['method']>('cash', 'bkash', 'nagad', 'card', 'balance'),
      amount: fc.integer({ min: 1, max: 100_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.array(tender, { maxLength: 6 }),
        (owed, tenders) => {
          const nonCash = tenders.filter((t) => t.method !== 'cash').reduce((s, t) => s + t.amount, 0);
          const cash = tenders.filter((t) => t.method === 'cash').reduce((s, t) => s + t.amount, 0);
          if (nonCash > owed) {
            expect(() => settle(owed, tenders)).toThrow('Amount is large');
            return;
          }
          const out = settle(owed, tenders);
          expect(out.paid).toBeLessThanOrEqual(owed);
          expect(out.change).toBeLessThanOrEqual(cash);
          // Everything handed over is either kept (paid) or given back (change).
          expect(out.paid + out.change).toBe(nonCash + cash);
          expect(out.rows.reduce((s, r) => s + r.amount, 0)).toBe(out.paid);
          expect(out.rows.every((r) => r.amount > 0)).toBe(true);
          if (out.change > 0) expect(out.paid).toBe(owed);
        },
      ),
    );
  });
});
