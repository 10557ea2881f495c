import fc from 'fast-check';
import type { ScaleRule } from './settings';
import { describe, expect, it } from 'vitest';
import {
  isValidEan13,
  divideHalfUp,
  labelQuantity,
  makeScaleLabel,
  parseScaleLabel,
  type ScaleLabel,
} from './scale-labels';

const RULES: ScaleRule[] = [
  { prefix: '21', kind: 'weight' },
  { prefix: '23', kind: 'price' },
];

describe('parseScaleLabel', () => {
  it('reads weight and price labels with real check digits', () => {
    // 21 | 12345 | 01500 g | 2
    expect(parseScaleLabel('2112345015002', RULES)).toEqual({
      is: 'label',
      label: { kind: 'weight', plu: '12345', value: 1500 },
    });
    // 23 | 12345 | 12375 poisha | 6
    expect(parseScaleLabel('2312345123756', RULES)).toEqual({
      is: 'label',
      label: { kind: 'price', plu: '12345', value: 12375 },
    });
    // 21 | 00001 | 00250 g | 3: leading zeros stay part of the item code
    expect(parseScaleLabel('2100001002503', RULES)).toEqual({
      is: 'label',
      label: { kind: 'weight', plu: '00001', value: 250 },
    });
    expect(parseScaleLabel('2112345999999', RULES)).toEqual({
      is: 'label',
      label: { kind: 'weight', plu: '12345', value: 99999 },
    });
  });

  it('refuses a wrong check digit, and a weight or price of 0', () => {
    expect(parseScaleLabel('2112345015003', RULES)).toEqual({ is: 'wrong-check-digit' });
    expect(parseScaleLabel('2312345123750', RULES)).toEqual({ is: 'wrong-check-digit' });
    expect(parseScaleLabel('2112345000008', RULES)).toEqual({ is: 'zero', kind: 'weight' });
    expect(parseScaleLabel('2312345000002', RULES)).toEqual({ is: 'zero', kind: 'price' });
  });

  it('leaves codes of no rule alone: other prefixes, other lengths, letters, in-store barcodes', () => {
    for (const code of [
      '2507777045008', // a right label, but no rule has prefix 25
      '2000000000015', // an in-store barcode (prefix 20)
      '4006381333931', // a maker's EAN-13
      '211234501500', // 12 digits
      '21123450150022', // 14 digits
      '21123A5015002',
      '',
    ]) {
      expect([code, parseScaleLabel(code, RULES)]).toEqual([code, { is: 'none' }]);
    }
    expect(parseScaleLabel('2507777045008', [{ prefix: '25', kind: 'price' }])).toEqual({
      is: 'label',
      label: { kind: 'price', plu: '07777', value: 4500 },
    });
    expect(parseScaleLabel('2112345015002', [])).toEqual({ is: 'none' });
  });

  it('reads back every label it can make, and refuses each of the nine wrong check digits', () => {
    const rule = fc.constantFrom(...RULES);
    const plu = fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, '0'));
    const value = fc.integer({ min: 1, max: 99_999 });
    fc.assert(
      fc.property(rule, plu, value, fc.integer({ min: 1, max: 9 }), (r, p, v, off) => {
        const code = makeScaleLabel(r.prefix, p, v);
        expect(code).toHaveLength(13);
        expect(isValidEan13(code)).toBe(true);
        expect(parseScaleLabel(code, RULES)).toEqual({
          is: 'label',
          label: { kind: r.kind, plu: p, value: v },
        });
        const wrong = `${code.slice(0, 12)}${(Number(code[12]) + off) % 10}`;
        expect(parseScaleLabel(wrong, RULES)).toEqual({ is: 'wrong-check-digit' });
      }),
    );
  });
});

describe('labelQuantity', () => {
  const weight = (grams: number): ScaleLabel => ({ kind: 'weight', plu: '12345', value: grams });
  const price = (poisha: number): ScaleLabel => ({ kind: 'price', plu: '12345', value: poisha });

  it('turns grams into kg, in 0.01 steps rounded half up', () => {
    expect(labelQuantity(weight(1500), 90)).toEqual({ quantity: 1.5 });
    expect(labelQuantity(weight(250), 90)).toEqual({ quantity: 0.25 });
    expect(labelQuantity(weight(1234), 90)).toEqual({ quantity: 1.23 });
    expect(labelQuantity(weight(1235), 90)).toEqual({ quantity: 1.24 });
    expect(labelQuantity(weight(5), 90)).toEqual({ quantity: 0.01 });
    expect(labelQuantity(weight(4), 90)).toEqual({ problem: 'too-small' });
    expect(labelQuantity(weight(99_999), 90)).toEqual({ quantity: 100 });
    // The unit price does not matter to a weight, even 0.
    expect(labelQuantity(weight(1500), 0)).toEqual({ quantity: 1.5 });
  });

  it('divides the price by the unit price, in 0.01 steps rounded half up', () => {
    // 123.75 taka of a 90-taka product: 1.375 → 1.38
    expect(labelQuantity(price(12_375), 90)).toEqual({ quantity: 1.38 });
    // 123.74 taka: 1.37488… → 1.37
    expect(labelQuantity(price(12_374), 90)).toEqual({ quantity: 1.37 });
    // 45 taka of a 180-taka product: exactly 0.25
    expect(labelQuantity(price(4_500), 180)).toEqual({ quantity: 0.25 });
    // 100 taka of a 300-taka product: 0.3333… → 0.33; 200 taka: 0.6666… → 0.67
    expect(labelQuantity(price(10_000), 300)).toEqual({ quantity: 0.33 });
    expect(labelQuantity(price(20_000), 300)).toEqual({ quantity: 0.67 });
    // 999.99 taka of a 1-taka product
    expect(labelQuantity(price(99_999), 1)).toEqual({ quantity: 999.99 });
    // half a poisha-hundredth and below is no sale: 0.50 taka of a 100-taka product rounds up, 0.49 not
    expect(labelQuantity(price(50), 100)).toEqual({ quantity: 0.01 });
    expect(labelQuantity(price(49), 100)).toEqual({ problem: 'too-small' });
    expect(labelQuantity(price(12_375), 0)).toEqual({ problem: 'no-price' });
  });

  it('is exactly the rounded-half-up hundredths of the exact quotient, for any label and price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (poisha, unitPrice) => {
          const h = divideHalfUp(poisha, unitPrice);
          // h is the whole number nearest to poisha / unitPrice, halves up:
          // (h − ½) · unitPrice ≤ poisha < (h + ½) · unitPrice, in integers.
          expect((2 * h - 1) * unitPrice).toBeLessThanOrEqual(2 * poisha);
          expect(2 * poisha).toBeLessThan((2 * h + 1) * unitPrice);
          const read = labelQuantity(price(poisha), unitPrice);
          expect(read).toEqual(h === 0 ? { problem: 'too-small' } : { quantity: h / 100 });
          if ('quantity' in read) expect(Math.round(read.quantity * 100)).toBe(h);
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), (grams) => {
        const read = labelQuantity(weight(grams), 1);
        const h = Math.round(grams / 10 + 1e-9); // grams / 10 has at most one decimal: exact enough
        expect(read).toEqual(h === 0 ? { problem: 'too-small' } : { quantity: h / 100 });
      }),
    );
  });
});
