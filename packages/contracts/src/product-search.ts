import { banglishKey, isBangla } from './banglish';

/**
 * The product search, one code for the server (the storefront's GET /api/product/search/{text},
 * the staff's GET /api/product/find/{text}) and the till's offline copy in the browser, which must
 * answer exactly as the server does (docs/adr/0025 and 0056).
 *
 *   - `SearchIndex`: product titles (and, for the staff's find, attributes), English and Bangla,
 *     word by word, in title order, with each word's Banglish key (banglish.ts) beside it;
 *   - `Vocabulary`, `correctWords` and friends: what a typed word most likely meant;
 *   - `searchIds`: the search itself, the ids of a page of products, most relevant first.
 */

// ---- words ---------------------------------------------------------------------------------------

/** Trigrams as pg_trgm makes them: the word padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/**
 * A text as the search compares it: lower case, in one Unicode form (NFC: য় typed as য + ় or as
 * one letter is the same letter), without the invisible joiners (ZWJ, ZWNJ) that Bangla keyboards
 * put inside conjuncts: "ক্‌ষ" and "ক্ষ" are the same word to a shopper.
 */
export const normalizeText = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u200c\u200d]/g, '')
    .toLowerCase();

/** The words of a normalized text: what is left between anything not a letter, mark or digit. */
export const wordsOf = (normalized: string) => normalized.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);

/** Words of a text as the search sees them: normalized, letters, marks and digits, at most six. */
export function searchWords(text: string): string[] {
  return wordsOf(normalizeText(text)).slice(0, 6);
}

/**
 * The edit distance of a and b counting a swap of two neighbouring letters as one edit (optimal
 * string alignment), or `max + 1` as soon as it is known to be more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length] ?? max + 1, max + 1);
}

/**
 * The edit distance of two Banglish keys, a vowel's edit (a missing, extra or other vowel) counting
 * half: Banglish spells vowels loosely ("piyaj", "peyaj"; "labon", "lobon"; "marich", "morich")
 * and consonants much less so (a "piaj" is not a "piak"). Optimal string alignment, a swap one
 * edit; `max` + 1 as soon as it is known to be more than `max`.
 */
