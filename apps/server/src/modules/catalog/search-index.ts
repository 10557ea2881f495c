/**
 * The search's in-memory index of titles (and their Banglish keys): shared with the till's offline
 * search in the browser, so it lives in the contracts (packages/contracts/src/product-search.ts,
 * ADR 0025 and 0056).
 */
export { SearchIndex } from '@bazar/contracts/product-search';
