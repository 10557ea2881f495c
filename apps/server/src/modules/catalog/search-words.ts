/**
 * The search's words, typos and vocabulary: shared with the till's offline search in the browser,
 * so they live in the contracts (packages/contracts/src/product-search.ts, ADR 0025 and 0056).
 */
export {
  correctWords,
  editDistance,
  keyForm,
  normalizeText,
  otherReadings,
  searchWords,
  similarity,
  Vocabulary,
  wordsOf,
} from '@bazar/contracts/product-search';
