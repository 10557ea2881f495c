/** The spec's resource pagination around one page of rows (`data`, `meta`, `links`). */
export function pageAnswer<T>(opts: {
  data: T[];
  total: number;
  page: number;
  perPage: number;
  /** The URL of page n, with the list's other query parameters. */
  link: (n: number) => string;
}) {
  const { data, total, page, perPage, link } = opts;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      per_page: perPage,
      to: from ? from + data.length - 1 : null,
      total,
    },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(page - 1) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
  };
}
