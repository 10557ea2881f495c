import { describe, expect, it } from 'vitest';
import { merchantNumbers, qrText } from './customer-display-wallet';

describe("the shop's bKash and Nagad numbers in Setting's text", () => {
  it("reads Setting's own example: each number beside its name", () => {
    expect(merchantNumbers('bKash 01712345678 (Personal), Nagad 01812345678')).toEqual({
      bkash: '01712345678',
      nagad: '01812345678',
    });
  });

  it('reads names after their numbers, any case, dashes, spaces, +88 and Bengali digits', () => {
    expect(merchantNumbers('01712-345678 (BKASH)\n+880 1812 345678 (nagad)')).toEqual({
      bkash: '01712345678',
      nagad: '01812345678',
    });
    expect(merchantNumbers('বিকাশ: ০১৭১২৩৪৫৬৭৮, নগদ: ০১৮১২৩৪৫৬৭৮')).toEqual({
      bkash: '01712345678',
      nagad: '01812345678',
    });
    expect(merchantNumbers('01712345678 (bKash), 01812345678 (Nagad)')).toEqual({
      bkash: '01712345678',
      nagad: '01812345678',
    });
    expect(merchantNumbers('bKash 01712345678,Nagad 01812345678')).toEqual({
      bkash: '01712345678',
      nagad: '01812345678',
    });
    expect(merchantNumbers('bKash,Nagad 01912345678')).toEqual({
      bkash: '01912345678',
      nagad: '01912345678',
    });
  });

  it('gives a wallet the shop did not name nothing, unless one number stands alone', () => {
    expect(merchantNumbers('bKash 01712345678')).toEqual({ bkash: '01712345678' });
    expect(merchantNumbers('Nagad 01812345678 only')).toEqual({ nagad: '01812345678' });
    expect(merchantNumbers('01712345678')).toEqual({ bkash: '01712345678', nagad: '01712345678' });
    expect(merchantNumbers('01712345678 or 01812345678')).toEqual({});
  });

  it('takes no number that is not a Bangladeshi mobile number', () => {
    expect(merchantNumbers('')).toEqual({});
    expect(merchantNumbers('bKash: ask at the counter')).toEqual({});
    expect(merchantNumbers('bKash 0171234567')).toEqual({}); // ten digits
    expect(merchantNumbers('bKash 01212345678')).toEqual({}); // no such operator
    expect(merchantNumbers('bKash 017123456789')).toEqual({}); // twelve digits
  });
});

describe('the QR code text', () => {
  it('is the wallet, the number and the amount, in words a phone camera shows', () => {
    expect(qrText('bkash', '01712345678', 450)).toBe('bKash 01712345678\nAmount 450 BDT');
    expect(qrText('nagad', '01812345678', 1200)).toBe('Nagad 01812345678\nAmount 1200 BDT');
  });
});
