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

  constructor(words: ReadonlyArray<{ word: string; titles: number }>) {
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
   * The title word a typed word most likely meant: the fewest edits (a letter missing, extra,
   * wrong, or two swapped), then the word the most titles have; or, for what no edit within the
   * allowance reaches, the most similar by trigrams (pg_trgm's measure, at least 0.4); else null.
   * With `other`, a word other than the one typed (the typed one is a title word, but meant another).
   */
  closest(word: string, other = false): string | null {
    const max = allowedEdits(word);
    const typed = keyForm(word);
    let best: string | null = null;
    let bestEdits = max + 1;
    for (let len = typed.length - max; len <= typed.length + max; len++) {
      for (const { word: candidate, key } of this.byLength.get(len) ?? []) {
        if (other && candidate === word) continue;
        const edits = editDistance(typed, key, Math.min(max, bestEdits));
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
    if (best !== null) return best;
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

  private rankOf: Map<string, number> | undefined;
  private rank(word: string): number {
    this.rankOf ??= new Map(this.byUse.map((w, i) => [w, i]));
    return this.rankOf.get(word) ?? Number.MAX_SAFE_INTEGER;
  }
}

/**
 * The words to search for: a word some title has, or begins (part of a word, as a shopper types
 * it), stays; any other word is a typo, corrected to the title word it most likely meant
 * ("chiken" → "chicken", "dbur" → "dabur"). Null when nothing needed correcting or a word has no
 * likely meaning.
 */
export function correctWords(words: string[], vocabulary: Vocabulary): string[] | null {
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    if (vocabulary.begins(word) || /^\p{N}+$/u.test(word)) {
      out.push(word);
      continue;
    }
    const meant = vocabulary.closest(word);
    if (meant === null) return null;
    out.push(meant);
    changed = true;
  }
  return changed ? out : null;
}

/**
 * When the words together find nothing, one of them may be a typo that happens to be a title word
 * too ("pan dishwashing" for "pran dishwashing"): the texts to try, each with one word replaced by
 * the title word it most likely meant otherwise, in the order of the words.
 */
export function otherReadings(words: string[], vocabulary: Vocabulary): string[][] {
  if (words.length < 2) return [];
  const out: string[][] = [];
  words.forEach((word, i) => {
    if (/^\p{N}+$/u.test(word)) return;
    const meant = vocabulary.closest(word, true);
    if (meant !== null) out.push(words.map((w, j) => (j === i ? meant : w)));
  });
  return out;
}
