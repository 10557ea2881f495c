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
