import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { saleReceipt } from './receipt-model';
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
