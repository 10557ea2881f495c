import { z } from 'zod';
import { say } from './messages';
import { id, money, quantity } from './numbers';
import { listPageQuery } from './paging';
import { batchCode, expiryDate } from './expiry';

export const stockEntry = z.object({
  id: z.number().int(),
  price: z.number().int(),
  qty: z.number(),
  /**
   * The products bought: `title` and `attri` as they were at the entry; `title_bn` and `attri_bn`
   * the product's Bangla names now ('' when it has none or is gone).
   */
  product_list: z.array(
    z.object({
      id: z.number().int().nullable(),
      title: z.string(),
      attri: z.string(),
      title_bn: z.string(),
      attri_bn: z.string(),
    }),
  ),
  created: z.string(),
});
export type StockEntry = z.infer<typeof stockEntry>;

/**
 * `POST /api/stock/add`: `qty` units bought at `price` (buy price per unit) of each listed product.
 * Each product's quantity grows by `qty` and its buy price becomes `price`.
 */
export const stockAddBody = z.object({
  price: money('json', 'buyPrice'),
  qty: quantity('json'),
  /** The expiry date and batch code of what came in: needed when a listed product tracks expiry. */
  expiry: expiryDate.optional(),
  batch: batchCode,
  items: z
    .array(
      z.object({
        id: id('json', 'product'),
        title: z.unknown().optional(),
      }),
      { error: say('stock.chooseProduct') },
    )
    .min(1, say('stock.chooseProduct'))
    .max(100),
});

/** A product of the live stock list and of the low-stock table (staff only: it has the buy price). */
export const stockProduct = z.object({
  id: z.number().int(),
  image: z.string().nullable(),
  barcode: z.string(),
  title: z.string(),
  attri: z.string(),
  /** The Bangla title and attribute ('' for none). */
  title_bn: z.string(),
  attri_bn: z.string(),
  price: z.number().int(),
  offprice: z.number().int().nullable(),
  buyprice: z.number().int(),
  qty: z.number(),
  /** Its stock is kept by expiry date (absent from servers from before expiry dates). */
  track_expiry: z.boolean().optional(),
});
export type StockProduct = z.infer<typeof stockProduct>;

/** How Live stock is sorted: by name, fewest first, or what the stock cost, most first. */
export const LIVE_STOCK_SORTS = ['title', 'qty', 'value'] as const;

/**
 * `GET /api/live-stock`: a page, of the products of a category and a brand ('' or left out: any),
 * only the low ones (`low=1`: at or below their reorder minimum, else 5 units), sorted (`sort`).
 */
export const liveStockQuery = listPageQuery.extend({
  category_id: z.union([z.literal(''), id('text', 'category')]).optional(),
  brand_id: z.union([z.literal(''), id('text', 'brand')]).optional(),
  low: z.enum(['', '1'], { error: say('stock.lowFilter') }).optional(),
  sort: z.enum(['', ...LIVE_STOCK_SORTS], { error: say('stock.sort') }).optional(),
});
export type LiveStockQuery = z.output<typeof liveStockQuery>;