export function keyDistance(a: string, b: string, max: number): number {
  const m = b.length;
  const vowel = (c: string | undefined) => c === 'A' || c === 'E' || c === 'I' || c === 'O' || c === 'U';
  let prev2 = new Float64Array(m + 1);
  let prev = new Float64Array(m + 1);
  let row = new Float64Array(m + 1);
  for (let j = 1; j <= m; j++) prev[j] = (prev[j - 1] ?? 0) + (vowel(b[j - 1]) ? 0.5 : 1);
  for (let i = 1; i <= a.length; i++) {
    const x = a[i - 1];
    const xVowel = vowel(x);
    row[0] = (prev[0] ?? 0) + (xVowel ? 0.5 : 1);
    let best = row[0] ?? 0;
    for (let j = 1; j <= m; j++) {
      const y = b[j - 1];
      const yVowel = vowel(y);
      const change = x === y ? 0 : xVowel && yVowel ? 0.5 : 1;
      let d = Math.min(
        (prev[j] ?? 0) + (xVowel ? 0.5 : 1),
        (row[j - 1] ?? 0) + (yVowel ? 0.5 : 1),
        (prev[j - 1] ?? 0) + change,
      );
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return Math.min(prev[m] ?? max + 1, max + 1);
}

/** Edits a typed word may be from the word meant: one for short words, two from eight letters. */
const allowedEdits = (word: string) => (word.length >= 8 ? 2 : 1);

/**
 * A word as the typo distance counts its letters: ড়, ঢ় and য় are one letter (one key on a Bangla
 * keyboard), but NFC writes each as two code points (the letter and its nukta), so র for ড় or a
 * missing য় would otherwise count as two edits, beyond a short word's allowance.
 */
export const keyForm = (word: string) =>
  word
    .replace(/\u09a1\u09bc/g, '\u09dc')
    .replace(/\u09a2\u09bc/g, '\u09dd')
    .replace(/\u09af\u09bc/g, '\u09df');

/** A typed word's key begins a key from this many letters (shorter, it must be the whole key). */
const KEY_START_MIN = 3;

/** Typed words shorter than this are never read as a typo: two letters leave nothing to go by. */
const TYPO_MIN_LETTERS = 3;

const isNumber = (word: string) => /^\p{N}+$/u.test(word);

/**
 * The words of the product titles, for understanding what a shopper typed: each word with how many
 * titles have it. Built once per catalogue (the server keeps it until the catalogue changes).
 */
export class Vocabulary {
  /** Words by how many titles have them, most first. */
  private readonly byUse: string[];
  private readonly known: Set<string>;
  /** Alphabetical, for finding the words a text begins. */
  private readonly sorted: string[];
  /** Words by the length of their key form, for looking only at lengths an edit can reach. */
  private readonly byLength = new Map<number, Array<{ word: string; key: string }>>();

  /** Banglish keys: vowels' edits count half (`keyDistance`). */
  private readonly keys: boolean;

  constructor(words: ReadonlyArray<{ word: string; titles: number }>, options: { keys?: boolean } = {}) {
    this.keys = options.keys ?? false;
    this.byUse = [...words]
      .sort((a, b) => b.titles - a.titles || (a.word < b.word ? -1 : 1))
      .map((w) => w.word);
    this.known = new Set(this.byUse);
    this.sorted = [...this.byUse].sort();
    for (const word of this.byUse) {
      const entry = { word, key: keyForm(word) };
      const list = this.byLength.get(entry.key.length);
      if (list) list.push(entry);
      else this.byLength.set(entry.key.length, [entry]);
    }
  }

  get size(): number {
    return this.byUse.length;
  }

  /** True when some title word is this word or begins with it (a shopper typing part of a word). */
  begins(text: string): boolean {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sorted[mid] ?? '') < text) lo = mid + 1;
      else hi = mid;
    }
    return this.sorted[lo]?.startsWith(text) ?? false;
  }

  has(word: string): boolean {
    return this.known.has(word);
  }

  /**
   * The title word with the fewest edits from a typed word (a letter missing, extra, wrong, or two
   * swapped; for keys a vowel's edit counts half), then the one the most titles have, within the
   * allowance; null when none is. `edits` counts every edit whole (for comparing a key with a
   * title word). With `other`, a word other than the one typed.
   */
  nearest(word: string, other = false): { word: string; edits: number } | null {
    const max = allowedEdits(word);
    const typed = keyForm(word);
    // Half-cost vowels reach twice as far in length.
    const reach = this.keys ? 2 * max : max;
    let best: string | null = null;
    let bestEdits = max + 1;
    for (let len = typed.length - reach; len <= typed.length + reach; len++) {
      for (const { word: candidate, key } of this.byLength.get(len) ?? []) {
        if (other && candidate === word) continue;
        const limit = Math.min(max, bestEdits);
        const edits = this.keys ? keyDistance(typed, key, limit) : editDistance(typed, key, limit);
        // byUse order within a length: the first found at a distance is the most used.
        if (
          edits < bestEdits ||
          (edits === bestEdits && best !== null && this.rank(candidate) < this.rank(best))
        ) {
          best = candidate;
          bestEdits = edits;
        }
      }
    }
    if (best === null) return null;
    return { word: best, edits: this.keys ? editDistance(typed, best, 2 * max) : bestEdits };
  }

  /** The title word most similar by trigrams (pg_trgm's measure, at least 0.4), or null. */
  similar(word: string, other = false): string | null {
    let best: string | null = null;
    let bestScore = 0.4;
    for (const candidate of this.byUse) {
      if (other && candidate === word) continue;
      const score = similarity(word, candidate);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    return best;
  }

  /**
   * The title word a typed word most likely meant: the fewest edits (a letter missing, extra,
   * wrong, or two swapped), then the word the most titles have; or, for what no edit within the
   * allowance reaches, the most similar by trigrams (pg_trgm's measure, at least 0.4); else null.
   * With `other`, a word other than the one typed (the typed one is a title word, but meant another).
   */
  closest(word: string, other = false): string | null {
    return this.nearest(word, other)?.word ?? this.similar(word, other);
  }

  private rankOf: Map<string, number> | undefined;
  private rank(word: string): number {
    this.rankOf ??= new Map(this.byUse.map((w, i) => [w, i]));
    return this.rankOf.get(word) ?? Number.MAX_SAFE_INTEGER;
  }
}

// ---- terms: a typed word and its Banglish key ----------------------------------------------------

/**
 * A search word as the index looks for it: the forms any of which a product may have (as part of one
 * of its words): the word as typed (normalized), and its Banglish key in capitals. Title words are
 * in lower case (or Bangla, which has no case) and keys in capitals, so a form only ever meets words
 * of its own kind: "dal" finds "dal" and "sandal", "DAL" finds ডাল and "Daal".
 */
export type Term = readonly string[];

