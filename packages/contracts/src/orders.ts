import { z } from 'zod';
import { nameSchema, phoneSchema } from './common';
import { qtySchema } from './catalog';

/** Order statuses as numbers, as the spec stores them; anything else displays as Complete. */
export const ORDER_STATUS = {
  processing: 0,
  collecting: 1,
  outForDelivery: 2,
  delivered: 3,
  canceled: 4,
} as const;
export const orderStatusSchema = z.coerce
  .number({ error: 'The status must be a number.' })
  .int()
  .min(0, 'Unknown status.')
  .max(4, 'Unknown status.');

export const PAYMENT_METHODS = ['cash', 'bkash', 'nagad'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const orderLineInput = z.object({
  product_id: z.coerce.number({ error: 'The product is required.' }).int().positive(),
  attri: z.string().max(200).optional().nullable(),
  quantity: qtySchema.refine((q) => q > 0, 'The quantity must be more than 0.'),
  // Whatever price the client sends is ignored: the server prices every line.
  price: z.unknown().optional(),
});

/** The storefront's order body (storefront spec §3 "Order sent"); totals the client sends are ignored. */
export const placeOrderBody = z.object({
  name: nameSchema,
  phone: phoneSchema,
  address: z
    .string({ error: 'The address field is required.' })
    .trim()
    .min(1, 'The address field is required.')
    .max(500),
  area: z
    .string({ error: 'The area field is required.' })
    .trim()
    .min(1, 'The area field is required.')
    .max(100),
  note: z.string().trim().max(1000).optional().nullable(),
  carts: z
    .array(orderLineInput, { error: 'The cart is required.' })
    .min(1, 'Your cart is empty')
    .max(100, 'At most 100 lines in one order.'),
});

const wholeTaka = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a number.` })
    .int('Whole taka only.')
    .min(0, `The ${what} must not be negative.`)
    .max(100_000_000, `The ${what} is too large.`);

/**
 * A till order (back-office spec §2 "Point of sale", `terminal: 1`, admins only). Lines are priced by
 * the server like online orders; the till sets shipping, discount and the amount paid now. The
 * customer fields may stay empty for a walk-in customer. subtotal and due the client sends are ignored.
 */
export const tillOrderBody = z.object({
  terminal: z.literal(1),
  name: z.string().trim().max(100).default(''),
  phone: z.union([z.literal(''), phoneSchema]).default(''),
  address: z.string().trim().max(500).default(''),
  area: z.string().trim().max(100).default(''),
  note: z.string().trim().max(1000).optional().nullable(),
  ship: wholeTaka('shipping cost').default(0),
  discount: wholeTaka('discount').default(0),
  paid: wholeTaka('amount paid').default(0),
  method: paymentMethodSchema.default('cash'),
  reference: z.string().trim().max(100).optional().nullable(),
  carts: placeOrderBody.shape.carts,
});

/**
 * `POST /api/order/add`: a till order when `terminal` is 1, otherwise a storefront order (whatever
 * else `terminal` held). Each kind reports its own field errors.
 */
export const orderAddBody = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? { ...v, terminal: 'terminal' in v && Number(v.terminal) === 1 ? 1 : 0 }
      : v,
  z.discriminatedUnion('terminal', [tillOrderBody, placeOrderBody.extend({ terminal: z.literal(0) })]),
);

export const orderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product: z.object({ title: z.string(), price: z.number().int() }),
  title: z.string(),
  attri: z.string(),
  price: z.number().int(),
  quantity: z.number(),
  total: z.number().int(),
});

export const order = z.object({
  id: z.number().int(),
  created: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  area: z.string(),
  subtotal: z.number().int(),
  ship: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
  status: z.number().int(),
  note: z.string(),
  type: z.boolean(),
  terminal: z.number().int(),
  carts: z.array(orderLine),
});

/** 409 when lines are short: which products, and how many are left. */
export const shortLines = z.object({
  message: z.string(),
  lines: z.array(
    z.object({ product_id: z.number().int(), title: z.string(), attri: z.string(), available: z.number() }),
  ),
});

export const payBody = z.object({
  status: orderStatusSchema,
  paid: z.coerce
    .number({ error: 'The amount must be a number.' })
    .int('Whole taka only.')
    .min(0, 'Must not be negative.'),
  method: paymentMethodSchema.optional(),
  reference: z.string().trim().max(100).optional().nullable(),
});

export const payResult = z.object({
  paid: z.number().int(),
  due: z.number().int(),
  status: z.number().int(),
});

export const ordersQuery = z.object({ type: z.coerce.number().int().min(0).max(2).default(2) });

export const orderFilterQuery = z.object({
  field: z
    .enum(['ID', 'Name', 'Phone', 'Area', 'Address', 'id', 'name', 'phone', 'area', 'address'])
    .optional(),
  value: z.string().trim().max(100).optional(),
  from: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')]).optional(),
  to: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')]).optional(),
  type: z.coerce.number().int().min(0).max(2).default(2),
  status: z.coerce.number().int().min(0).max(2).default(0),
});

export const smsTextBody = z.object({
  text: z
    .string({ error: 'The text field is required.' })
    .trim()
    .min(1, 'The text field is required.')
    .max(1000),
});

export type Order = z.infer<typeof order>;
export type PlaceOrderBody = z.input<typeof placeOrderBody>;
