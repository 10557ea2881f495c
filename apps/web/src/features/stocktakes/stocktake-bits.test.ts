import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/i18n';
import { localName } from '../../lib/names';
import { scopeText } from './stocktake-bits';

describe('what a count covers, in words', () => {
  it("names a brand or category in the reader's language, the English name where it has no Bangla one", async () => {
    const bn = (await translator('bn')).t;
    const inBangla = (en: string, other: string | undefined) => localName(en, other, 'bn');
    const brand = { scope: { brand_id: 3 }, scope_title: 'Pran', scope_title_bn: 'প্রাণ' };
    expect(scopeText(bn, inBangla, brand)).toBe('ব্র্যান্ড: প্রাণ');
    expect(scopeText(bn, inBangla, { ...brand, scope_title_bn: '' })).toBe('ব্র্যান্ড: Pran');
    const en = (await translator('en')).t;
    const inEnglish = (e: string, other: string | undefined) => localName(e, other, 'en');
    expect(scopeText(en, inEnglish, brand)).toBe('Brand: Pran');
    expect(scopeText(en, inEnglish, { scope: {}, scope_title: '', scope_title_bn: '' })).toBe('Everything');
  });
});