/** True for a Banglish key (capitals): title words and typed words are in lower case. */
const isKey = (form: string) => /[A-Z]/.test(form);

/** The Banglish key of a word as the index keeps it (capitals), or '' for a number or no letters. */
export const indexKey = (word: string) => (isNumber(word) ? '' : banglishKey(word).toUpperCase());

/** The two vocabularies a reading of typos consults: title words, and their Banglish keys. */
export type Vocabularies = { words: Vocabulary; keys: Vocabulary | null };

/**
 * How well the title words know a term: 'yes' for a number, or a word some title word is or
 * begins, or whose key is a key; 'start' when only its key begins one (a Banglish word being
 * typed, "piy" for পেঁয়াজ, or an English typo whose key happens to begin another: "flou"); 'no'.
 */
function known(term: Term, v: Vocabularies): 'yes' | 'start' | 'no' {
  const [word = ''] = term;
  if (isNumber(word)) return 'yes';
  let start = false;
  for (const form of term) {
    if (!isKey(form)) {
      if (v.words.begins(form)) return 'yes';
    } else if (v.keys?.has(form)) return 'yes';
    else if (form.length >= KEY_START_MIN && v.keys?.begins(form)) start = true;
  }
  return start ? 'start' : 'no';
}

/**
 * What a typed term most likely meant, as a term of one form: the title word nearest the word, or
 * the key nearest its key (among keys a vowel's edit counts half, `keyDistance`) when that key is
 * fewer edits away, each counted whole ("piyaj" → পেঁয়াজ's key; "atts" → "atta", not "oats");
 * else the title word most similar by trigrams; null when nothing is likely, or the word is too
 * short to tell.
 */
function meaning(term: Term, v: Vocabularies, other = false): Term | null {
  const word = term.find((form) => !isKey(form));
  // A Bangla word is looked for as written; its key serves only to read a slip ("পিয়াজ"), and
  // is then another word's key even when it is the same key ("কাচা" for কাঁচা).
  const typedKey = term.find(isKey);
  const key = typedKey ?? (v.keys && word !== undefined ? indexKey(word) || undefined : undefined);
  const letters = keyForm(word ?? key ?? '').length;
  if (letters < TYPO_MIN_LETTERS) return null;
  const ownKey = typedKey !== undefined || (word !== undefined && !isBangla(word));
  const keys = key === undefined ? null : v.keys;
  const byWord = word === undefined ? null : v.words.nearest(word, other);
  let best = byWord;
  if (keys && key !== undefined) {
    // A key wins with fewer edits (each counted whole) than the title word. Against a title word
    // one edit away only a key itself can, and a typed word's own key would have been known.
    if (byWord && byWord.edits <= 1) {
      if (!ownKey && keys.has(key)) return [key];
    } else {
      const byKey = keys.nearest(key, other && ownKey);
      if (byKey && (!byWord || byKey.edits < byWord.edits)) best = byKey;
    }
  }
  if (best) return [best.word];
  // Trigrams only for title words: keys are too short and loose for them.
  const similar = word === undefined ? null : v.words.similar(word, other);
  return similar === null ? null : [similar];
}

/**
 * The terms to search for: a term some title word (or key) is, or begins (part of a word, as a
 * shopper types it), stays; any other is a typo, read as the title word or key it most likely
 * meant ("chiken" → "chicken", "dbur" → "dabur", "piyaz" → the key of পেঁয়াজ). Null when nothing
 * needed correcting or a word has no likely meaning.
 */
export function correctTerms(terms: readonly Term[], v: Vocabularies): Term[] | null {
  let changed = false;
  const out: Term[] = [];
  for (const term of terms) {
    const how = known(term, v);
    if (how === 'yes') {
      out.push(term);
      continue;
    }
    if (how === 'start') {
      // Only its key begins a key: a typo of a title word if one is near ("flou" → "flour"),
      // else a Banglish word being typed, as it is.
      const word = term.find((form) => !isKey(form));
      const near =
        word === undefined || keyForm(word).length < TYPO_MIN_LETTERS ? null : v.words.nearest(word);
      out.push(near ? [near.word] : term);
      if (near) changed = true;
      continue;
    }
    const meant = meaning(term, v);
    if (meant === null) return null;
    out.push(meant);
    changed = true;
  }
  return changed ? out : null;
}

/**
 * When the terms together find nothing, one of them may be a typo that happens to be a title word
 * too ("pan dishwashing" for "pran dishwashing"): the readings to try, each with one term replaced
 * by the title word (or key) it most likely meant otherwise, in the order of the words.
 */
