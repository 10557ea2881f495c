import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BARCODE_TEXT } from './catalog';
import { receiptBarcodeValue, receiptParams, receiptRefOf } from './receipt-code';

const productCode = fc.stringMatching(/^[0-9A-Za-z\-. $/+%]{1,64}$/);
const orderId = fc.integer({ min: 1, max: 2_147_483_647 });
const provisional = fc
  .tuple(fc.stringMatching(/^[A-Z0-9]{1,8}$/), fc.integer({ min: 1, max: 999_999_999 }))
  .map(([till, n]) => `T-${till}-${n}`);

describe('a receipt barcode in the till’s product box', () => {
  it('is never a product’s barcode, and no product barcode is a receipt', () => {
    fc.assert(
      fc.property(productCode, (code) => {
        expect(BARCODE_TEXT.test(code)).toBe(true);
        expect(receiptRefOf(code, { markRequired: true })).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.oneof(orderId.map(String), provisional), (no) => {
        expect(BARCODE_TEXT.test(receiptBarcodeValue(no))).toBe(false);
      }),
    );
  });

  it('reads back the number it was printed with: an order id or a provisional number', () => {
    fc.assert(
      fc.property(orderId, (id) => {
        expect(receiptRefOf(receiptBarcodeValue(String(id)), { markRequired: true })).toEqual({ id });
      }),
    );
    fc.assert(
      fc.property(provisional, (no) => {
        expect(receiptRefOf(receiptBarcodeValue(no), { markRequired: true })).toEqual({ provisional: no });
        // Caps Lock on at the scanner, or typed by hand in lower case.
        expect(receiptRefOf(no.toLowerCase(), { markRequired: false })).toEqual({ provisional: no });
      }),
    );
  });

  it('typed by hand, the "#" may be left out; anything else is no receipt number', () => {
    expect(receiptRefOf(' 1234 ', { markRequired: false })).toEqual({ id: 1234 });
    expect(receiptRefOf('# 1234', { markRequired: true })).toEqual({ id: 1234 });
    expect(receiptRefOf('1234', { markRequired: true })).toBeNull();
    expect(receiptRefOf('১২৩৪', { markRequired: false })).toEqual({ id: 1234 });
    expect(receiptRefOf('T-A১-৭', { markRequired: false })).toEqual({ provisional: 'T-A1-7' });
    for (const bad of ['', '#', '0', '#0', '012', '12.5', '2147483648', 'T-A1-0', 'T--1', 'rice'])
      expect(receiptRefOf(bad, { markRequired: false }), bad).toBeNull();
  });

  it('is what GET /api/order/receipt/{number} reads, with the rule’s message otherwise', () => {
    expect(receiptParams.parse({ number: '#t-a1-7' })).toEqual({ number: 'T-A1-7' });
    expect(receiptParams.parse({ number: '১২৩৪' })).toEqual({ number: '1234' });
    expect(receiptParams.safeParse({ number: 'rice' }).success).toBe(false);
  });
});
