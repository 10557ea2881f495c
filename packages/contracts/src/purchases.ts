import { z } from 'zod';
import { label, required, say, tooLong, type FieldName } from './messages';
import { phoneSchema } from './common';
import { calendarDay, dayFilter, id, money, quantity } from './numbers';
import { listPageQuery } from './paging';
import { batchCode, expiryDate } from './expiry';

/**
 * Suppliers and purchases (issue 13): what the shop bought from whom, at what price, and what it
 * still owes. A purchase adds its lines' quantities through the stock ledger and sets their buy
 * prices; what was not paid becomes the supplier's due, paid off like a customer's.
 */

/** How the shop pays a supplier (no customer advance here). */
export const SUPPLIER_PAY_METHODS = ['cash', 'bkash', 'nagad', 'card'] as const;
export const supplierPayMethod = z.enum(SUPPLIER_PAY_METHODS, { error: say('purchases.method') });
export type SupplierPayMethod = z.infer<typeof supplierPayMethod>;

const supplierName = z
  .string({ error: required('name') })
  .trim()
  .min(1, required('name'))
  .max(100, tooLong('name', 100));

const optionalText = (field: FieldName, max: number) =>
  z
    .string({ error: say('field.text', { field: label(field) }) })
    .trim()
    .max(max, tooLong(field, max))
    .default('');

/** A supplier's phone: empty, or a Bangladeshi mobile number. */
const supplierPhone = z.union([z.literal(''), phoneSchema]).default('');

export const supplierBody = z.object({
  name: supplierName,
  phone: supplierPhone,
  address: optionalText('address', 300),
  /** Days from ordering to the goods on the shelf (null: the shop's default); left out: as it was. */
  lead_days: z
    .number({ error: say('purchases.leadDays') })
    .int(say('purchases.leadDays'))
    .min(0, say('purchases.leadDays'))
    .max(90, say('purchases.leadDays'))
    .nullable()
    .optional(),
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
  /** Days from ordering to the shelf (null: the shop's default); absent from older servers. */
  lead_days: z.number().int().nullable().optional(),
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
  buyprice: money('json', 'buyPrice'),
  /** The pack's expiry date and batch code: needed for a product that tracks expiry, else not read. */
  expiry: expiryDate.optional(),
  batch: batchCode,
});

export const purchaseBody = z.object({
  supplier_id: id('json', 'supplier'),
  invoice: optionalText('invoiceNumber', 50),
  /** The shop day of the supplier's invoice; today when left out. */
  date: calendarDay('date').optional(),
  lines: z
    .array(purchaseLineBody, { error: required('lines') })
    .min(1, say('purchases.noLines'))
    .max(200, say('purchases.tooManyLines')),
  paid: money('json', 'amountPaid').default(0),
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
  from: dayFilter('fromDate').optional(),
  to: dayFilter('toDate').optional(),
});
