import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smsSize } from './sms-segments';

describe('smsSize', () => {
  it('plain text: 160 in one SMS, then parts of 153', () => {
    expect(smsSize('')).toMatchObject({ encoding: 'gsm7', units: 0, segments: 0 });
    expect(smsSize('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(smsSize('a'.repeat(161))).toMatchObject({ segments: 2 });
    expect(smsSize('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSize('a'.repeat(307))).toMatchObject({ segments: 3 });
    // Extension characters take two places.
    expect(smsSize('{'.repeat(80))).toMatchObject({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
  });

  it('Bangla (any character outside GSM 7-bit): 70 in one SMS, then parts of 67', () => {
    expect(smsSize('ক'.repeat(70))).toMatchObject({ encoding: 'ucs2', segments: 1 });
    expect(smsSize('ক'.repeat(71))).toMatchObject({ segments: 2 });
    expect(smsSize('ক'.repeat(134))).toMatchObject({ segments: 2 });
    expect(smsSize('ক'.repeat(135))).toMatchObject({ segments: 3 });
    // One Bangla letter makes the whole text UCS-2.
    expect(smsSize(`${'a'.repeat(69)}ক`)).toMatchObject({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSize(`${'a'.repeat(70)}ক`)).toMatchObject({ encoding: 'ucs2', units: 71, segments: 2 });
    // An emoji is two UTF-16 units.
    expect(smsSize('😀')).toMatchObject({ encoding: 'ucs2', units: 2 });
  });

  it('the parts always hold the text, and one fewer part would not', () => {
    const gsmChar = fc.constantFrom(...'abcXYZ 019.,!?{}€');
    const anyChar = fc.constantFrom(...'abc ক খ গ ১২৩ ।{😀');
    for (const char of [gsmChar, anyChar])
      fc.assert(
        fc.property(fc.array(char, { maxLength: 700 }), (chars) => {
          const size = smsSize(chars.join(''));
          if (size.units === 0) expect(size.segments).toBe(0);
          else if (size.segments === 1) expect(size.units).toBeLessThanOrEqual(size.single);
          else {
            expect(size.segments * size.part).toBeGreaterThanOrEqual(size.units);
            expect((size.segments - 1) * size.part).toBeLessThan(size.units);
            expect(size.units).toBeGreaterThan(size.single);
          }
        }),
      );
  });

  it('adding a character never makes a text cheaper within its encoding', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.constantFrom('a', '{'), (text, extra) => {
        const before = smsSize(text);
        const after = smsSize(text + extra);
        if (before.encoding === after.encoding)
          expect(after.segments).toBeGreaterThanOrEqual(before.segments);
      }),
    );
  });
});
