import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  correctWords,
  editDistance,
  otherReadings,
  searchWords,
  similarity,
  Vocabulary,
  keyForm,
} from './search-words';

describe('search words', () => {
  it('splits a text into lower-case words, at most six', () => {
    expect(searchWords('  Chicken, BROILER 1kg ')).toEqual(['chicken', 'broiler', '1kg']);
    expect(searchWords('a b c d e f g h')).toHaveLength(6);
    expect(searchWords('চাল ১ কেজি')).toEqual(['চাল', '১', 'কেজি']);
  });

  it('measures trigram similarity like pg_trgm', () => {
    expect(similarity('chicken', 'chicken')).toBe(1);
    expect(similarity('chiken', 'chicken')).toBeCloseTo(0.5, 2);
    expect(similarity('chiken', 'chili')).toBeLessThan(0.4);
  });

  it('corrects only words no title word is or begins, to the likeliest title word', () => {
    const vocabulary = new Vocabulary(
      ['chicken', 'broiler', 'green', 'chili', 'rice', 'miniket', 'dabur', 'teer', 'water', 'tea'].map(
        (word, i) => ({
          word,
          titles: 100 - i,
        }),
      ),
    );
    expect(correctWords(['chiken'], vocabulary)).toEqual(['chicken']);
    expect(correctWords(['broiler', 'chiken'], vocabulary)).toEqual(['broiler', 'chicken']);
    expect(correctWords(['rice'], vocabulary)).toBeNull(); // nothing to correct
    expect(correctWords(['xyzzy'], vocabulary)).toBeNull(); // nothing close enough
    expect(correctWords(['minik'], vocabulary)).toBeNull(); // the start of a title word is no typo
    expect(correctWords(['dbur'], vocabulary)).toEqual(['dabur']); // too short for trigrams
    // "ter" is only inside "water": a typo of "teer", not a part of a word typed.
    expect(correctWords(['ter'], vocabulary)).toEqual(['teer']);
    expect(correctWords(['tea', '5'], vocabulary)).toBeNull();
  });

  it('reads a phrase that finds nothing with one title word taken for a typo of another', () => {
    const vocabulary = new Vocabulary(
      ['pan', 'pran', 'dishwashing', 'gold'].map((word) => ({ word, titles: 5 })),
    );
    expect(otherReadings(['pan', 'dishwashing'], vocabulary)).toEqual([['pran', 'dishwashing']]);
    expect(otherReadings(['pan'], vocabulary)).toEqual([]); // one word: its own results stand
  });

  it('prefers the word more titles have when two are as close', () => {
    const vocabulary = new Vocabulary([
      { word: 'dove', titles: 3 },
      { word: 'dome', titles: 40 },
    ]);
    expect(vocabulary.closest('dobe')).toBe('dome');
  });

  it('counts edits with a swap as one (property: symmetric, and one edit away is 1)', () => {
    expect(editDistance('luandry', 'laundry', 2)).toBe(1);
    expect(editDistance('scrbuber', 'scrubber', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2); // more than the max: max + 1
    const word = fc.stringMatching(/^[a-z]{2,10}$/);
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b, 3)).toBe(editDistance(b, a, 3));
        expect(editDistance(a, a, 1)).toBe(0);
      }),
    );
    fc.assert(
      fc.property(word, fc.nat(), fc.constantFrom('drop', 'swap', 'change'), (w, at, how) => {
        const i = at % (w.length - 1);
        const typo =
          how === 'drop'
            ? w.slice(0, i) + w.slice(i + 1)
            : how === 'swap'
              ? w.slice(0, i) + (w[i + 1] ?? '') + (w[i] ?? '') + w.slice(i + 2)
              : w.slice(0, i) + (w[i] === 'q' ? 'z' : 'q') + w.slice(i + 1);
        expect(editDistance(w, typo, 2)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('reads Bangla typos: one letter more or less, and a nukta letter (ড়, য়) as one key', () => {
    const vocab = new Vocabulary(
      ['চাল', 'গুঁড়া', 'ময়দা', 'চিনি', 'মরিচ'].map((word) => ({ word: searchWords(word)[0] ?? '', titles: 1 })),
    );
    expect(vocab.closest('চাউল')).toBe('চাল'); // উ inserted, as some write চাউল
    expect(vocab.closest(searchWords('গুঁরা')[0] ?? '')).toBe(searchWords('গুঁড়া')[0]); // র for ড়
    expect(vocab.closest(searchWords('মদা')[0] ?? '')).toBe(searchWords('ময়দা')[0]); // য় left out
    expect(vocab.closest('চিনী')).toBe('চিনি'); // ী for ি
    // In NFC ড় is two code points; as a key it is one.
    expect(searchWords('গুঁড়া')[0]).toHaveLength(6);
    expect(keyForm(searchWords('গুঁড়া')[0] ?? '')).toHaveLength(5);
  });
});
