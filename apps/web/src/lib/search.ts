import { createContext, useContext } from 'react';

export interface SearchState {
  search: string;
  setSearch: (value: string) => void;
}

/** The text of the top bar's search box, shared with the storefront's pages. */
export const SearchContext = createContext<SearchState>({ search: '', setSearch: () => undefined });

export const useSearch = () => useContext(SearchContext);
