import { z } from 'zod';
import { phoneSchema } from './common';
import { calendarDay, dayFilter, id, money, quantity } from './numbers';
import { listPageQuery } from './paging';

/**
 * Suppliers and purchases (issue 13): what the shop bought from whom, at what price, and what it
 * still owes. A purchase adds its lines' quantities through the stock ledger and sets their buy
 * prices; what was not paid becomes the supplier's due, paid off like a customer's.
 */

/** How the shop pays a supplier (no customer advance here). */
export const SUPPLIER_PAY_METHODS = ['cash', 'bkash', 'nagad', 'card'] as const;
export const supplierPayMethod = z.enum(SUPPLIER_PAY_METHODS, {
  error: 'The method must be cash, bkash, nagad or card.',
});
export type SupplierPayMethod = z.infer<typeof supplierPayMethod>;

const supplierName = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(100, 'The name may not be greater than 100 characters.');

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be text.` })
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .default('');

/** A supplier's phone: empty, or a Bangladeshi mobile number. */
const supplierPhone = z.union([z.literal(''), phoneSchema]).default('');

export const supplierBody = z.object({
  name: supplierName,
  phone: supplierPhone,
  address: optionalText('address', 300),
});
export type SupplierInput = z.input<typeof supplierBody>;

export const supplier = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  /** What the shop still owes this supplier, in whole taka. */
  due: z.number().int(),
  purchases: z.number().int(),
  created: z.string(),
});
export type Supplier = z.infer<typeof supplier>;

export const supplierPayBody = z.object({
  amount: money('json', 'amount', 1),
  method: supplierPayMethod.default('cash'),
});
export type SupplierPayInput = z.input<typeof supplierPayBody>;

export const purchaseLineBody = z.object({
  product_id: id('json', 'product'),
  quantity: quantity('json'),
  buyprice: money('json', 'buy price'),
});

export const purchaseBody = z.object({
  supplier_id: id('json', 'supplier'),
  invoice: optionalText('invoice number', 50),
  /** The shop day of the supplier's invoice; today when left out. */
  date: calendarDay('date').optional(),
  lines: z
    .array(purchaseLineBody, { error: 'The lines field is required.' })
    .min(1, 'A purchase needs at least one line.')
    .max(200, 'A purchase may not have more than 200 lines.'),
  paid: money('json', 'amount paid').default(0),
  method: supplierPayMethod.default('cash'),
  note: optionalText('note', 500),
});
export type PurchaseInput = z.input<typeof purchaseBody>;

export const purchaseLine = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  title: z.string(),
  attri: z.string(),
  title_bn: z.string(),
  attri_bn: z.string(),
  quantity: z.number(),
  buyprice: z.number().int(),
  total: z.number().int(),
});

export const purchase = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  supplier: z.string(),
  invoice: z.string(),
  date: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  /** What this purchase left unpaid when it was saved. */
  due: z.number().int(),
  note: z.string(),
  created: z.string(),
  lines: z.array(purchaseLine),
});
export type Purchase = z.infer<typeof purchase>;

export const purchaseTotals = z.object({
  purchases: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
});

export const purchaseQuery = listPageQuery.extend({
  supplier_id: z
    .union([z.literal(''), id('text', 'supplier')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  from: dayFilter('from date').optional(),
  to: dayFilter('to date').optional(),
});
