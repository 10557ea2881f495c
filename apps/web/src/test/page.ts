import type { Page } from '@bazar/contracts/paging';

/**
 * One page of `rows` in the spec's resource format, as the server answers a paged list (the rows
 * given are the page; `total` says how many the whole list has).
 */
export function pageOf<T, Totals = never>(
  rows: T[],
  opts: { totals?: Totals; page?: number; perPage?: number; total?: number; path?: string } = {},
): Page<T, Totals> {
  const page = opts.page ?? 1;
  const perPage = opts.perPage ?? 50;
  const total = opts.total ?? rows.length;
  const last = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length ? (page - 1) * perPage + 1 : null;
  const link = (n: number) => `${opts.path ?? '/api/list'}?page=${n}&per_page=${perPage}`;
  return {
    data: rows,
    meta: {
      current_page: page,
      from,
      last_page: last,
      per_page: perPage,
      to: from === null ? null : from + rows.length - 1,
      total,
      ...(opts.totals === undefined ? {} : { totals: opts.totals }),
    },
    links: {
      first: link(1),
      last: link(last),
      prev: page > 1 ? link(page - 1) : null,
      next: page < last ? link(page + 1) : null,
    },
  } as Page<T, Totals>;
}
