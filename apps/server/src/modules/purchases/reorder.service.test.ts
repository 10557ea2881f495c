import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COVER_DAYS, SALES_DAYS } from '@bazar/contracts/reorder';
import type { ReorderRow } from './reorder.repository';
import { suggestionOf } from './reorder.service';

const row = (over: Partial<ReorderRow>): ReorderRow => ({
  id: 1,
  title: 'Miniket Rice',
  title_bn: '',
  attri: '5 kg',
  attri_bn: '',
  unit: 'pcs',
  qty: '0',
  reorder_min: null,
  reorder_target: null,
  sold: '0',
  buyprice: 300,
  supplier_id: null,
  supplier_name: null,
  supplier_phone: null,
  lead_days: 2,
  on_order: '0',
  ...over,
});

const twoDecimals = fc.integer({ min: 0, max: 100_000 }).map((h) => (h / 100).toFixed(2));

describe('what to order of one product', () => {
  it('fills up to the target, or twice the minimum without one', () => {
    expect(suggestionOf(row({ qty: '8', reorder_min: '10', reorder_target: '30' }))).toMatchObject({
      why: 'below_min',
      suggested: 22,
      cost: 22 * 300,
    });
    expect(suggestionOf(row({ qty: '3', reorder_min: '10' }))).toMatchObject({ suggested: 17 });
    // 12 already on a purchase order: only the rest; all of it on order: nothing.
    expect(suggestionOf(row({ qty: '3', reorder_min: '10', on_order: '12' }))).toMatchObject({
      suggested: 5,
    });
    expect(suggestionOf(row({ qty: '3', reorder_min: '10', on_order: '17' }))).toBeNull();
  });

  it('orders the lead time’s and two more weeks’ sales without levels, in whole pieces or hundredths of a kg', () => {
    // 14 sold in 28 days: half a piece a day × (2 + 14) days = 8, less 1 on hand.
    expect(suggestionOf(row({ qty: '1', sold: '14' }))).toMatchObject({ why: 'runs_out', suggested: 7 });
    // 10 kg in 28 days, 5 days' lead: 10 / 28 × 19 = 6.7857… kg → 6.79, less 0.5 kg on hand.
    expect(suggestionOf(row({ unit: 'kg', qty: '0.5', sold: '10', lead_days: 5 }))).toMatchObject({
      suggested: 6.29,
    });
  });

  it('never suggests nothing or less than nothing, and what it suggests brings the shelf to what is wanted', () => {
    fc.assert(
      fc.property(
        twoDecimals,
        fc.option(twoDecimals, { nil: null }),
        fc.option(twoDecimals, { nil: null }),
        twoDecimals,
        fc.integer({ min: 0, max: 90 }),
        fc.constantFrom('pcs', 'kg', 'litre'),
        (qty, min, extra, sold, lead, unit) => {
          const target = min !== null && extra !== null ? (Number(min) + Number(extra)).toFixed(2) : null;
          const s = suggestionOf(
            row({ qty, reorder_min: min, reorder_target: target, sold, lead_days: lead, unit }),
          );
          const want =
            min !== null
              ? Number(target ?? Number(min) * 2)
              : (Number(sold) / SALES_DAYS) * (lead + COVER_DAYS);
          if (s === null) {
            expect(want - Number(qty)).toBeLessThanOrEqual(1e-6);
            return;
          }
          expect(s.suggested).toBeGreaterThan(0);
          // Enough to reach what is wanted, and at most one unit step more (rounding up).
          expect(Number(qty) + s.suggested).toBeGreaterThanOrEqual(want - 1e-6);
          expect(Number(qty) + s.suggested).toBeLessThan(want + (unit === 'pcs' ? 1 : 0.01) + 1e-6);
          if (unit === 'pcs') expect(Number.isInteger(s.suggested)).toBe(true);
          expect(s.cost).toBe(Math.round(s.suggested * 300));
        },
      ),
    );
  });
});
