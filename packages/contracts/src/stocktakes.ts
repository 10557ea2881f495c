import { z } from 'zod';
import { say, tooLong } from './messages';
import { dayFilter, id, QTY_MAX, twoDecimals } from './numbers';
import { clientIdSchema } from './till';
import { unitSchema } from './catalog';

/**
 * Stock that matches the shelf (issue 28): counting the shelf (stocktakes) and writing stock off
 * (or in) with a reason, each through the stock ledger.
 */

/** Why stock is written off or found by hand; the ledger's reason is `adjust:<reason>`. */
export const ADJUST_REASONS = ['damaged', 'expired', 'lost', 'own_use', 'found', 'other'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];

const note = z
  .string({ error: say('field.text', { field: say('fields.note') }) })
  .trim()
  .max(200, tooLong('note', 200))
  .default('');

/** A signed quantity, two decimals, never 0: −2 takes two out, 1.5 puts 1.5 kg in. */
const signedQuantity = z
  .number({ error: say('stocktakes.signedQty') })
  .refine((n) => Number.isFinite(n) && n !== 0 && Math.abs(n) <= QTY_MAX, say('stocktakes.signedQty'))
  .refine(twoDecimals, say('field.twoDecimals', { field: say('fields.quantity') }));

/** `POST /api/stock/adjust`: stock out (negative) or in with a reason (a note for `other`). */
export const stockAdjustBody = z
  .object({
    product_id: id('json', 'product'),
    qty: signedQuantity,
    reason: z.enum(ADJUST_REASONS, { error: say('stocktakes.reason') }),
    note,
    /** The batch written off (a product that tracks expiry); left out: the stock core chooses. */
    batch_id: id('json', 'id').optional(),
  })
  .refine((b) => b.reason !== 'other' || b.note !== '', { message: say('riders.noteNeeded'), path: ['note'] })
  .refine((b) => (b.reason === 'found') === b.qty > 0, {
    message: say('stocktakes.foundIn'),
    path: ['qty'],
  });
export type StockAdjustBody = z.input<typeof stockAdjustBody>;
export type StockAdjust = z.output<typeof stockAdjustBody>;

export const stockAdjustAnswer = z.object({
  product_id: z.number().int(),
  /** The product's quantity after it. */
  qty: z.number(),
  delta: z.number(),
});

/** `POST /api/stocktakes`: what to count; none of them: everything. */
export const stocktakeCreateBody = z
  .object({
    product_ids: z
      .array(id('json', 'product'), { error: say('stocktakes.products') })
      .min(1, say('stocktakes.products'))
      .max(5000, say('stocktakes.products'))
      .optional(),
    category_id: id('json', 'category').optional(),
    brand_id: id('json', 'brand').optional(),
  })
  .refine((b) => [b.product_ids, b.category_id, b.brand_id].filter((v) => v !== undefined).length <= 1, {
    message: say('stocktakes.oneScope'),
  });
export type StocktakeCreateBody = z.input<typeof stocktakeCreateBody>;

export const STOCKTAKE_STATES = ['open', 'approved', 'cancelled'] as const;

export const stocktakeScope = z.object({
  product_ids: z.array(z.number().int()).optional(),
  category_id: z.number().int().optional(),
  brand_id: z.number().int().optional(),
});

/** A stocktake as lists show it. */
export const stocktake = z.object({
  id: z.number().int(),
  status: z.enum(STOCKTAKE_STATES),
  scope: stocktakeScope,
  /** What the scope names (a category's or brand's name), '' for everything or a list. */
  scope_title: z.string(),
  /** Its Bangla name ('' for none); absent from older servers. */
  scope_title_bn: z.string().optional(),
  created: z.string(),
  by: z.string().nullable(),
  closed: z.string().nullable(),
  /** Products it covers, how many have a count, how many are approved. */
  lines: z.number().int(),
  counted: z.number().int(),
  approved: z.number().int(),
});
export type Stocktake = z.infer<typeof stocktake>;

/**
 * One product of a stocktake. `expected` (the books at the count's start), `difference` (counted −
 * expected) and `value` (the difference at buy price) are left out for a caller who may not approve
 * counts: counting is blind.
 */
export const stocktakeLine = z.object({
  product_id: z.number().int(),
  title: z.string(),
  title_bn: z.string(),
  attri: z.string(),
  attri_bn: z.string(),
  barcode: z.string(),
  unit: unitSchema,
  /** Every counter's counts together (null: nobody counted it yet). */
  counted: z.number().nullable(),
  /** The caller's own tally. */
  mine: z.number(),
  approved: z.boolean(),
  expected: z.number().optional(),
  difference: z.number().nullable().optional(),
  value: z.number().int().nullable().optional(),
});
export type StocktakeLine = z.infer<typeof stocktakeLine>;

/** `GET /api/stocktakes/{id}`: the count and its lines (for an approver, largest value first). */
export const stocktakeDetail = stocktake.extend({ items: z.array(stocktakeLine) });
export type StocktakeDetail = z.infer<typeof stocktakeDetail>;

/**
 * `POST /api/stocktakes/{id}/counts`: adds to the caller's tally (a scan adds 1); a negative
 * quantity corrects it (an undone scan), never below 0.
 */
export const stocktakeCountBody = z.object({
  product_id: id('json', 'product'),
  qty: signedQuantity,
  client_id: clientIdSchema.optional(),
});
export type StocktakeCountBody = z.input<typeof stocktakeCountBody>;

export const stocktakeCountAnswer = z.object({
  product_id: z.number().int(),
  mine: z.number(),
  counted: z.number(),
});

/** `POST /api/stocktakes/{id}/approve`: these lines (none: every counted line, closing the count). */
export const stocktakeApproveBody = z.object({
  product_ids: z
    .array(id('json', 'product'), { error: say('stocktakes.products') })
    .min(1, say('stocktakes.products'))
    .max(5000, say('stocktakes.products'))
    .optional(),
});

export const stocktakesQuery = z.object({ status: z.enum(STOCKTAKE_STATES).optional() });

/** `GET /api/reports/shrinkage?from=&to=`: what the shop lost (counts and write-offs) beside its sales. */
export const shrinkageQuery = z.object({ from: dayFilter('fromDate'), to: dayFilter('toDate') });

/** Ledger reasons the shrinkage report groups by: a count's difference, or a write-off's reason. */
export const SHRINK_REASONS = ['count', ...ADJUST_REASONS] as const;

export const shrinkage = z.object({
  /** Value at buy price (positive: lost; negative: found). */
  reasons: z.array(z.object({ reason: z.enum(SHRINK_REASONS), qty: z.number(), value: z.number().int() })),
  months: z.array(z.object({ month: z.string(), value: z.number().int(), sales: z.number().int() })),
  products: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      title: z.string(),
      title_bn: z.string(),
      attri: z.string(),
      attri_bn: z.string(),
      qty: z.number(),
      value: z.number().int(),
    }),
  ),
  total: z.object({ value: z.number().int(), sales: z.number().int() }),
});
export type Shrinkage = z.infer<typeof shrinkage>;
