import { Vocabulary } from './search-words';

/** Words of a title as the index keeps them (every word, however short; the same split as a search). */
const titleWords = (title: string) =>
  title
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

/**
 * The storefront search's index, in memory, built from every product's title once per catalogue
 * (the server keeps it until the catalogue changes): the title words with the products that have
 * them, in title order. A search is set work on it (no scan of the titles in the database), and the
 * database then reads the page's products by id.
 *
 * Matches as the SQL it replaces did (`title ILIKE '%word%'` for every word): a word matches a
 * title when it is part of one of the title's words; the title's words are what is left between
 * anything that is not a letter, mark or digit.
 */
export class SearchIndex {
  readonly vocabulary: Vocabulary;
  /** Product ids, and their titles in lower case, in title order (then id). */
  private readonly ids: Int32Array;
  private readonly titles: string[];
  /** Each title word, with the places (in title order) of the titles that have it. */
  private readonly words: string[];
  private readonly places: Int32Array[];

  constructor(rows: ReadonlyArray<{ id: number; title: string }>) {
    const sorted = rows
      .map((r) => ({ id: r.id, title: r.title.toLowerCase() }))
      .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
    this.ids = Int32Array.from(sorted, (r) => r.id);
    this.titles = sorted.map((r) => r.title);
    const byWord = new Map<string, number[]>();
    sorted.forEach((r, place) => {
      for (const word of new Set(titleWords(r.title))) {
        const list = byWord.get(word);
        if (list) list.push(place);
        else byWord.set(word, [place]);
      }
    });
    this.words = [...byWord.keys()];
    this.places = this.words.map((w) => Int32Array.from(byWord.get(w) ?? []));
    this.vocabulary = new Vocabulary(
      this.words.flatMap((word, i) =>
        word.length > 1 ? [{ word, titles: this.places[i]?.length ?? 0 }] : [],
      ),
    );
  }

  get size(): number {
    return this.ids.length;
  }

  /**
   * Ids of at most `limit` products whose titles have every one of `words` (each as part of a title
   * word): titles that begin with `text` first, then in title order.
   */
  find(words: readonly string[], text: string, limit: number): number[] {
    if (words.length === 0) return [];
    // The title words each search word is part of, and how many titles those have in all.
    const reach = words.map((word) => {
      const lists: Int32Array[] = [];
      let titles = 0;
      for (let i = 0; i < this.words.length; i++) {
        if (!(this.words[i] ?? '').includes(word)) continue;
        const list = this.places[i] ?? new Int32Array(0);
        lists.push(list);
        titles += list.length;
      }
      return { word, lists, titles };
    });
    // The titles of the rarest word, then only those that have the other words too (a search word
    // is letters and digits only, so it is part of a title word exactly when the title has it).
    const rarest = reach.reduce((a, b) => (b.titles < a.titles ? b : a));
    if (rarest.titles === 0) return [];
    let places = rarest.lists.length === 1 ? Array.from(rarest.lists[0] ?? []) : [];
    if (rarest.lists.length > 1) {
      for (const list of rarest.lists) for (const place of list) places.push(place);
      places.sort((a, b) => a - b);
      places = places.filter((place, i) => place !== places[i - 1]);
    }
    const others = words.filter((w) => w !== rarest.word);
    if (others.length) places = places.filter((p) => others.every((w) => (this.titles[p] ?? '').includes(w)));
    const start = text.toLowerCase();
    const first: number[] = [];
    const rest: number[] = [];
    for (const place of places) {
      if ((this.titles[place] ?? '').startsWith(start)) {
        first.push(place);
        if (first.length === limit) break;
      } else if (rest.length < limit) rest.push(place);
    }
    return [...first, ...rest].slice(0, limit).map((place) => this.ids[place] ?? 0);
  }
}