export function otherTermReadings(terms: readonly Term[], v: Vocabularies): Term[][] {
  if (terms.length < 2) return [];
  const out: Term[][] = [];
  terms.forEach((term, i) => {
    if (isNumber(term[0] ?? '')) return;
    const meant = meaning(term, v, true);
    if (meant !== null) out.push(terms.map((t, j) => (j === i ? meant : t)));
  });
  return out;
}

/**
 * The words to search for: a word some title has, or begins (part of a word, as a shopper types
 * it), stays; any other word is a typo, corrected to the title word it most likely meant
 * ("chiken" → "chicken", "dbur" → "dabur"). Null when nothing needed correcting or a word has no
 * likely meaning. (`correctTerms` over title words alone.)
 */
export function correctWords(words: string[], vocabulary: Vocabulary): string[] | null {
  const out = correctTerms(
    words.map((w) => [w]),
    { words: vocabulary, keys: null },
  );
  return out && out.map((t) => t[0] ?? '');
}

/**
 * When the words together find nothing, one of them may be a typo that happens to be a title word
 * too ("pan dishwashing" for "pran dishwashing"): the texts to try, each with one word replaced by
 * the title word it most likely meant otherwise, in the order of the words.
 */
export function otherReadings(words: string[], vocabulary: Vocabulary): string[][] {
  return otherTermReadings(
    words.map((w) => [w]),
    { words: vocabulary, keys: null },
  ).map((reading) => reading.map((t) => t[0] ?? ''));
}

// ---- the index -----------------------------------------------------------------------------------

/**
 * Whether a title begins with the text: 'whole' when the text ends where a word of the title ends
 * (the next character is not a letter, mark or digit), 'part' when it ends inside one, else false.
 */
function beginsWith(title: string, start: string): 'whole' | 'part' | false {
  if (start === '' || !title.startsWith(start)) return false;
  return WORD_CHAR.test(title.charAt(start.length)) ? 'part' : 'whole';
}
const WORD_CHAR = /^[\p{L}\p{M}\p{N}]$/u;

/**
 * A product as the index reads it: its English and Bangla titles ('' or missing: none) and its
 * attributes ("1 kg", "১ কেজি"), whose words match too with the option `attributes`.
 */
export type IndexRow = {
  id: number;
  title: string;
  title_bn?: string | null | undefined;
  attri?: string | null | undefined;
  attri_bn?: string | null | undefined;
};

export type IndexOptions = {
  /** Index each word's Banglish key beside it, and look for a typed word's key too (ADR 0056). */
  banglish?: boolean;
  /** Index the attributes' words too ("1 kg", "১ কেজি"): the staff's find. */
  attributes?: boolean;
  /**
   * The order within a tier: 'normalized' (the titles as compared: lower case, NFC; the
   * storefront), or 'as-written' (code point order of the titles as saved, as PostgreSQL's
   * ORDER BY title under the shop's C collation: the staff's find, as it always answered).
   */
  order?: 'normalized' | 'as-written';
};

/** Bengali digits as ASCII ones ("৫" → "5"): how a number reads in a key title. */
const latinDigits = (word: string) => word.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

/** Title words and keys with the places (in title order) of the products that have each. */
type Postings = { words: string[]; places: Int32Array[] };

function postings(byWord: Map<string, number[]>): Postings {
  const words = [...byWord.keys()];
  return { words, places: words.map((w) => Int32Array.from(byWord.get(w) ?? [])) };
}

function vocabularyOf(p: Postings, options: { keys?: boolean } = {}): Vocabulary {
  return new Vocabulary(
    p.words.flatMap((word, i) => (word.length > 1 ? [{ word, titles: p.places[i]?.length ?? 0 }] : [])),
    options,
  );
}

/** What an index is made of (see `SearchIndex`). */
type Built = {
  ids: Int32Array;
  titles: string[];
  titlesBn: string[];
  keyTitles: string[];
  keyTitlesBn: string[];
  plain: Postings;
  keyed: Postings;
};

/**
 * Products read (or sort places merged) between two pauses of a build in slices: a few
 * milliseconds of work, so a scan that comes meanwhile waits no longer than that.
 */
const BUILD_SLICE = 400;

/**
 * The places 0…n−1 in the order of `before` (a stable merge sort: runs of BUILD_SLICE sorted
 * whole, then merged pairwise), yielding between slices of work like `building`.
 */
