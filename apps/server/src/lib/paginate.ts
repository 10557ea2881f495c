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

/**
 * The link of page n of `path` with the list's other query parameters (empty ones left out) and
 * `per_page`, as the spec's `links` carry them.
 */
export function pageLinks(
  path: string,
  query: Record<string, string | number | undefined | null>,
  perPage: number,
): (n: number) => string {
  const rest = Object.entries(query).filter(
    (entry): entry is [string, string | number] =>
      entry[0] !== 'page' &&
      entry[0] !== 'per_page' &&
      entry[1] !== undefined &&
      entry[1] !== null &&
      entry[1] !== '',
  );
  return (n) => {
    const params = new URLSearchParams(rest.map(([k, v]): [string, string] => [k, String(v)]));
    params.set('page', String(n));
    params.set('per_page', String(perPage));
    return `${path}?${params.toString()}`;
  };
}

/** LIMIT and OFFSET of a page. */
export const pageWindow = (page: number, perPage: number) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});
