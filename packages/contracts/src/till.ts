import { z } from 'zod';
import { say } from './messages';
import { unitSchema } from './catalog';
import { id, wholeNumber } from './numbers';

/**
 * The till's own copy of the catalogue (issue 10): `GET /api/till/catalog?since={version}` answers
 * what changed since the version the till holds (`since=0`: everything), so the till can scan and
 * search with no server. A version is a point in the database's commit order; a product changed by a
 * transaction still running at that point may come again in the next delta (the till upserts).
 *
 * The full load (`since=0`) comes in pages by product id when `limit` is given (ADR 0060): `after`
 * is the last id the till holds (0 to begin), and the answer's `next` the `after` of the next page,
 * null after the last. Each page is read in a snapshot of its own: the till keeps the FIRST page's
 * `version`, and once the last page is stored asks the delta since it, which brings every change
 * and deletion made while it paged. Without `limit` the full load comes whole, as it always did; a
 * delta (`since` above 0) always comes whole (`after` and `limit` are not read; `next` is null).
 */
export const TILL_CATALOG_PAGE_MAX = 10_000;

export const tillCatalogQuery = z.object({
  since: wholeNumber('text', 'since', 0, Number.MAX_SAFE_INTEGER).default(0),
  after: id('text', 'id', 0).default(0),
  limit: wholeNumber('text', 'limit', 1, TILL_CATALOG_PAGE_MAX).optional(),
});

/** One product (one row per variant) as the till needs it. `stock` may be below 0. */
export const tillProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  attri: z.string(),
  // A catalogue kept by a till from before Bangla names reads as having none.
  title_bn: z.string().default(''),
  attri_bn: z.string().default(''),
  price: z.number().int(),
  offprice: z.number().int().nullable(),
  barcode: z.string(),
  plu: z.string().nullable(),
  unit: unitSchema,
  stock: z.number(),
  /**
   * A product that tracks expiry: its batches holding stock (expiry date, quantity), first-expiring
   * first, for the till to warn of an expired one (contracts' expiredTaken). Empty for the rest,
   * and from a server from before expiry dates.
   */
  batches: z.array(z.object({ expiry: z.string(), qty: z.number() })).default([]),
});
export type TillProduct = z.infer<typeof tillProduct>;

export const tillCatalog = z.object({
  version: z.number().int(),
  products: z.array(tillProduct),
  /** Products deleted since `since` (the till drops them); none in a full load. */
  deleted: z.array(z.number().int()),
  /**
   * The `after` of the full load's next page; null after its last page and for every answer that
   * is not a page. An app server from before pages (several run side by side during a deploy)
   * sends none and the whole catalogue: read as null, the till takes it as complete, which it is.
   */
  next: z.number().int().nullable().default(null),
  /**
   * On a full load's first page (`after` 0 with a `limit`): the `after` of every page that follows,
   * from the same snapshot, so the till asks for several at once. A page may then reach past the
   * next one's start (products deleted meanwhile): the till writes such a product twice, the same.
   * Empty on every other answer, and from an app server from before it.
   */
  bounds: z.array(z.number().int()).default([]),
});
export type TillCatalog = z.infer<typeof tillCatalog>;

/** A sale's, a line's or a payment's id made by the till when Save is pressed. */
export const clientIdSchema = z.uuid({ error: say('till.clientId') });

/** The number a receipt carries until the sale reaches the server: `T-{till}-{n}`. */
export const provisionalSchema = z
  .string({ error: say('till.provisionalText') })
  .regex(/^T-[A-Z0-9]{1,8}-[1-9]\d{0,8}$/, say('till.provisional'));

/** How far back a sale made offline may be dated, and how far ahead of the server's clock. */
export const SOLD_AT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const SOLD_AT_MAX_AHEAD_MS = 5 * 60 * 1000;

/** An ISO time with its offset (the browser's `toISOString()`). The bounds are checked by the server. */
export const soldAtSchema = z.iso.datetime({
  offset: true,
  error: say('till.soldAt'),
});

/** A line of a synced sale whose till price or product was not the server's when it arrived. */
export const saleDifference = z.object({
  product_id: z.number().int(),
  title: z.string(),
  attri: z.string(),
  /** The unit price the till charged (what the customer paid). */
  till_price: z.number().int(),
  /** The server's unit price at sync time; null when the product had been deleted. */
  server_price: z.number().int().nullable(),
});
export type SaleDifference = z.infer<typeof saleDifference>;
