import type { AnswerOf, Api, ListKey, ParamsOf, RowOf } from '@bazar/contracts/api';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { call, type CallInput } from './api';

/** A list's filters as the URL keeps them: text, empty for "not set". */
export type Filters<F extends string> = Record<F, string>;

type Page<K extends ListKey> = AnswerOf<Api[K]>;

/** Every list's cached pages start with this key, then the endpoint, its params, filters and page. */
export const LIST_KEY = ['admin', 'list'] as const;
export const listKey = (key: ListKey) => [...LIST_KEY, key] as const;

/** The page number a URL asks for: a whole number from 1, else 1. */
const pageIn = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * One back-office list, paged by the server (an endpoint declared with `pagedList`): the page and
 * the filters live in the URL (`?page=3&from=2026-11-01`), so a reload, a shared link or Back shows
 * the same rows; the previous page stays on screen while the next one loads; a page past the end
 * (rows deleted, a narrower filter) moves to the last page there is.
 *
 * `filters` names the list's filters with the values they have when the URL does not say (those
 * are left out of the URL); `setFilters` starts again at page 1, and the same filters again ask
 * the server again (sales come in all day). `updateRow` changes a row in every cached page of the
 * list at once (a payment's answer), then reads the list again for the totals.
 */
export function useAdminList<K extends ListKey, F extends string = never>(
  key: K,
  options: {
    filters?: Filters<F>;
    params?: ParamsOf<Api[K]>;
    /** The URL's name for the page number, when a screen has two lists. */
    pageParam?: string;
    /** Whether to read at all (a list under a closed tab). */
    enabled?: boolean;
  } = {},
) {
  const { filters: defaults = {} as Filters<F>, params, pageParam = 'page', enabled = true } = options;
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const page = pageIn(search.get(pageParam));
  const names = Object.keys(defaults) as F[];
  const filters = Object.fromEntries(
    names.map((name) => [name, search.get(name) ?? defaults[name]]),
  ) as Filters<F>;
  const filterText = JSON.stringify(filters);

  const queryKey: QueryKey = useMemo(
    () => [...listKey(key), params ?? null, JSON.parse(filterText) as Filters<F>, page],
    [key, params, filterText, page],
  );
  const query = useQuery({
    queryKey,
    queryFn: () =>
      call(key, {
        params,
        query: { ...(JSON.parse(filterText) as Filters<F>), page: page > 1 ? page : undefined },
      } as unknown as CallInput<Api[K]>) as Promise<Page<K>>,
    placeholderData: keepPreviousData,
    enabled,
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
  const lastPage = query.data?.meta.last_page;
  useEffect(() => {
    if (!query.isPlaceholderData && lastPage !== undefined && page > lastPage) {
      go({ page: lastPage, filters: JSON.parse(filterText) as Filters<F> }, true);
    }
  }, [lastPage, page, go, filterText, query.isPlaceholderData]);

  const setPage = (next: number) => go({ page: next, filters });
  const setFilters = (next: Filters<F>) => {
    if (JSON.stringify(next) === filterText && page === 1) void query.refetch();
    else go({ page: 1, filters: next });
  };

  /** Every cached page of this list (all filters and pages), to change rows in place. */
  const updateRows = (change: (rows: Array<RowOf<Api[K]>>) => Array<RowOf<Api[K]>>) => {
    for (const [cached, data] of queryClient.getQueriesData<Page<K>>({ queryKey: listKey(key) })) {
      if (data) {
        const rows = (data as unknown as { data: Array<RowOf<Api[K]>> }).data;
        queryClient.setQueryData(cached, { ...data, data: change(rows) });
      }
    }
    // The totals are counted over the whole filter by the server: read them again.
    void queryClient.invalidateQueries({ queryKey: listKey(key) });
  };

  return {
    query,
    page,
    setPage,
    filters,
    setFilters,
    /** Every row of the current page, or none while the first page loads. */
    rows: ((query.data as { data?: Array<RowOf<Api[K]>> } | undefined)?.data ?? []) as Array<RowOf<Api[K]>>,
    /** Changes the row with this id (a payment's, a return's answer) in every cached page. */
    updateRow: (id: number, change: (row: RowOf<Api[K]>) => RowOf<Api[K]>) =>
      updateRows((rows) => rows.map((row) => ((row as { id?: number }).id === id ? change(row) : row))),
    /** Takes the row with this id out of every cached page (deleted). */
    removeRow: (id: number) => updateRows((rows) => rows.filter((row) => (row as { id?: number }).id !== id)),
    /** Reads the list again (after an add). */
    refresh: () => queryClient.invalidateQueries({ queryKey: listKey(key) }),
  };
}

export type AdminList<K extends ListKey, F extends string = never> = ReturnType<typeof useAdminList<K, F>>;
