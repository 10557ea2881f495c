import { z } from 'zod';
import { say } from './messages';
import { QTY_MAX, twoDecimals } from './numbers';
import { unitSchema } from './catalog';

/**
 * What to order next (issue 28): each product's minimum and target on the shelf (or none: a
 * suggestion from the last 28 days' sales and the supplier's lead time), and the suggestions
 * grouped by the supplier the shop last bought each product from.
 */

/** Days from ordering to the goods on the shelf when the supplier has none set. */
export const DEFAULT_LEAD_DAYS = 2;
/** Days of sales a suggested order covers once it arrives (when the product has no target). */
export const COVER_DAYS = 14;
/** The sales a suggestion learns from. */
export const SALES_DAYS = 28;

const level = z
  .number({ error: say('reorder.level') })
  .refine((n) => n >= 0 && n <= QTY_MAX && twoDecimals(n), say('reorder.level'))
  .nullable();

/** `POST /api/product/{id}/reorder`: the product's minimum and target (null: none, work it out). */
export const reorderLevelsBody = z
  .object({ min: level, target: level })
  .refine((b) => b.min === null || b.target === null || b.target >= b.min, {
    message: say('reorder.targetBelowMin'),
    path: ['target'],
  })
  .refine((b) => b.target === null || b.min !== null, {
    message: say('reorder.targetNeedsMin'),
    path: ['min'],
  });
export type ReorderLevelsBody = z.input<typeof reorderLevelsBody>;

export const reorderLevels = z.object({
  product_id: z.number().int(),
  min: z.number().nullable(),
  target: z.number().nullable(),
});

export const suggestion = z.object({
  product_id: z.number().int(),
  title: z.string(),
  title_bn: z.string(),
  attri: z.string(),
  attri_bn: z.string(),
  unit: unitSchema,
  qty: z.number(),
  min: z.number().nullable(),
  target: z.number().nullable(),
  /** Sold in the last 28 days (returns and cancellations taken off). */
  sold: z.number(),
  /** Why it is suggested: at or below its minimum, or running out within the lead time. */
  why: z.enum(['below_min', 'runs_out']),
  suggested: z.number(),
  /** The last buy price, and what the suggested quantity costs at it. */
  buyprice: z.number().int(),
  cost: z.number().int(),
});
export type Suggestion = z.infer<typeof suggestion>;

/** `GET /api/reorder-suggestions`: by the supplier each product was last bought from (null: never bought). */
export const reorderSuggestions = z.object({
  groups: z.array(
    z.object({
      supplier: z
        .object({ id: z.number().int(), name: z.string(), phone: z.string(), lead_days: z.number().int() })
        .nullable(),
      products: z.array(suggestion),
      cost: z.number().int(),
    }),
  ),
});
export type ReorderSuggestions = z.infer<typeof reorderSuggestions>;
