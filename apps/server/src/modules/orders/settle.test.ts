import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { settle, takeAdvanceOnly, type Tender } from './settle';

describe('settling a till sale', () => {
  it('gives change from cash only: 1000 tendered for 680 owes 320 back, the drawer keeps 680', () => {
    expect(settle(680, [{ method: 'cash', amount: 1000 }])).toEqual({
      rows: [{ method: 'cash', amount: 680, reference: null, tendered: 1000, clientId: null }],
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
        { method: 'cash', amount: 800, reference: null, tendered: 1000, clientId: null },
        { method: 'bkash', amount: 700, reference: 'BK7HX21', tendered: null, clientId: null },
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

describe('an advance used offline, checked again at sync', () => {
  it('keeps the ids of the payments and takes only the advance that is left', () => {
    const money = settle(200, [
      { method: 'balance', amount: 80, client_id: 'b' },
      { method: 'cash', amount: 150, client_id: 'c' },
    ]);
    expect(money).toMatchObject({ paid: 200, change: 30 });
    expect(takeAdvanceOnly(money, 50)).toEqual({
      rows: [
        { method: 'cash', amount: 120, reference: null, tendered: 150, clientId: 'c' },
        { method: 'balance', amount: 50, reference: null, tendered: null, clientId: 'b' },
      ],
      paid: 170,
      change: 30,
    });
    expect(takeAdvanceOnly(money, 0).rows.map((r) => r.method)).toEqual(['cash']);
  });

  it('never takes more than is there, never below 0, and leaves other payments alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: -100, max: 20_000 }),
        (owed, advances, cash, available) => {
          const tenders: Tender[] = [
            ...advances.map((amount) => ({ method: 'balance' as const, amount })),
            ...(cash > 0 ? [{ method: 'cash' as const, amount: cash }] : []),
          ];
          let money;
          try {
            money = settle(owed, tenders);
          } catch {
            return; // the advances alone were more than the bill: refused before this
          }
          const after = takeAdvanceOnly(money, available);
          const advance = (m: typeof money) =>
            m.rows.filter((r) => r.method === 'balance').reduce((s, r) => s + r.amount, 0);
          expect(advance(after)).toBe(Math.min(advance(money), Math.max(0, available)));
          expect(after.rows.every((r) => r.amount > 0)).toBe(true);
          expect(after.rows.filter((r) => r.method !== 'balance')).toEqual(
            money.rows.filter((r) => r.method !== 'balance'),
          );
          expect(after.paid).toBe(after.rows.reduce((s, r) => s + r.amount, 0));
          expect(after.paid).toBeLessThanOrEqual(owed);
        },
      ),
    );
  });
});
