import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { banglishKey, isBangla, latinKey, romanize } from './banglish';
import { keyDistance } from './product-search';

/** Bangla words of a grocery's titles (loose goods first), as the app saves them (NFC). */
const TITLE_WORDS = [
  'আলু',
  'ডিম',
  'চাল',
  'পেঁয়াজ',
  'তেল',
  'মরিচ',
  'ডাল',
  'লবণ',
  'চিনি',
  'আটা',
  'ময়দা',
  'মুরগি',
  'গরুর',
  'মাংস',
  'কুমড়া',
  'লাউ',
  'শাক',
  'বেগুন',
  'মাছ',
  'ইলিশ',
  'রুই',
  'দই',
  'দুধ',
  'আদা',
  'রসুন',
  'হলুদ',
  'জিরা',
  'গুড়',
  'মুড়ি',
  'চিড়া',
  'সুজি',
  'মসুর',
  'সরিষার',
  'সয়াবিন',
  'কাঁচা',
  'ফুলকপি',
  'বাঁধাকপি',
  'মিনিকেট',
  'নাজিরশাইল',
  'চিনিগুঁড়া',
  'খেসারি',
  'মাষকলাই',
  'সূর্যমুখী',
  'তেলাপিয়া',
  'চিংড়ি',
  'পাঙ্গাস',
  'ঘি',
  'চা',
  'প্রাণ',
  'এসিআই',
  'স্কয়ার',
  'ব্যাগ',
  'ক্ষুদ্র',
  'র\u200d্যাপিড',
  'ফ্রেশ',
  'আয়োডিনযুক্ত',
  '৫০০',
  'কেজি',
].map((w) => w.normalize('NFC'));

describe('romanize', () => {
  it('writes a Bangla word as Banglish writers do, the inherent vowel where it is said', () => {
    const cases: Array<[string, string]> = [
      ['আলু', 'alu'],
      ['ডিম', 'dim'],
      ['চাল', 'chal'],
      ['পেঁয়াজ', 'peyaj'],
      ['তেল', 'tel'],
      ['মরিচ', 'morich'],
      ['ডাল', 'dal'],
      ['লবণ', 'lobon'],
      ['চিনি', 'chini'],
      ['আটা', 'ata'],
      ['ময়দা', 'moyda'],
      ['মুরগি', 'murgi'],
      ['গরুর', 'gorur'],
      ['মাংস', 'mangs'],
      ['কুমড়া', 'kumra'],
      ['ফুলকপি', 'fulkopi'],
      ['সরিষার', 'sorishar'],
      ['মাছ', 'machh'],
      ['দই', 'doi'],
      ['প্রাণ', 'pran'],
      ['ব্যাগ', 'byag'],
      ['৫০০', '500'],
    ];
    for (const [bangla, latin] of cases) expect([bangla, romanize(bangla)]).toEqual([bangla, latin]);
  });

  it('reads য় and ড় typed as a letter and its nukta like the one letter, and ignores joiners', () => {
    expect(romanize('\u09af\u09bc')).toBe(romanize('\u09df'));
    expect(romanize('গু\u09a1\u09bc')).toBe('gur');
    expect(romanize('র\u200d্যাপিড')).toBe(romanize('র্যাপিড'));
  });
});

describe('latinKey and banglishKey', () => {
  it('folds the common spellings of a word into one key', () => {
    const same: string[][] = [
      ['alu', 'aloo', 'aalu', 'আলু'],
      ['dim', 'deem', 'ডিম', 'ডীম'],
      ['chal', 'chaal', 'চাল'],
      ['tel', 'তেল'],
      ['piyaj', 'pyaj', 'piaj', 'piyaz', 'পিয়াজ'],
      ['peyaj', 'peyaz', 'পেঁয়াজ', 'পেয়াজ'],
      ['mangsho', 'mangso', 'মাংস'],
      ['shorisha', 'sorisha', 'সরিষা'],
      ['jira', 'zira', 'jeera', 'জিরা', 'জীরা'],
      ['dudh', 'dud', 'দুধ'],
      ['morich', 'মরিচ', 'মরিছ'],
      ['lobon', 'লবণ', 'লবন'],
      ['chini', 'cheeni', 'চিনি', 'চিনী'],
      ['bhat', 'vat', 'ভাত'],
      ['fulkopi', 'phulkopi', 'ফুলকপি'],
    ];
    for (const group of same) {
      const keys = group.map(banglishKey);
      expect([group, keys]).toEqual([group, keys.map(() => keys[0])]);
    }
  });

  it('leaves vowel spellings a half edit apart, which the typo reading forgives ("piyaj", "peyaj")', () => {
    const near: Array<[string, string]> = [
      ['piyaj', 'পেঁয়াজ'],
      ['marich', 'মরিচ'],
      ['labon', 'লবণ'],
      ['masoor', 'মসুর'],
      ['maida', 'ময়দা'],
      ['morgi', 'মুরগি'],
    ];
    for (const [typed, bangla] of near) {
      const a = banglishKey(typed).toUpperCase();
      const b = banglishKey(bangla).toUpperCase();
      expect([typed, bangla, keyDistance(a, b, 1)]).toEqual([typed, bangla, 0.5]);
    }
    // A consonant is a whole edit: পেঁয়াজ is not প্যাক.
    expect(keyDistance(banglishKey('piyaj').toUpperCase(), banglishKey('প্যাক').toUpperCase(), 2)).toBe(1);
  });

  it('gives every Bangla title word a non-empty key of Latin letters and digits', () => {
    for (const word of TITLE_WORDS)
      expect([word, banglishKey(word)]).toEqual([word, expect.stringMatching(/^[a-z0-9]+$/)]);
  });

  it('is idempotent: the key of a key is itself (property)', () => {
    const latin = fc.stringMatching(/^[a-zA-Z0-9 '-]{0,16}$/);
    fc.assert(
      fc.property(latin, (word) => {
        const key = latinKey(word);
        expect(latinKey(key)).toBe(key);
        expect(key).toMatch(/^[a-z0-9]*$/);
      }),
      { numRuns: 2000 },
    );
    const bangla = fc
      .array(fc.constantFrom(...[...TITLE_WORDS.join('')], 'ং', 'ঁ', '্', '\u200c'), { maxLength: 10 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(bangla, (word) => {
        const key = banglishKey(word);
        expect(banglishKey(key)).toBe(key);
        expect(latinKey(romanize(word))).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells the scripts apart', () => {
    expect(isBangla('চাল')).toBe(true);
    expect(isBangla('ACI মসুর')).toBe(true);
    expect(isBangla('chal')).toBe(false);
    expect(banglishKey('')).toBe('');
    expect(banglishKey('!!')).toBe('');
  });
});
