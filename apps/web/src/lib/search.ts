import { createContext, useContext } from 'react';

export interface SearchState {
  search: string;
  setSearch: (value: string) => void;
}

/** The text of the top bar's search box, shared with the storefront's pages. */
export const SearchContext = createContext<SearchState>({ search: '', setSearch: () => undefined });

export const useSearch = () => useContext(SearchContext);

/** Search is sent only when the text is longer than 2 characters. */
const SEARCH_MIN_LENGTH = 3;

/** The text as it is sent: trimmed; empty when too short to search. */
export function searchableText(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : '';
}

/** The address of the search page for a text. */
export const searchPath = (text: string) => `/search/${encodeURIComponent(text.trim())}`;