function* sortedPlaces(n: number, before: (a: number, b: number) => number): Generator<void, Int32Array> {
  let from = new Int32Array(n);
  let to = new Int32Array(n);
  for (let lo = 0; lo < n; lo += BUILD_SLICE) {
    const run = Array.from({ length: Math.min(BUILD_SLICE, n - lo) }, (_, k) => lo + k).sort(before);
    from.set(run, lo);
    yield;
  }
  let work = 0;
  for (let width = BUILD_SLICE; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        const a = from[i] ?? 0;
        const b = from[j] ?? 0;
        if (i < mid && (j >= hi || before(a, b) <= 0)) {
          to[k] = a;
          i++;
        } else {
          to[k] = b;
          j++;
        }
        if (++work === BUILD_SLICE * 4) {
          work = 0;
          yield;
        }
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/**
 * Builds an index's parts, yielding after each slice of products (`SearchIndex.build` pauses
 * there; the constructor runs straight through).
 */
function* building(
  rows: readonly IndexRow[],
  options: IndexOptions,
  sliced: boolean,
): Generator<void, Built> {
  const banglish = options.banglish ?? false;
  const asWritten = options.order === 'as-written';
  // Flat arrays and a sorted permutation: 50,000 products are rebuilt after every catalogue change.
  const n = rows.length;
  const title: string[] = new Array<string>(n);
  const bn: string[] = new Array<string>(n);
  const attri: string[] = new Array<string>(n);
  const orderBy: string[] = new Array<string>(n);
  const id = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    if (!r) continue;
    id[i] = r.id;
    title[i] = normalizeText(r.title);
    bn[i] = r.title_bn ? normalizeText(r.title_bn) : '';
    attri[i] =
      options.attributes && (r.attri || r.attri_bn)
        ? normalizeText(`${r.attri ?? ''} ${r.attri_bn ?? ''}`)
        : '';
    orderBy[i] = asWritten ? r.title : (title[i] ?? '');
    if (i % BUILD_SLICE === BUILD_SLICE - 1) yield;
  }
  const before = (a: number, b: number) => {
    const x = orderBy[a] ?? '';
    const y = orderBy[b] ?? '';
    return x < y ? -1 : x > y ? 1 : (id[a] ?? 0) - (id[b] ?? 0);
  };
  // In one go the engine's own sort (faster); in slices a merge sort that can pause.
  const order = sliced
    ? yield* sortedPlaces(n, before)
    : Int32Array.from(Array.from({ length: n }, (_, i) => i).sort(before));
  const titles = Array.from(order, (i) => title[i] ?? '');
  const titlesBn = Array.from(order, (i) => bn[i] ?? '');
  // One key per distinct word: a catalogue repeats its words thousands of times.
  const keys = new Map<string, string>();
  const keyOf = (word: string) => {
    let key = keys.get(word);
    if (key === undefined) {
      key = isNumber(word) ? '' : indexKey(word);
      keys.set(word, key);
    }
    return key;
  };
  // A title as keys: each word's key, a number as its ASCII digits (for "begins with" only).
  const tokens = new Map<string, string>();
  const tokenOf = (word: string) => {
    let token = tokens.get(word);
    if (token === undefined) {
      token = isNumber(word) ? latinDigits(word) : keyOf(word);
      tokens.set(word, token);
    }
    return token;
  };
  const keyTitles: string[] = [];
  const keyTitlesBn: string[] = [];
  const byWord = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, word: string, place: number) => {
    const list = map.get(word);
    if (!list) map.set(word, [place]);
    else if (list[list.length - 1] !== place) list.push(place);
  };
  for (let place = 0; place < n; place++) {
    const i = order[place] ?? 0;
    const titleWords = wordsOf(titles[place] ?? '');
    const bnWords = wordsOf(titlesBn[place] ?? '');
    const words = attri[i] ? titleWords.concat(bnWords, wordsOf(attri[i] ?? '')) : titleWords.concat(bnWords);
    for (const word of words) add(byWord, word, place);
    if (banglish) {
      for (const word of words) {
        const key = keyOf(word);
        if (key) add(byKey, key, place);
      }
      keyTitles.push(titleWords.map(tokenOf).join(' '));
      keyTitlesBn.push(bnWords.map(tokenOf).join(' '));
    }
    if (place % BUILD_SLICE === BUILD_SLICE - 1) yield;
  }
  return {
    ids: order.map((i) => id[i] ?? 0),
    titles,
    titlesBn,
    keyTitles,
    keyTitlesBn,
    plain: postings(byWord),
    keyed: postings(byKey),
  };
}

