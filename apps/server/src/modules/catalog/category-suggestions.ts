import { CATEGORY_PATH_SEPARATOR, type CategorySuggestion } from '@bazar/contracts/imports';
import type { CategoryRow } from './categories.repository';

/** Suggestions given for one unknown path at most. */
const MAX_SUGGESTIONS = 3;
/** How alike (0 to 1) a category must be to be suggested: below it, nothing is near. */
const NEAR_ENOUGH = 0.5;
/** A leaf's likeness counts a little less than the whole path's ("Rice" for "Food > Rice"). */
const LEAF_WEIGHT = 0.9;

/** Edit distance (insertions, deletions, substitutions) of two texts, by code point. */
function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++)
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[y.length] as number;
}

/** 1 for the same text, 0 for nothing alike: one minus the edit distance over the longer length. */
const likeness = (a: string, b: string) =>
  a === b ? 1 : 1 - editDistance(a, b) / Math.max([...a].length, [...b].length);

const join = (levels: string[]) => levels.join(` ${CATEGORY_PATH_SEPARATOR} `);

/** Every category of the shop with its path from the top (`Food > Rice`), by the titles. */
export function categoryPaths(categories: CategoryRow[]): Array<{ id: number; path: string; leaf: string }> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return categories.map((c) => {
    const levels: string[] = [];
    const seen = new Set<number>();
    for (let at: CategoryRow | undefined = c; at && !seen.has(at.id); at = byId.get(at.parent ?? -1)) {
      seen.add(at.id);
      levels.unshift(at.title);
    }
    return { id: c.id, path: join(levels), leaf: c.title };
  });
}

/**
 * The existing categories an unknown path most likely meant, nearest first, at most 3: each scored
 * by the likeness (edit distance over length, in lower case) of the whole paths, or of the last
 * levels a little less; those under one half are not suggested. Ties go to the shorter path, then
 * the alphabet.
 */
export function suggestCategories(
  levels: string[],
  existing: Array<{ id: number; path: string; leaf: string }>,
): CategorySuggestion[] {
  const path = join(levels).toLowerCase();
  const leaf = (levels.at(-1) ?? '').toLowerCase();
  return existing
    .map((c) => ({
      c,
      score: Math.max(
        likeness(path, c.path.toLowerCase()),
        LEAF_WEIGHT * likeness(leaf, c.leaf.toLowerCase()),
      ),
    }))
    .filter((s) => s.score >= NEAR_ENOUGH)
    .sort(
      (a, b) => b.score - a.score || a.c.path.length - b.c.path.length || a.c.path.localeCompare(b.c.path),
    )
    .slice(0, MAX_SUGGESTIONS)
    .map(({ c }) => ({ id: c.id, path: c.path }));
}
