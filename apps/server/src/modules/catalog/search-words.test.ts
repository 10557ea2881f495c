import { describe, expect, it } from 'vitest';
import { correctWords, searchWords, similarity } from './search-words';

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

  it('corrects only words no title contains, to the closest title word', () => {
    const vocabulary = ['chicken', 'broiler', 'green', 'chili', 'rice', 'miniket'];
    expect(correctWords(['chiken'], vocabulary)).toEqual(['chicken']);
    expect(correctWords(['broiler', 'chiken'], vocabulary)).toEqual(['broiler', 'chicken']);
    expect(correctWords(['rice'], vocabulary)).toBeNull(); // nothing to correct
    expect(correctWords(['xyzzy'], vocabulary)).toBeNull(); // nothing close enough
    expect(correctWords(['minik'], vocabulary)).toBeNull(); // a part of a title word is no typo
  });
});
