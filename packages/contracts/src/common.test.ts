import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneSchema } from './common';
import { english, render } from './messages';
import { settingsBody } from './settings';

describe('normalisePhone', () => {
  it.each([
    ['01712345678', '01712345678'],
    ['+8801712345678', '01712345678'],
    ['8801712345678', '01712345678'],
    ['017-1234 5678', '01712345678'],
    ['01312345678', '01312345678'],
    ['01912345678', '01912345678'],
  ])('%s → %s', (input, out) => expect(normalisePhone(input)).toBe(out));

  it.each(['0171234567', '017123456789', '01212345678', '02712345678', '+8811712345678', 'phone', ''])(
    'refuses %s',
    (input) => expect(normalisePhone(input)).toBeNull(),
  );

  it('the schema says why', () => {
    const res = phoneSchema.safeParse('123');
    expect(res.success).toBe(false);
    expect(render(english, res.error?.issues[0]?.message ?? '')).toBe(
      'The phone must be a Bangladeshi mobile number (01XXXXXXXXX).',
    );
  });
});

describe('settings body', () => {
  it('takes whole taka and de-duplicates SMS numbers', () => {
    expect(
      settingsBody.parse({ ship: 60, reg_point: 5, sms_numbers: '01711000001 +8801711000001,01811000002' }),
    ).toEqual({
      ship: 60,
      reg_point: 5,
      sms_numbers: '01711000001,01811000002',
      shop_address: '',
      shop_phone: '',
      payment_numbers: '',
    });
    expect(settingsBody.safeParse({ ship: 60.5, reg_point: 0, sms_numbers: '' }).success).toBe(false);
    // A JSON body carries numbers as numbers: "60" is refused, never read as 60 (or "" as 0).
    expect(settingsBody.safeParse({ ship: '60', reg_point: 0, sms_numbers: '' }).success).toBe(false);
  });
});