/**
 * The search's index, in memory, built from every product's titles (English and Bangla) once per
 * catalogue (the server keeps it until the catalogue changes; the till rebuilds its own after a
 * sync): the title words of both languages with the products that have them, in title order. A
 * search is set work on it (no scan of the titles in the database), and the database then reads
 * the page's products by id.
 *
 * A word matches a product when it is part of one of its title words in either language, as the
 * SQL it replaced did (`title ILIKE '%word%'` for every word); a product matches a search when it
 * has every word, and the words may come from both titles ("miniket চাল"). With `attributes`, the
 * attributes' words are the product's too. With `banglish`, each title word's Banglish key is a word
 * of the product as well (in capitals, a namespace of its own), and a typed word's key matches a
 * key, or the start of one from three letters ("piyaj" → পেঁয়াজ, "daal" → "Mosur Dal"). Matches
 * rank by relevance, in tiers, each in title order:
 *   0. a title (either language, or either title's keys as whole words) begins with the text as
 *      whole words, and every word is whole ("rice" → "Rice Bran Oil");
 *   1. every word is a whole word (or key) of the product ("rice" → "Miniket Rice"; "tel" → তেল);
 *   2. a title begins with the text inside a word ("super" → "Supermom Biscuit": a shopper still
 *      typing the word);
 *   3. every word inside a longer title word ("ice" in "rice");
 *   4. the rest: a key at the start of a longer one ("alu" in আলুর);
 *   5. with `typos` (`find`), products found only through a word's typo reading ("tel" → "tea").
 */
export class SearchIndex {
  /** The title words (for reading typos). */
  readonly vocabulary: Vocabulary;
  /** Their Banglish keys, with `banglish`; else null. */
  readonly keyVocabulary: Vocabulary | null;
  private readonly banglish: boolean;
  /** Product ids in title order (English title, then id). */
  private readonly ids: Int32Array;
  /** Each product's normalized English and Bangla titles, for "begins with the text". */
  private readonly titles: string[];
  private readonly titlesBn: string[];
  /** The same as keys (each word's key, by spaces), with `banglish`. */
  private readonly keyTitles: string[];
  private readonly keyTitlesBn: string[];
  private readonly plain: Postings;
  private readonly keyed: Postings;

