import { z } from 'zod';
import { qtySchema } from './catalog';

export const stockEntry = z.object({
  id: z.number().int(),
  price: z.number().int(),
  qty: z.number(),
  product_list: z.array(z.object({ id: z.number().int().nullable(), title: z.string(), attri: z.string() })),
  created: z.string(),
});
export type StockEntry = z.infer<typeof stockEntry>;

/**
 * `POST /api/stock/add`: `qty` units bought at `price` (buy price per unit) of each listed product.
 * Each product's quantity grows by `qty` and its buy price becomes `price`.
 */
/** Only numbers and numeric text count: "", null or true are a missing value, never 0 or 1. */
const numeric = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? v : undefined;

export const stockAddBody = z.object({
  price: z.preprocess(
    numeric,
    z.coerce
      .number({ error: 'The buy price field is required.' })
      .int('Whole taka only.')
      .min(0, 'The buy price must not be negative.')
      .max(100_000_000),
  ),
  qty: z.preprocess(
    numeric,
    qtySchema.refine((q) => q > 0, 'The quantity must be more than 0.'),
  ),
  items: z
    .array(
      z.object({
        id: z.coerce.number({ error: 'The product is required.' }).int().positive(),
        title: z.unknown().optional(),
      }),
      { error: 'Choose at least one product.' },
    )
    .min(1, 'Choose at least one product.')
    .max(100),
});

/** A product of the live stock list and of the low-stock table (staff only: it has the buy price). */
export const stockProduct = z.object({
  id: z.number().int(),
  image: z.string().nullable(),
  barcode: z.string(),
  title: z.string(),
  attri: z.string(),
  price: z.number().int(),
  offprice: z.number().int().nullable(),
  buyprice: z.number().int(),
  qty: z.number(),
});
export type StockProduct = z.infer<typeof stockProduct>;
