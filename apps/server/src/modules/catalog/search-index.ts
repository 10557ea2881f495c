import { normalizeText, Vocabulary, wordsOf } from './search-words';

/**
 * Whether a title begins with the text: 'whole' when the text ends where a word of the title ends
 * (the next character is not a letter, mark or digit), 'part' when it ends inside one, else false.
 */
function beginsWith(title: string, start: string): 'whole' | 'part' | false {
  if (start === '' || !title.startsWith(start)) return false;
  return WORD_CHAR.test(title.charAt(start.length)) ? 'part' : 'whole';
}
const WORD_CHAR = /^[\p{L}\p{M}\p{N}]$/u;

/** A product as the index reads it: its English title and its Bangla one ('' or missing: none). */
export type IndexRow = { id: number; title: string; title_bn?: string | null | undefined };

/**
 * The storefront search's index, in memory, built from every product's titles (English and Bangla)
 * once per catalogue (the server keeps it until the catalogue changes): the title words of both
 * languages with the products that have them, in title order. A search is set work on it (no scan
 * of the titles in the database), and the database then reads the page's products by id.
 *
 * A word matches a product when it is part of one of its title words in either language, as the
 * SQL it replaced did (`title ILIKE '%word%'` for every word); a product matches a search when it
 * has every word, and the words may come from both titles ("miniket চাল"). Matches rank by
 * relevance, in four tiers, each in title order:
 *   0. a title (either language) begins with the text as whole words, and every word is whole
 *      ("rice" → "Rice Bran Oil");
 *   1. every word is a whole word of the titles ("rice" → "Miniket Rice");
 *   2. a title begins with the text inside a word ("super" → "Supermom Biscuit": a shopper still
 *      typing the word);
 *   3. the rest: a word found inside a longer one ("ice" in "rice").
 */
export class SearchIndex {
  readonly vocabulary: Vocabulary;
  /** Product ids in title order (English title, then id). */
  private readonly ids: Int32Array;
  /** Each product's normalized English and Bangla titles, for "begins with the text". */
  private readonly titles: string[];
  private readonly titlesBn: string[];
  /** Each product's title words of both languages, each with a space before and after. */
  private readonly docs: string[];
  /** Each title word, with the places (in title order) of the products that have it. */
  private readonly words: string[];
  private readonly places: Int32Array[];

  constructor(rows: readonly IndexRow[]) {
    const sorted = rows
      .map((r) => ({ id: r.id, title: normalizeText(r.title), bn: normalizeText(r.title_bn ?? '') }))
      .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
    this.ids = Int32Array.from(sorted, (r) => r.id);
    this.titles = sorted.map((r) => r.title);
    this.titlesBn = sorted.map((r) => r.bn);
    const byWord = new Map<string, number[]>();
    this.docs = sorted.map((r, place) => {
      const words = [...wordsOf(r.title), ...wordsOf(r.bn)];
      for (const word of new Set(words)) {
        const list = byWord.get(word);
        if (list) list.push(place);
        else byWord.set(word, [place]);
      }
      return ` ${words.join(' ')} `;
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
   * Ids of at most `limit` products having every one of `words` (normalized search words, each as
   * part of a title word of either language), most relevant first (see the class).
   */
  find(words: readonly string[], text: string, limit: number): number[] {
    if (words.length === 0) return [];
    // The title words each search word is part of, and how many products those have in all.
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
    // The products of the rarest word, then only those that have the other words too (a search
    // word is letters, marks and digits only, so it is part of a title word exactly when the
    // product's words, joined by spaces, hold it).
    const rarest = reach.reduce((a, b) => (b.titles < a.titles ? b : a));
    if (rarest.titles === 0) return [];
    let places = rarest.lists.length === 1 ? Array.from(rarest.lists[0] ?? []) : [];
    if (rarest.lists.length > 1) {
      for (const list of rarest.lists) for (const place of list) places.push(place);
      places.sort((a, b) => a - b);
      places = places.filter((place, i) => place !== places[i - 1]);
    }
    const others = words.filter((w) => w !== rarest.word);
    if (others.length) places = places.filter((p) => others.every((w) => (this.docs[p] ?? '').includes(w)));

    const start = normalizeText(text);
    const whole = words.map((w) => ` ${w} `);
    const tiers: number[][] = [[], [], [], []];
    for (const place of places) {
      const begins =
        beginsWith(this.titles[place] ?? '', start) || beginsWith(this.titlesBn[place] ?? '', start);
      const allWhole = whole.every((w) => (this.docs[place] ?? '').includes(w));
      const tier = allWhole ? (begins === 'whole' ? 0 : 1) : begins ? 2 : 3;
      const list = tiers[tier] ?? [];
      if (list.length < limit) list.push(place);
      if (tier === 0 && list.length === limit) break;
    }
    return tiers
      .flat()
      .slice(0, limit)
      .map((place) => this.ids[place] ?? 0);
  }
}
