import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { fetchSmsList, smsListKey } from './sms-api';

/** The page number a URL asks for: a whole number from 1, else 1. */
const pageIn = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * An SMS list and one page of its numbers, paged as the back office's lists are (useAdminList):
 * the page is in the URL (`?page=3`), the previous page stays on screen while the next loads, and
 * a page past the end (numbers removed, an old link) moves to the last page. useAdminList reads
 * `pagedList` answers, whose `data` is the rows; this answer is one record with its rows inside.
 */
export function useSmsList(id: number) {
  const [search, setSearch] = useSearchParams();
  const page = pageIn(search.get('page'));
  const query = useQuery({
    queryKey: smsListKey(id, page),
    queryFn: () => fetchSmsList(id, page),
    placeholderData: keepPreviousData,
  });
  const setPage = useCallback(
    (next: number, replace = false) =>
      setSearch(
        (current) => {
          const out = new URLSearchParams(current);
          if (next > 1) out.set('page', String(next));
          else out.delete('page');
          return out;
        },
        { replace },
      ),
    [setSearch],
  );
  const lastPage = query.data?.meta.last_page;
  useEffect(() => {
    if (!query.isPlaceholderData && lastPage !== undefined && page > lastPage) setPage(lastPage, true);
  }, [lastPage, page, setPage, query.isPlaceholderData]);
  return { query, page, setPage: (next: number) => setPage(next) };
}
