import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findIds,
  indexKey,
  normalizeText,
  SearchIndex,
  searchIds,
  STAFF_FIND,
  STOREFRONT_SEARCH,
  wordsOf,
  type IndexRow,
  type Term,
} from './product-search';

const CATALOGUE: IndexRow[] = [
  { id: 1, title: 'Potato (Diamond)', title_bn: 'ডায়মন্ড আলু' },
  { id: 2, title: 'Potato Crackers', title_bn: 'পটেটো ক্র্যাকার্স' },
  { id: 3, title: 'Value Pack Soap', title_bn: 'ভ্যালু প্যাক সাবান' },
  { id: 4, title: 'Eggs (Farm)', title_bn: 'ফার্মের ডিম' },
  { id: 5, title: 'Miniket Rice', title_bn: 'মিনিকেট চাল' },
  { id: 6, title: 'Chinigura Chaal', title_bn: '' },
  { id: 7, title: 'Onion (Deshi)', title_bn: 'দেশি পেঁয়াজ' },
  { id: 8, title: 'Black Tea', title_bn: 'চা পাতা' },
  { id: 9, title: 'Soybean Oil (Loose)', title_bn: 'খোলা সয়াবিন তেল' },
  { id: 10, title: 'Mustard Oil', title_bn: 'সরিষার তেল' },
  { id: 11, title: 'Mosur Dal', title_bn: '' },
  { id: 12, title: 'Red Lentil', title_bn: 'মসুর ডাল' },
  { id: 13, title: 'Atta', title_bn: 'আটা' },
  { id: 14, title: 'Ground Coffee', title_bn: 'গ্রাউন্ড কফি' },
  { id: 15, title: 'Chili Powder', title_bn: 'মরিচ গুঁড়া', attri: '200 gm', attri_bn: '২০০ গ্রাম' },
  { id: 16, title: 'Beef', title_bn: 'গরুর মাংস' },
  { id: 17, title: 'Salt (Iodized)', title_bn: 'আয়োডিনযুক্ত লবণ' },
];

describe('the search with Banglish keys', () => {
  const shop = new SearchIndex(CATALOGUE, STOREFRONT_SEARCH.options);
  const ids = (text: string) => searchIds(text, shop);

  it("finds a Bangla title's word typed in Latin letters, its whole word before letters inside a word", () => {
    expect(ids('alu')).toEqual([1, 3]); // আলু, then "Value"
    expect(ids('aloo')).toEqual([1]);
    expect(ids('dim')).toEqual([4]);
    expect(ids('deem')).toEqual([4]);
    // চাল and a Latin "Chaal" alike.
    expect(ids('chal')).toEqual([6, 5]);
    expect(ids('gorur mangsho')).toEqual([16]);
    expect(ids('lobon')).toEqual([17]);
  });

  it('reads the other spellings of a vowel as a typo of the key ("piyaj", "pyaj" → পেঁয়াজ)', () => {
    for (const text of ['piyaj', 'peyaj', 'pyaj', 'piaj', 'peyaz'])
      expect([text, ids(text)]).toEqual([text, [7]]);
    expect(ids('morich')).toEqual([15]);
    expect(ids('marich')).toEqual([15]);
  });

  it('ranks exact hits before a typo reading: "tel" puts তেল first, then Black Tea', () => {
    expect(ids('tel')).toEqual([10, 9, 8]);
  });

  it('reads a Bangla slip by its key when no title word is one edit away ("পিয়াজ", "কাচা")', () => {
    expect(ids('পিয়াজ')).toEqual([7]);
    expect(ids('পেয়াজ')).toEqual([7]);
    expect(ids('মরিছ')).toEqual([15]);
    expect(ids('লবন')).toEqual([17]);
  });

  it('looks for a Bangla word as written: ডাল is not the English "Dal"', () => {
    expect(ids('ডাল')).toEqual([12]);
    expect(ids('daal')).toEqual([11, 12]);
  });

  it('keeps English typos English: "atts" is atta, and a short key does not begin every গ্রাম', () => {
    expect(ids('atts')).toEqual([13]);
    expect(ids('grou')).toEqual([14]);
  });

  it("finds attributes too in the staff's find, titles in the order written", () => {
    const staff = new SearchIndex(CATALOGUE, STAFF_FIND.options);
    expect(findIds('200', staff)).toEqual([15]);
    expect(findIds('গ্রাম', staff)).toEqual([15]);
    expect(searchIds('গ্রাম', shop)).toEqual([]);
    expect(findIds('alu', staff)).toEqual([1, 3]);
  });
});

type Row = { id: number; title: string; title_bn?: string };

/**
 * What the index must answer with keys, the slow way: every product having each term (a typed
 * word as part of a title word; its key as a key, or the start of one from three letters), ranked
 * in the five tiers (a title or its keys beginning with the text as whole words, every term whole;
 * every term whole; a title beginning with the text; every term in the title words' own letters;
 * the rest), each in title order.
 */
