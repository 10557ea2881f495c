/** Trigrams as pg_trgm makes them: the word padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
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

/** Words of a text as the search sees them: lower case, letters and digits, at most six. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 6);
}

/**
 * Corrects each word that no title contains to the most similar word that titles do contain
 * ("chiken" → "chicken"). Returns null when a word has no close enough match (similarity < 0.4)
 * or nothing needed correcting.
 */
export function correctWords(words: string[], vocabulary: string[], threshold = 0.4): string[] | null {
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    if (vocabulary.some((v) => v.includes(word))) {
      out.push(word);
      continue;
    }
    let best: string | undefined;
    let bestScore = threshold;
    for (const v of vocabulary) {
      const score = similarity(word, v);
      if (score >= bestScore && (score > bestScore || !best)) {
        best = v;
        bestScore = score;
      }
    }
    if (!best) return null;
    out.push(best);
    changed = true;
  }
  return changed ? out : null;
}