  /**
   * The index of `rows`, built at once (the server). `built`: the parts `building` made (the
   * till's build in slices, `SearchIndex.build`).
   */
  constructor(rows: readonly IndexRow[], options: IndexOptions = {}, built?: Built) {
    let parts = built;
    if (!parts) {
      const steps = building(rows, options, false);
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) {
          parts = step.value;
          break;
        }
      }
    }
    this.banglish = options.banglish ?? false;
    this.ids = parts.ids;
    this.titles = parts.titles;
    this.titlesBn = parts.titlesBn;
    this.keyTitles = parts.keyTitles;
    this.keyTitlesBn = parts.keyTitlesBn;
    this.plain = parts.plain;
    this.keyed = parts.keyed;
    this.vocabulary = vocabularyOf(this.plain);
    this.keyVocabulary = this.banglish ? vocabularyOf(this.keyed, { keys: true }) : null;
  }

  /**
   * The same index, built in slices with `pause()` awaited between them, so that a browser stays
   * free for other work (a scan at the till) while it builds: some hundreds of milliseconds at
   * 50,000 products in one go.
   */
  static async build(
    rows: readonly IndexRow[],
    options: IndexOptions,
    pause: () => Promise<void>,
  ): Promise<SearchIndex> {
    const steps = building(rows, options, true);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return new SearchIndex([], options, step.value);
      await pause();
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /** The vocabularies for reading typos (words, and keys with `banglish`). */
  get vocabularies(): Vocabularies {
    return { words: this.vocabulary, keys: this.keyVocabulary };
  }

  /**
   * The terms of normalized search words: each word, and with `banglish` a Latin word's key too
   * ("chal" finds চাল and "Chaal"). A Bangla word is looked for as written (ডাল finds ডাল, not
   * "Dal"); its key only reads it when it is a slip no title word is or begins ("পিয়াজ").
   */
  termsOf(words: readonly string[]): Term[] {
    return words.map((word) => {
      const key = this.banglish && !isBangla(word) ? indexKey(word) : '';
      return key ? [word, key] : [word];
    });
  }

  /**
   * Ids of at most `limit` products having every one of `terms` (normalized search words, or terms:
   * a product has a term when it has one of its forms as part of a word of either language, or a
   * key form as a key or its start), most relevant first (see the class). `text` is what the titles
   * may begin with. `typos[i]`: a title word the i-th term may also be a typo of; the products
   * found only through it come last.
   */
  find(
    terms: ReadonlyArray<string | Term>,
    text: string,
    limit: number,
    typos: ReadonlyArray<string | null> = [],
  ): number[] {
    if (terms.length === 0) return [];
    const formsOf = terms.map((t): Term => (typeof t === 'string' ? [t] : t));
    const n = this.ids.length;
    // The words (and keys) each term is part of (and is), and how many products those have in all.
    const reach = formsOf.map((forms) => {
      const lists: Int32Array[] = [];
      const exact: Int32Array[] = [];
      const plain: Int32Array[] = [];
      let titles = 0;
      for (const form of forms) {
        const key = isKey(form);
        const { words, places } = key ? this.keyed : this.plain;
        for (let i = 0; i < words.length; i++) {
          const word = words[i] ?? '';
          // A word anywhere in a title word ("ice" in "rice"); a key only as a key, or as the start
          // of one from three letters (loose and short, keys meet inside others by chance: "ALU"
          // in ভ্যালু's "BIALU"; "GR", from "grou", begins every গ্রাম).
          if (
            key
              ? !(word === form || (form.length >= KEY_START_MIN && word.startsWith(form)))
              : !word.includes(form)
          )
            continue;
          const list = places[i] ?? new Int32Array(0);
          lists.push(list);
          if (word === form) exact.push(list);
          if (!key) plain.push(list);
          titles += list.length;
        }
      }
      return { forms, lists, exact, plain, titles };
    });
    // A term's typo reading (`typos`): the products with that title word come last, and only as
    // far as they are needed (the term's own forms are marked to tell them apart).
    const typed = reach.map((r) => r.lists.slice());
    let withTypos = false;
    reach.forEach((r, i) => {
      const typo = typos[i];
      if (!typo) return;
      const { words, places } = isKey(typo) ? this.keyed : this.plain;
      const at = words.indexOf(typo);
      const list = places[at];
      if (at < 0 || !list) return;
      r.lists.push(list);
      r.exact.push(list);
      r.titles += list.length;
      withTypos = true;
    });
    /** The products of some of the lists, marked (one byte per product). */
    const marked = (lists: readonly Int32Array[]) => {
      const mark = new Uint8Array(n);
      for (const list of lists) for (let k = 0; k < list.length; k++) mark[list[k] ?? 0] = 1;
      return mark;
    };
    // The products of the rarest term, in title order, then only those that have the other terms
    // too (a key only ever meets keys: they alone have capitals).
    const rarest = reach.reduce((a, b) => (b.titles < a.titles ? b : a));
    if (rarest.titles === 0) return [];
    let places: ArrayLike<number> = rarest.lists[0] ?? [];
    if (rarest.lists.length > 1) {
      // The union, in title order (the lists overlap).
      const mark = marked(rarest.lists);
      const union: number[] = [];
      for (let place = 0; place < n; place++) if (mark[place]) union.push(place);
      places = union;
    }
    const others = reach.filter((r) => r !== rarest).map((r) => marked(r.lists));
    // Per term, the products that have it as a whole word (or key), and as part of a title word.
    const whole = reach.map((r) => marked(r.exact));
    const plain = this.banglish ? reach.map((r) => marked(r.plain)) : [];
    const asTyped = withTypos ? typed.map(marked) : [];

    const start = normalizeText(text);
    // The text as keys, when every term has one (or is a number): for "begins with" on the keys.
    const keyStart = this.banglish
      ? formsOf
          .map((forms) => forms.find(isKey) ?? (isNumber(forms[0] ?? '') ? latinDigits(forms[0] ?? '') : ''))
          .join(' ')
      : '';
    const keyStartUsable = keyStart !== '' && !keyStart.split(' ').includes('');
    // How a product's titles begin with the text: 2 as whole words, 1 inside a word, 0 not at all.
    const begins = (place: number) => {
      const title = beginsWith(this.titles[place] ?? '', start);
      if (title === 'whole') return 2;
      const bn = beginsWith(this.titlesBn[place] ?? '', start);
      if (bn === 'whole') return 2;
      // The keys only as whole words: a key's start is too loose a sign of a word being typed.
      if (
        keyStartUsable &&
        (beginsWith(this.keyTitles[place] ?? '', keyStart) === 'whole' ||
          beginsWith(this.keyTitlesBn[place] ?? '', keyStart) === 'whole')
      )
        return 2;
      return title || bn ? 1 : 0;
    };
    const tiers: number[][] = [[], [], [], [], [], []];
    const before = (tier: number) => {
      let n = 0;
      for (let t = 0; t < tier; t++) n += tiers[t]?.length ?? 0;
      return n;
    };
    for (let k = 0; k < places.length; k++) {
      const place = places[k] ?? 0;
      if (!others.every((mark) => mark[place])) continue;
      if (withTypos && !asTyped.every((mark) => mark[place])) {
        // Found through a typo reading only: after every product found as typed.
        if ((tiers[5]?.length ?? 0) < limit && before(5) < limit) tiers[5]?.push(place);
        continue;
      }
      const allWhole = whole.every((mark) => mark[place]);
      // Tiers 2 to 4 come after 0 and 1: once those fill the page, skip.
      if (!allWhole && before(2) >= limit) continue;
      const how = begins(place);
      // Inside words, the title words' own letters before a key's start ("flou": "Flour" before
      // ফ্লোর's "FLOR").
      const tier = allWhole ? (how === 2 ? 0 : 1) : how ? 2 : plain.every((mark) => mark[place]) ? 3 : 4;
      const list = tiers[tier] ?? [];
      if (list.length < limit && before(tier) < limit) list.push(place);
      if ((tiers[0]?.length ?? 0) === limit) break;
    }
    return tiers
      .flat()
      .slice(0, limit)
      .map((place) => this.ids[place] ?? 0);
  }
}

