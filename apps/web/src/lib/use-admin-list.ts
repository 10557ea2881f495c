import type { AnswerOf, Api, ApiKey, ListKey, ParamsOf, RowOf } from '@bazar/contracts/api';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { call, type CallInput } from './api';

/** A list's filters as the URL keeps them: text, empty for "not set". */
export type Filters<F extends string> = Record<F, string>;

/** The calls whose answer is paged (`meta.last_page`): a list, or one record with a paged list inside. */
export type PagedKey = {
  [K in ApiKey]: AnswerOf<Api[K]> extends { meta: { last_page: number } } ? K : never;
}[ApiKey];

/** Every paged read's cached pages start with this key, then the endpoint, its params, filters and page. */
const LIST_KEY = ['admin', 'list'] as const;

export const listKey = (key: PagedKey, params?: object) =>
  params === undefined ? ([...LIST_KEY, key] as const) : ([...LIST_KEY, key, params] as const);

/** The page number a URL asks for: a whole number from 1, else 1. */
const pageIn = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

export type PagedOptions<K extends PagedKey, F extends string> = {
  /** The list's filters, with the values they have when the URL does not say (left out of the URL). */
  filters?: Filters<F>;
  params?: ParamsOf<Api[K]>;
  /** The URL's name for the page number, when a screen has two lists. */
  pageParam?: string;
  /** Whether to read at all (a list under a closed tab). */
  enabled?: boolean;
  /** How long a page read stays fresh; 0 reads it again at every visit (figures that move all day). */
  staleTime?: number;
};

/**
 * One paged read of the back office (a `pagedList`, or a record with a paged list inside): the page
 * and the filters live in the URL (`?page=3&from=2026-11-01`), so a reload, a shared link or Back
 * shows the same rows; the previous page stays on screen while the next one loads; a page past the
 * end (rows deleted, a narrower filter, an old link) moves to the last page there is.
 *
 * `setFilters` starts again at page 1, and the same filters again ask the server again (sales come
 * in all day).
 */
export function usePaged<K extends PagedKey, F extends string = never>(
  key: K,
  options: PagedOptions<K, F> = {},
) {
  const { filters: defaults = {} as Filters<F>, params, pageParam = 'page', enabled = true } = options;
  const [search, setSearch] = useSearchParams();
  const page = pageIn(search.get(pageParam));
  const names = Object.keys(defaults) as F[];
  const filters = Object.fromEntries(
    names.map((name) => [name, search.get(name) ?? defaults[name]]),
  ) as Filters<F>;
  const filterText = JSON.stringify(filters);

  const queryKey: QueryKey = useMemo(
    () => [...listKey(key, params ?? {}), JSON.parse(filterText) as Filters<F>, page],
    [key, params, filterText, page],
  );
  const query = useQuery({
    queryKey,
    queryFn: () =>
      call(key, {
        params,
        query: { ...(JSON.parse(filterText) as Filters<F>), page: page > 1 ? page : undefined },
      } as unknown as CallInput<Api[K]>) as Promise<AnswerOf<Api[K]>>,
    placeholderData: keepPreviousData,
    enabled,
    ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
  });

  /** Writes page and filters into the URL; the rest of the URL (a view, a tab) stays. */
  const go = useCallback(
    (next: { page: number; filters: Filters<F> }, replace = false) =>
      setSearch(
        (current) => {
          const out = new URLSearchParams(current);
          for (const name of names) {
            const value = next.filters[name];
            if (value === defaults[name]) out.delete(name);
            else out.set(name, value);
          }
          if (next.page > 1) out.set(pageParam, String(next.page));
          else out.delete(pageParam);
          return out;
        },
        { replace },
      ),
    // `names` and `defaults` are the caller's constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearch, pageParam],
  );

  // A page past the end shows the last page (rows were deleted, or the link is old).
  const lastPage = (query.data as { meta?: { last_page: number } } | undefined)?.meta?.last_page;
  useEffect(() => {
    if (!query.isPlaceholderData && lastPage !== undefined && page > lastPage) {
      go({ page: lastPage, filters: JSON.parse(filterText) as Filters<F> }, true);
    }
  }, [lastPage, page, go, filterText, query.isPlaceholderData]);

  return {
    query,
    page,
    setPage: (next: number) => go({ page: next, filters }),
    filters,
    setFilters: (next: Filters<F>) => {
      if (JSON.stringify(next) === filterText && page === 1) void query.refetch();
      else go({ page: 1, filters: next });
    },
  };
}

/**
 * One back-office list (an endpoint declared with `pagedList`), paged as `usePaged` says, with its
 * rows: `updateRow(id, change)` changes a row in every cached page of the list at once (a payment's
 * answer), `removeRow(id)` takes one out (deleted), then the list is read again for its totals,
 * which the server counts over the whole filter; `refresh()` reads it again (after an add).
 */
export function useAdminList<K extends ListKey, F extends string = never>(
  key: K,
  options: PagedOptions<K, F> = {},
) {
  const paged = usePaged<K, F>(key, options);
  const queryClient = useQueryClient();
  type Row = RowOf<Api[K]>;
  type Page = { data: Row[] };

  const updateRows = (change: (rows: Row[]) => Row[]) => {
    for (const [cached, data] of queryClient.getQueriesData<Page>({ queryKey: listKey(key) })) {
      if (data) queryClient.setQueryData(cached, { ...data, data: change(data.data) });
    }
    void queryClient.invalidateQueries({ queryKey: listKey(key) });
  };

  return {
    ...paged,
    /** Every row of the current page, or none while the first page loads. */
    rows: ((paged.query.data as Page | undefined)?.data ?? []) as Row[],
    updateRow: (id: number, change: (row: Row) => Row) =>
      updateRows((rows) => rows.map((row) => ((row as { id?: number }).id === id ? change(row) : row))),
    removeRow: (id: number) => updateRows((rows) => rows.filter((row) => (row as { id?: number }).id !== id)),
    refresh: () => queryClient.invalidateQueries({ queryKey: listKey(key) }),
  };
}
