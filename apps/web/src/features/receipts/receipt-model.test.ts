import { linesTotal } from '@bazar/contracts/money';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatAmount, setLanguage, translator } from '../../lib/i18n/i18n';
import { qtyPriceText, saleReceipt } from './receipt-model';
import { sale } from './receipt-test-data';

afterEach(() => setLanguage('en'));

describe('the receipt language', () => {
  it("prints in the customer's language, whatever the screen's", async () => {
    await setLanguage('bn');
    expect(saleReceipt({ ...sale, lang: 'en' }).lang).toBe('en');
    await setLanguage('en');
    expect(saleReceipt({ ...sale, lang: 'bn' }).lang).toBe('bn');
  });

  it("prints a walk-in's sale (no customer account) in the till screen's language", async () => {
    const walkIn = { ...sale, lang: null };
    expect(saleReceipt(walkIn).lang).toBe('en');
    await setLanguage('bn');
    expect(saleReceipt(walkIn).lang).toBe('bn');
  });
});

describe('the receipt totals', () => {
  it('a counter sale with no delivery charge and no discount prints neither', () => {
    const counter = { ...sale, ship: 0, discount: 0 };
    expect(saleReceipt(counter).totals.map((t) => t.key)).toEqual(['total', 'subtotal']);
  });

  it('a delivery charge or a discount is printed when there is one', () => {
    expect(saleReceipt({ ...sale, ship: 50, discount: 0 }).totals.map((t) => t.key)).toEqual([
      'total',
      'ship',
      'subtotal',
    ]);
    expect(
      saleReceipt({ ...sale, ship: 0, discount: 20 }).totals.map((t) => [t.key, t.amount]),
    ).toContainEqual(['discount', 20]);
  });
});

describe('weighed lines', () => {
  const potato = { ...sale.carts[1]!, title: 'Potato (Diamond)', attri: '', price: 45, unit: 'kg' as const };

  it('read "1.5 kg x 45/kg 67.50": the unit, the price per unit and the amount to the poisha', async () => {
    const view = saleReceipt({ ...sale, carts: [{ ...potato, quantity: 1.5 }] });
    const line = view.lines[0]!;
    expect(qtyPriceText((await translator('en')).t, line)).toBe('1.5 kg x 45/kg');
    expect(formatAmount(line.amount, 'en')).toBe('67.50');
    await setLanguage('bn');
    expect(qtyPriceText((await translator('bn')).t, line)).toBe('১.৫ কেজি × ৪৫/কেজি');
    expect(formatAmount(line.amount, 'bn')).toBe('৬৭.৫০');
    // A line in pieces keeps its short form and a whole amount.
    expect(qtyPriceText((await translator('en')).t, saleReceipt(sale).lines[0]!)).toBe('2 x 380');
    expect(formatAmount(saleReceipt(sale).lines[0]!.amount, 'en')).toBe('760');
  });

  it('add up to the total before its one rounding down: no line is floored on its own', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 5000 }),
            hundredths: fc.integer({ min: 1, max: 5000 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (weighed) => {
          const carts = weighed.map((w, i) => ({
            ...potato,
            id: i + 1,
            price: w.price,
            quantity: w.hundredths / 100,
          }));
          const total = linesTotal(carts);
          const view = saleReceipt({ ...sale, carts, subtotal: total, returned: 0 });
          // In poisha, exactly: the printed amounts sum to the lines' exact total.
          const poisha = view.lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0);
          expect(poisha).toBe(carts.reduce((sum, l) => sum + l.price * Math.round(l.quantity * 100), 0));
          expect(Math.floor(poisha / 100)).toBe(total);
          expect(view.totals.find((t) => t.key === 'total')?.amount).toBe(total);
        },
      ),
    );
  });
});
