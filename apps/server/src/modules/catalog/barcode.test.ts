import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, inStoreEan13, isValidEan13 } from './barcode';

describe('EAN-13', () => {
  it('computes the check digit of known codes', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1); // 4006381333931
    expect(ean13CheckDigit('590123412345')).toBe(7); // 5901234123457
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });

  it('makes in-store codes with prefix 20, ten digits and a valid check digit', () => {
    expect(inStoreEan13(1)).toBe('2000000000015');
    expect(inStoreEan13(57)).toBe('2000000000572');
    for (const n of [1, 2, 99, 123456, 9_999_999_999]) {
      const code = inStoreEan13(n);
      expect(code).toMatch(/^20\d{11}$/);
      expect(isValidEan13(code)).toBe(true);
    }
    expect(new Set([1, 2, 3, 4, 5].map(inStoreEan13)).size).toBe(5);
  });
});
