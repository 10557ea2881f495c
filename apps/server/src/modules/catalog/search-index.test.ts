import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import { wordsOf } from './search-words';

type Row = { id: number; title: string; title_bn?: string };

/**
 * What the index must answer, the slow way: every product, as `ILIKE '%word%'` on both titles
 * would find it, ranked in the four tiers (a title beginning with the text as whole words and every
 * word whole; every word whole; a title beginning with the text inside a word; the rest), each in
 * English title order.
 */
function naive(rows: Row[], words: string[], text: string, limit: number) {
  const start = text.toLowerCase();
  const hits = rows
    .map((r) => ({ id: r.id, title: r.title.toLowerCase(), bn: (r.title_bn ?? '').toLowerCase() }))
    .map((r) => ({ ...r, words: [...wordsOf(r.title), ...wordsOf(r.bn)] }))
    .filter((r) => words.every((w) => r.words.some((word) => word.includes(w))))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
  const begins = (title: string) =>
    !title.startsWith(start)
      ? false
      : /[\p{L}\p{M}\p{N}]/u.test(title.charAt(start.length))
        ? 'part'
        : 'whole';
  const tier = (r: (typeof hits)[number]) => {
    const b = begins(r.title) || begins(r.bn);
    const whole = words.every((w) => r.words.includes(w));
    return whole
      ? b === 'whole' || begins(r.title) === 'whole' || begins(r.bn) === 'whole'
        ? 0
        : 1
      : b
        ? 2
        : 3;
  };
  return [0, 1, 2, 3]
    .flatMap((t) => hits.filter((r) => tier(r) === t))
    .slice(0, limit)
    .map((r) => r.id);
}

describe('SearchIndex', () => {
  const rows = [
    { id: 1, title: 'Miniket Rice 5 kg' },
    { id: 2, title: 'Chinigura Rice 1 kg' },
    { id: 3, title: 'Rice Bran Oil 1 litre' },
    { id: 4, title: 'Teer Soybean Oil 5 litre' },
    { id: 5, title: 'Coca-Cola 250 ml' },
    { id: 6, title: 'মিনিকেট চাল ৫ কেজি' },
  ];
  const index = new SearchIndex(rows);

  it('finds titles having every word, those starting with the text first, then by title', () => {
    expect(index.find(['rice'], 'rice', 48)).toEqual([3, 2, 1]);
    expect(index.find(['oil', '5'], 'oil 5', 48)).toEqual([4]);
    expect(index.find(['ice'], 'ice', 48)).toEqual([2, 1, 3]); // part of a word, after whole words (none)
    expect(index.find(['cola'], 'cola', 48)).toEqual([5]);
    expect(index.find(['চাল'], 'চাল', 48)).toEqual([6]);
    expect(index.find(['rice', 'teer'], 'rice teer', 48)).toEqual([]);
    expect(index.find(['rice'], 'rice', 2)).toEqual([3, 2]);
  });

  it('finds a product by its Bangla title, by words of both titles, and ranks whole words before parts', () => {
    const both = new SearchIndex([
      { id: 1, title: 'Miniket Rice', title_bn: 'মিনিকেট চাল' },
      { id: 2, title: 'Rice Flour', title_bn: 'চালের গুঁড়া' },
      { id: 3, title: 'Atta', title_bn: 'আটা' },
      { id: 4, title: 'Licorice Candy' },
      { id: 5, title: 'Brown Rice', title_bn: 'লাল চাল' },
    ]);
    // "চাল": the two with the whole word (in title order), then the title where it begins a word.
    expect(both.find(['চাল'], 'চাল', 48)).toEqual([5, 1, 2]);
    // "চা" is part of words only: title order.
    expect(both.find(['চা'], 'চা', 48)).toEqual([2, 5, 1]);
    expect(both.find(['মিনিকেট', 'চাল'], 'মিনিকেট চাল', 48)).toEqual([1]);
    expect(both.find(['miniket', 'চাল'], 'miniket চাল', 48)).toEqual([1]);
    // "rice": the title beginning with it, then whole words, then "licorice".
    expect(both.find(['rice'], 'rice', 48)).toEqual([2, 5, 1, 4]);
    // A word still being typed: the title beginning with it before one with it inside a word.
    expect(both.find(['ric'], 'ric', 48)).toEqual([2, 5, 4, 1]);
    expect(both.find(['chal'], 'chal', 48)).toEqual([]);
    expect(both.find(['আটা'], 'আটা', 48)).toEqual([3]);
    expect(both.vocabulary.closest('চাউল')).toBe('চাল');
  });

  it('keeps the title words, with how many titles have each, for reading typos', () => {
    expect(index.vocabulary.has('rice')).toBe(true);
    expect(index.vocabulary.closest('ryce')).toBe('rice');
    expect(index.vocabulary.begins('chini')).toBe(true);
  });

  it('answers as a scan of every title would (property)', () => {
    const word = fc.constantFrom(
      'rice',
      'oil',
      'dal',
      'mini',
      'ket',
      'gold',
      'tea',
      'a',
      '5',
      'kg',
      'সরিষা',
      'চাল',
    );
    const title = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
    const bangla = fc.option(
      fc.array(fc.constantFrom('চাল', 'ডাল', 'তেল', 'সরিষা', 'মিনিকেট'), { maxLength: 3 }),
      {
        nil: undefined,
      },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(title, bangla), { minLength: 1, maxLength: 40 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 10 }),
        (titles, words, limit) => {
          const data: Row[] = titles.map(([t, bn], i) => ({
            id: i + 1,
            title: t,
            ...(bn && { title_bn: bn.join(' ') }),
          }));
          const text = words.join(' ');
          expect(new SearchIndex(data).find(words, text, limit)).toEqual(naive(data, words, text, limit));
        },
      ),
    );
  });
});