function naive(rows: Row[], terms: Term[], text: string, limit: number) {
  const isKey = (f: string) => /[A-Z]/.test(f);
  const keyOf = (w: string) => (/^\p{N}+$/u.test(w) ? w : indexKey(w));
  const start = normalizeText(text);
  const keyStart = terms.map((t) => t.find(isKey) ?? (/^\p{N}+$/u.test(t[0] ?? '') ? t[0] : '')).join(' ');
  const keyStartUsable = keyStart !== '' && !keyStart.split(' ').includes('');
  const begins = (title: string, s: string) =>
    !title.startsWith(s) || s === ''
      ? false
      : /[\p{L}\p{M}\p{N}]/u.test(title.charAt(s.length))
        ? 'part'
        : 'whole';
  const hits = rows
    .map((r) => {
      const title = normalizeText(r.title);
      const bn = normalizeText(r.title_bn ?? '');
      const words = [...wordsOf(title), ...wordsOf(bn)];
      const keys = words.map((w) => indexKey(w)).filter(Boolean);
      const keyTitle = wordsOf(title).map(keyOf).join(' ');
      const keyTitleBn = wordsOf(bn).map(keyOf).join(' ');
      return { id: r.id, title, bn, words, keys, keyTitle, keyTitleBn };
    })
    .filter((r) =>
      terms.every((forms) =>
        forms.some((f) =>
          isKey(f)
            ? r.keys.some((k) => k === f || (f.length >= 3 && k.startsWith(f)))
            : r.words.some((w) => w.includes(f)),
        ),
      ),
    )
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
  const tier = (r: (typeof hits)[number]) => {
    const whole = terms.every((forms) => forms.some((f) => (isKey(f) ? r.keys : r.words).includes(f)));
    const raw = [begins(r.title, start), begins(r.bn, start)];
    const keyWhole =
      keyStartUsable && [begins(r.keyTitle, keyStart), begins(r.keyTitleBn, keyStart)].includes('whole');
    const beginsWhole = raw.includes('whole') || keyWhole;
    if (whole) return beginsWhole ? 0 : 1;
    if (beginsWhole || raw.includes('part')) return 2;
    return terms.every((forms) => forms.some((f) => !isKey(f) && r.words.some((w) => w.includes(f)))) ? 3 : 4;
  };
  return [0, 1, 2, 3, 4]
    .flatMap((t) => hits.filter((r) => tier(r) === t))
    .slice(0, limit)
    .map((r) => r.id);
}

describe('SearchIndex.build', () => {
  it('builds in slices, pausing between them, the very index the constructor builds', async () => {
    const words = ['Potato', 'Rice', 'Oil', 'Dal', 'Tea', 'Value'];
    const bangla = ['আলু', 'চাল', 'তেল', 'ডাল', 'চা', 'ভ্যালু'];
    const rows: IndexRow[] = Array.from({ length: 6000 }, (_, i) => ({
      id: i + 1,
      title: `${words[i % 6]} ${i}`,
      title_bn: `${bangla[(i * 7) % 6]} ${i}`,
      attri: `${i % 5} kg`,
    }));
    let pauses = 0;
    const sliced = await SearchIndex.build(rows, STAFF_FIND.options, async () => {
      pauses++;
    });
    const whole = new SearchIndex(rows, STAFF_FIND.options);
    expect(pauses).toBeGreaterThan(4);
    expect(sliced.size).toBe(6000);
    for (const text of ['alu', 'tel', 'rice 12', 'চা', 'valu', '3 kg', 'piyaj'])
      expect([text, findIds(text, sliced)]).toEqual([text, findIds(text, whole)]);
  });
});

describe('SearchIndex with keys', () => {
  it('answers as a scan of every title and its keys would (property)', () => {
    const english = fc.constantFrom(
      'rice',
      'oil',
      'dal',
      'chaal',
      'tel',
      'mini',
      'ket',
      'alu',
      'value',
      'tea',
      '5',
      'kg',
    );
    const bangla = fc.constantFrom('চাল', 'ডাল', 'তেল', 'সরিষা', 'মিনিকেট', 'আলু', 'ভ্যালু', 'তেলাপিয়া', 'চা');
    const typed = fc.constantFrom(
      'rice',
      'oil',
      'dal',
      'chal',
      'tel',
      'til',
      'alu',
      'val',
      'tea',
      'mini',
      'te',
      'mi',
      '5',
      'চাল',
      'তেল',
      'a',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.array(english, { minLength: 1, maxLength: 4 }),
            fc.option(fc.array(bangla, { maxLength: 3 }), { nil: undefined }),
          ),
          { minLength: 1, maxLength: 30 },
        ),
        fc.array(typed, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 10 }),
        (titles, words, limit) => {
          const rows: Row[] = titles.map(([t, bn], i) => ({
            id: i + 1,
            title: t.join(' '),
            ...(bn && { title_bn: bn.join(' ') }),
          }));
          const index = new SearchIndex(rows, STOREFRONT_SEARCH.options);
          const terms = index.termsOf(words);
          const text = words.join(' ');
          expect(index.find(terms, text, limit)).toEqual(naive(rows, terms, text, limit));
        },
      ),
      { numRuns: 300 },
    );
  });
});