// ---- the search ----------------------------------------------------------------------------------

/**
 * The ids of a page of products for a search text, most relevant first: the products having every
 * word of the text (or its Banglish key, with `banglish`). Each word that no title word (or key) is
 * or begins is read as a typo first and corrected to the one it most likely meant (fewest edits,
 * then the most used: "chiken" → "chicken", "dbur" → "dabur"); if the corrected words find nothing,
 * the words as typed are tried, then readings with one title word taken for a typo of another ("pan
 * dishwashing" → "pran dishwashing").
 */
export function searchIds(text: string, index: SearchIndex, limit = 48): number[] {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const terms = index.termsOf(words);
  const v = index.vocabularies;
  const corrected = correctTerms(terms, v);
  for (const reading of corrected ? [corrected, terms] : [terms]) {
    const typos = reading.map((term) => typoOf(term, v));
    const ids = index.find(reading, reading === terms ? text : readingText(reading), limit, typos);
    if (ids.length > 0) return ids;
  }
  // Only when those find nothing: each word read as a typo of another title word (a scan of the
  // whole vocabulary per word, so not before it is needed).
  for (const reading of otherTermReadings(corrected ?? terms, v)) {
    const ids = index.find(reading, readingText(reading), limit);
    if (ids.length > 0) return ids;
  }
  return [];
}

/**
 * The title word a Latin word known only as a Banglish key may also be a typo of ("tel": তেল, or
 * "tea"): its products are shown after those of the key (exact hits before typo corrections).
 */
function typoOf(term: Term, v: Vocabularies): string | null {
  const [word, key] = term;
  if (word === undefined || key === undefined || !v.keys?.has(key) || v.words.begins(word)) return null;
  if (keyForm(word).length < TYPO_MIN_LETTERS) return null;
  return v.words.nearest(word)?.word ?? null;
}

/** A reading's words by spaces (what a title may begin with). */
const readingText = (reading: readonly Term[]) => reading.map((t) => t[0] ?? '').join(' ');

// ---- the staff's find ----------------------------------------------------------------------------

/**
 * GET /api/product/find/{text} (the till's product box, Advance Stock, the barcode page,
 * purchases), as the server answers it and the till's offline copy must too: after an exact
 * barcode (looked up by each side in its own store), up to 30 products by the search's rule over
 * titles and attributes, English, Bangla and Banglish, titles in the order they are written.
 */
export const STAFF_FIND = {
  limit: 30,
  /** The longest text the route takes (longer is 422 on the server, nothing offline). */
  maxText: 100,
  options: { banglish: true, attributes: true, order: 'as-written' } satisfies IndexOptions,
} as const;

/** The storefront search's index options (GET /api/product/search/{text}). */
export const STOREFRONT_SEARCH = {
  limit: 48,
  options: { banglish: true, order: 'normalized' } satisfies IndexOptions,
} as const;

/** The staff's find after the barcode: ids of up to 30 products for the text (`STAFF_FIND`). */
export function findIds(text: string, index: SearchIndex): number[] {
  return searchIds(text, index, STAFF_FIND.limit);
}
