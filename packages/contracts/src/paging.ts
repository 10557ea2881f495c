import { z } from 'zod';
import { pageNumber, wholeNumber } from './numbers';

/** Rows a growing list answers per page unless asked otherwise, and the most it answers. */
export const LIST_PAGE_DEFAULT = 50;
export const LIST_PAGE_MAX = 200;

/**
 * `page` and `per_page` of a list that grows with the shop's trading (orders, expenses, stock
 * entries, live stock, product requests, a customer's orders, SMS list items): 50 a page, at most 200.
 */
export const listPageQuery = z.object({
  page: pageNumber(),
  per_page: wholeNumber('text', 'perPage', 1, LIST_PAGE_MAX).default(LIST_PAGE_DEFAULT),
});
export type ListPageQuery = z.output<typeof listPageQuery>;

const pageMeta = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  to: z.number().int().nullable(),
  total: z.number().int(),
});

const pageLinks = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

/** The spec's resource pagination: one page of `data`, with `meta` and `links`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMeta, links: pageLinks });
}

/**
 * The spec's resource pagination with `meta.totals`: figures the server counts over the whole
 * filter (every page), which a screen shows beside the page it is on.
 */
export function paginatedWithTotals<T extends z.ZodType, S extends z.ZodType>(item: T, totals: S) {
  return z.object({ data: z.array(item), meta: pageMeta.extend({ totals }), links: pageLinks });
}

/** What a page answer's `meta` carries, as a screen's pager reads it. */
export type PageMeta = z.infer<typeof pageMeta>;

/** The orders list's cards: Σ what orders charge, Σ paid, Σ due, cancelled orders left out. */
export const orderTotals = z.object({
  /** Orders in the filter that are not cancelled. */
  orders: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
});
export type OrderTotals = z.infer<typeof orderTotals>;

/** Expenses: their sum over the whole filter. */
export const expenseTotals = z.object({ amount: z.number().int() });

/** Stock entries and live stock: what the stock cost (buy price × quantity, by the money rule). */
export const stockTotals = z.object({ invested: z.number().int() });

/**
 * One record whose inner list is paged (an SMS list and one page of its numbers): `data` is the
 * record, `meta` and `links` page its list.
 */
export function pagedRecord<T extends z.ZodType>(record: T) {
  return z.object({ data: record, meta: pageMeta, links: pageLinks });
}

/** One page of a list as the browser reads it; `Totals` when the list counts figures over all pages. */
export type Page<T, Totals = never> = {
  data: T[];
  meta: PageMeta & ([Totals] extends [never] ? unknown : { totals: Totals });
  links: z.infer<typeof pageLinks>;
};

/** The URL of page n of a list: the list's own URL for the first page, else with `page=n` added. */
export const withPage = (url: string, page: number) =>
  page > 1 ? `${url}${url.includes('?') ? '&' : '?'}page=${page}` : url;
