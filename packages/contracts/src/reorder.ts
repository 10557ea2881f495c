import { z } from 'zod';
import { batchCode, expiryDate } from './expiry';
import { say, tooLong } from './messages';
import { id, money, QTY_MAX, quantity, twoDecimals } from './numbers';
import { unitSchema } from './catalog';
import { supplierPayMethod } from './purchases';

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
  /** Still to come on open purchase orders, taken off the suggestion (absent from older servers). */
  on_order: z.number().optional(),
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

// ---- purchase orders ------------------------------------------------------------------------

export const PURCHASE_ORDER_STATES = ['draft', 'sent', 'partly_received', 'received', 'closed'] as const;
export type PurchaseOrderState = (typeof PURCHASE_ORDER_STATES)[number];

const orderLineBody = z.object({
  product_id: id('json', 'product'),
  qty: quantity('json'),
  buy_price: money('json', 'buyPrice'),
});

/** `POST /api/purchase-orders`: a draft order with a supplier (a product once). */
export const purchaseOrderBody = z.object({
  supplier_id: id('json', 'supplier'),
  lines: z
    .array(orderLineBody, { error: say('purchases.noLines') })
    .min(1, say('purchases.noLines'))
    .max(500, say('purchases.tooManyLines'))
    .refine(
      (lines) => new Set(lines.map((l) => l.product_id)).size === lines.length,
      say('reorder.productTwice'),
    ),
  note: z
    .string({ error: say('field.text', { field: say('fields.note') }) })
    .trim()
    .max(500, tooLong('note', 500))
    .default(''),
});
export type PurchaseOrderBody = z.input<typeof purchaseOrderBody>;

/** `POST /api/purchase-orders/{id}/receive`: what came (all or part), each becoming a purchase line. */
export const purchaseOrderReceiveBody = z.object({
  lines: z
    .array(orderLineBody.extend({ expiry: expiryDate.optional(), batch: batchCode }), {
      error: say('purchases.noLines'),
    })
    .min(1, say('purchases.noLines'))
    .max(500, say('purchases.tooManyLines')),
  invoice: z
    .string({ error: say('field.text', { field: say('fields.invoiceNumber') }) })
    .trim()
    .max(50, tooLong('invoiceNumber', 50))
    .default(''),
  paid: money('json', 'amountPaid').default(0),
  method: supplierPayMethod.default('cash'),
});
export type PurchaseOrderReceiveBody = z.input<typeof purchaseOrderReceiveBody>;

export const purchaseOrder = z.object({
  id: z.number().int(),
  supplier: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  status: z.enum(PURCHASE_ORDER_STATES),
  note: z.string(),
  created: z.string(),
  sent: z.string().nullable(),
  closed: z.string().nullable(),
  lines: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      title: z.string(),
      attri: z.string(),
      qty: z.number(),
      buy_price: z.number().int(),
      received: z.number(),
    }),
  ),
  /** What the order costs at the expected buy prices. */
  total: z.number().int(),
  /** The purchases received against it. */
  purchase_ids: z.array(z.number().int()),
  /** The order as a text the owner sends the supplier by SMS or WhatsApp. */
  message: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

export const purchaseOrdersQuery = z.object({ status: z.enum(PURCHASE_ORDER_STATES).optional() });
