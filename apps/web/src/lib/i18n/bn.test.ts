import { describe, expect, it } from 'vitest';
import { bn } from './bn';
import { en } from './en';
import type { Shape } from './shape';

/** Every text of a catalogue by its dotted key (plural keys keep their _one / _other suffix). */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const texts = new Map<string, unknown>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'object' && value !== null) {
      for (const [inner, text] of flatten(value, `${path}.`)) texts.set(inner, text);
    } else {
      texts.set(path, value);
    }
  }
  return texts;
}

/** The same pattern as i18n.ts uses to fill {{name}} placeholders. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => String(match[1])))].sort();
}

/** A Bengali letter: a letter of the Bengali block U+0980–U+09FF (not a Bengali digit or ৳ alone). */
const BENGALI_LETTER = /(?=[\u0980-\u09FF])\p{L}/u;

/** Bengali texts that may hold no Bengali letter, each with its reason. Keep it short. */
const NO_BENGALI_ALLOWED: Record<string, string> = {
  'shop.name': 'the shop’s brand name (SHOP_NAME), shown as the English catalogue shows it',
  'adminTill.receipt.qtyPrice': 'the receipt line format "{{qty}} × {{price}}": numbers and a sign only',
  'adminTill.receipt.weighedQtyPrice':
    'the weighed line "{{qty}} {{unit}} × {{price}}/{{unit}}": numbers, signs and the unit (Bangla)',
  'adminStaff.roles.percent': 'a percentage "{{value}}%": a number (in Bengali digits) and a sign only',
};

// The texts that come with their screens' chunks (en.ts declares their shape) are added by the
// tests' setup (test/setup.ts), as those screens add them.
const english = flatten(en);
const bengali = flatten(bn);

describe('Bengali message catalogue', () => {
  it('has a Bengali text for every English key', () => {
    expect([...english.keys()].filter((key) => !bengali.has(key))).toEqual([]);
  });

  it('has no key the English catalogue lacks', () => {
    expect([...bengali.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('has only non-empty strings', () => {
    const bad = [...bengali].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it('keeps exactly the English {{placeholders}} of every text', () => {
    const differ = [...english]
      .filter(([key]) => typeof bengali.get(key) === 'string')
      .map(([key, text]) => ({
        key,
        en: placeholders(String(text)),
        bn: placeholders(String(bengali.get(key))),
      }))
      .filter(({ en: wanted, bn: found }) => wanted.join() !== found.join());
    expect(differ).toEqual([]);
  });

  it('writes every text in Bengali, but for the allow-list', () => {
    const latinOnly = [...bengali]
      .filter(([key, text]) => !(key in NO_BENGALI_ALLOWED) && !BENGALI_LETTER.test(String(text)))
      .map(([key, text]) => `${key}: ${String(text)}`);
    expect(latinOnly).toEqual([]);
  });

  it('keeps the allow-list current: each entry exists and still has no Bengali letter', () => {
    for (const [key, reason] of Object.entries(NO_BENGALI_ALLOWED)) {
      expect(reason, key).not.toBe('');
      expect(bengali.has(key), key).toBe(true);
      expect(BENGALI_LETTER.test(String(bengali.get(key))), key).toBe(false);
    }
  });

  it('has every plural form Bengali uses wherever English has plurals', () => {
    const categories = new Intl.PluralRules('bn').resolvedOptions().pluralCategories;
    const bases = new Set(
      [...english.keys()].filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(/_\w+$/, '')),
    );
    expect(bases.size).toBeGreaterThan(0);
    for (const base of bases) {
      for (const category of categories) expect(bengali.has(`${base}_${category}`), base).toBe(true);
    }
  });

  it('types a catalogue so that a missing or an extra key does not compile', () => {
    // @ts-expect-error a missing key is a type error
    const missing: Shape<{ a: string; b: { c: string } }> = { a: 'ক', b: {} };
    // @ts-expect-error an extra key is a type error
    const extra: Shape<{ a: { b: string } }> = { a: { b: 'ক', c: 'খ' } };
    expect([missing, extra]).toHaveLength(2);
  });
});
