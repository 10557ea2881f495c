import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statementAmount, statementDay } from './statements.service';

describe('a statement amount', () => {
  it('reads what merchant statements write', () => {
    expect(statementAmount('1,250.00')).toBe(1250);
    expect(statementAmount('৳ 500')).toBe(500);
    expect(statementAmount('500 BDT')).toBe(500);
    expect(statementAmount('Tk. 75.50')).toBe(75.5);
    expect(statementAmount('(120.00)')).toBe(-120);
    expect(statementAmount('-120')).toBe(-120);
    expect(statementAmount('১,২০০.০০')).toBe(1200);
    for (const bad of ['', 'Total', '12a', '1.2.3', '--'] as const) expect(statementAmount(bad)).toBeNull();
  });

  it('reads back any amount written with thousands separators, in either sign', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        (taka, paisa) => {
          const n = Math.abs(taka) + paisa / 100;
          const text = n.toLocaleString('en-US', { minimumFractionDigits: 2 });
          const written = taka < 0 ? `(${text})` : text;
          expect(statementAmount(written)).toBeCloseTo(taka < 0 ? -n : n, 2);
        },
      ),
    );
  });
});

describe('a statement day', () => {
  it('reads ISO times and day-first dates, as Bangladeshi statements write them', () => {
    expect(statementDay('2026-11-28 14:03:11')).toBe('2026-11-28');
    expect(statementDay('28/11/2026 2:03 PM')).toBe('2026-11-28');
    expect(statementDay('1-2-2026')).toBe('2026-02-01');
    expect(statementDay('২৮/১১/২০২৬')).toBe('2026-11-28');
    expect(statementDay('13/13/2026')).toBeNull();
    expect(statementDay('yesterday')).toBeNull();
  });
});
