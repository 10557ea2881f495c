import { z } from 'zod';
import { say } from './messages';
import { isCalendarDay, wholeNumber } from './numbers';
import { unitSchema } from './catalog';
import { errorSchema } from './common';

/**
 * Expiry dates (issue 28). A product that tracks expiry keeps its stock per batch (an expiry date
 * and the code printed on the pack, if any): purchases and stock entries say which batch came in;
 * sales take the stock with no date first (from before the product tracked expiry, or found), then
 * the batches first-expiring-first; a return goes back to the batches its order took. "Expiring
 * soon" lists the batches that expire within the shop's number of days (Setting), and a till sale
 * that would take an expired batch needs a manager (or is refused, a setting).
 */

/** A pack's expiry date: a calendar day, YYYY-MM-DD. */
export const expiryDate = z.string({ error: say('expiry.date') }).refine(isCalendarDay, say('expiry.date'));

/** The batch code printed on the pack ('' for none). */
export const batchCode = z
  .string({ error: say('expiry.batchCode') })
  .trim()
  .max(40, say('expiry.batchCode'))
  .default('');

/** What a till sale would do to a product that tracks expiry, judged by the till and the server alike. */
export type BatchStock = {
  /** The product's quantity (may be below 0). */
  stock: number;
  /** Its batches holding stock: expiry date and quantity. */
  batches: ReadonlyArray<{ expiry: string; qty: number }>;
};

/**
 * How much of selling `qty` would come from batches expired before `today` (a calendar day), and
 * the earliest such date: stock with no date goes first, then the batches first-expiring-first
 * (the stock core's order). Null when none of it is expired. Hundredths, so 0.1 + 0.2 is exact.
 */
export function expiredTaken(
  p: BatchStock,
  qty: number,
  today: string,
): { qty: number; expiry: string } | null {
  const h = (n: number) => Math.round(n * 100);
  const batches = [...p.batches].filter((b) => b.qty > 0).sort((a, b) => a.expiry.localeCompare(b.expiry));
  const dated = batches.reduce((sum, b) => sum + h(b.qty), 0);
  let need = h(qty) - Math.max(0, h(p.stock) - dated);
  let expired = 0;
  let first: string | null = null;
  for (const b of batches) {
    if (need <= 0) break;
    const take = Math.min(need, h(b.qty));
    if (b.expiry < today) {
      expired += take;
      first ??= b.expiry;
    }
    need -= take;
  }
  return first === null ? null : { qty: expired / 100, expiry: first };
}

/** `POST /api/product/{id}/expiry`: whether the product tracks expiry (off forgets its batches). */
export const trackExpiryBody = z.object({ track: z.boolean({ error: say('expiry.track') }) });
export const trackExpiryAnswer = z.object({ product_id: z.number().int(), track_expiry: z.boolean() });

/** A batch as the back office shows it. */
export const batch = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  expiry: z.string(),
  code: z.string(),
  qty: z.number(),
  /**
   * What it is worth at the product's buy price (× quantity, whole taka rounded down), as Live stock
   * values the stock; absent for staff who may not see buy prices.
   */
  value: z.number().int().optional(),
  /** Expired before today (the shop's day). */
  expired: z.boolean(),
  /** Days from today to its expiry (negative: expired that many days ago). */
  days_left: z.number().int(),
});
export type Batch = z.infer<typeof batch>;

/** `GET /api/product/{id}/batches`: a product's batches holding stock, and what has no date. */
export const productBatches = z.object({
  product_id: z.number().int(),
  track_expiry: z.boolean(),
  qty: z.number(),
  /** Stock with no expiry date (the quantity less every batch's; 0 when below). */
  undated: z.number(),
  batches: z.array(batch),
});
export type ProductBatches = z.infer<typeof productBatches>;

/** `GET /api/stock/expiring`: batches expiring within `days` (the shop's setting when left out). */
export const expiringQuery = z.object({ days: wholeNumber('text', 'days', 1, 90).optional() });

export const expiringBatch = batch.extend({
  title: z.string(),
  attri: z.string(),
  title_bn: z.string(),
  attri_bn: z.string(),
  unit: unitSchema,
  price: z.number().int(),
  offprice: z.number().int().nullable(),
});
export type ExpiringBatch = z.infer<typeof expiringBatch>;

export const expiring = z.object({
  days: z.number().int(),
  /** The shop's day the list was made on. */
  today: z.string(),
  /** What the listed batches cost, and of it what has expired already (absent as `value` is). */
  value: z.number().int().optional(),
  expired_value: z.number().int().optional(),
  /** Expired first, then by expiry date. */
  batches: z.array(expiringBatch),
});
export type Expiring = z.infer<typeof expiring>;

/** `POST /api/stock/batches/{id}/offer`: the batch's product on offer at `percent` off its price. */
export const batchOfferBody = z
  .object({
    percent: z
      .number({ error: say('expiry.percent') })
      .int(say('expiry.percent'))
      .min(1, say('expiry.percent'))
      .max(90, say('expiry.percent'))
      .default(20),
  })
  .nullish();
export const batchOfferAnswer = z.object({
  product_id: z.number().int(),
  price: z.number().int(),
  offprice: z.number().int(),
});

/** 409 of a till sale that would take an expired batch when the shop never sells one (Setting). */
export const expiredStockRefusal = errorSchema.extend({
  code: z.literal('expired_stock'),
  product_id: z.number().int(),
  title: z.string(),
  qty: z.number(),
  expiry: z.string(),
});
