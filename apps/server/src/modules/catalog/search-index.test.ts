import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';

/** What the index must answer, the slow way: every title, as the SQL `ILIKE '%word%'` did. */
function naive(rows: Array<{ id: number; title: string }>, words: string[], text: string, limit: number) {
  const start = text.toLowerCase();
  const hits = rows
    .map((r) => ({ id: r.id, title: r.title.toLowerCase() }))
    .filter((r) => words.every((w) => r.title.includes(w)))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
  return [...hits.filter((r) => r.title.startsWith(start)), ...hits.filter((r) => !r.title.startsWith(start))]
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
    expect(index.find(['ice'], 'ice', 48)).toEqual([2, 1, 3]); // part of a word
    expect(index.find(['cola'], 'cola', 48)).toEqual([5]);
    expect(index.find(['চাল'], 'চাল', 48)).toEqual([6]);
    expect(index.find(['rice', 'teer'], 'rice teer', 48)).toEqual([]);
    expect(index.find(['rice'], 'rice', 2)).toEqual([3, 2]);
  });

  it('keeps the title words, with how many titles have each, for reading typos', () => {
    expect(index.vocabulary.has('rice')).toBe(true);
    expect(index.vocabulary.closest('ryce')).toBe('rice');
    expect(index.vocabulary.begins('chini')).toBe(true);
  });

  it('answers as a scan of every title would (property)', () => {
    const word = fc.constantFrom('rice', 'oil', 'dal', 'mini', 'ket', 'gold', 'tea', 'a', '5', 'kg', 'সরিষা');
    const title = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.array(title, { minLength: 1, maxLength: 40 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 10 }),
        (titles, words, limit) => {
          const data = titles.map((t, i) => ({ id: i + 1, title: t }));
          const text = words.join(' ');
          expect(new SearchIndex(data).find(words, text, limit)).toEqual(naive(data, words, text, limit));
        },
      ),
    );
  });
});
