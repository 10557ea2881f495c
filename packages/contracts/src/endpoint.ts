import type { z } from 'zod';
import { paginated, paginatedWithTotals } from './paging';

/**
 * One call of the API, declared once: what it takes (path parameters, query, body) and what it
 * answers. The server builds its route from the declaration (apps/server/src/lib/route.ts: the
 * same schemas check the request and shape the answer, and make /api/docs); the web app's calls are
 * typed by it (apps/web/src/lib/api.ts `call`), and the web tests' mocked answers are parsed by it
 * (apps/web/src/test/fetch-mock.ts), so a changed answer breaks a test, not a screen.
 *
 * Declarations are one record per domain, `<domain>.api.ts` beside the domain's schemas, keyed by
 * "METHOD /path" (fastify's `:name` for a path parameter); api.ts gathers them. They are files of
 * their own so that a screen importing a domain's schemas does not also load every answer's schema.
 */
export type Endpoint = {
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the call reads (an Idempotency-Key). */
  headers?: z.ZodType;
  /** A JSON body; `'form'`: a multipart form (files), read by the route itself. */
  body?: z.ZodType | 'form';
  /** The success status: 200 unless said (a resend of a made thing answers 200 with the same body). */
  status?: 200 | 201 | 202;
  /**
   * The success answer's body; `'file'`: a download (CSV, Excel, a backup), not JSON; `'redirect'`:
   * a browser sent on (a payment gateway's return).
   */
  answer: z.ZodType | 'file' | 'redirect';
  /** Refusals with a body of their own beyond the usual error answer (a 409's short lines). */
  refusals?: Partial<Record<403 | 409 | 422 | 502 | 503, z.ZodType>>;
  /** A paged list: its row and its totals over every page (listRoute, useAdminList). */
  list?: { row: z.ZodType; totals?: z.ZodType };
};

/** The API's paths all start with /api; the method is written first, as in an HTTP request line. */
export type EndpointKey = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;

export type Endpoints = Record<EndpointKey, Endpoint>;

/**
 * A paged list: one page of `row`s in `data`, `meta` (with `totals` counted over every page when
 * the list has them) and `links`, as every growing list answers.
 */
export function pagedList<Q extends z.ZodType, R extends z.ZodType>(d: {
  query: Q;
  row: R;
}): {
  query: Q;
  answer: ReturnType<typeof paginated<R>>;
  list: { row: R };
};
export function pagedList<Q extends z.ZodType, R extends z.ZodType, T extends z.ZodType>(d: {
  query: Q;
  row: R;
  totals: T;
}): {
  query: Q;
  answer: ReturnType<typeof paginatedWithTotals<R, T>>;
  list: { row: R; totals: T };
};
export function pagedList(d: { query: z.ZodType; row: z.ZodType; totals?: z.ZodType }) {
  return d.totals
    ? { query: d.query, answer: paginatedWithTotals(d.row, d.totals), list: { row: d.row, totals: d.totals } }
    : { query: d.query, answer: paginated(d.row), list: { row: d.row } };
}
