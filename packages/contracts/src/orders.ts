import { z } from 'zod';
import { nameSchema, phoneSchema } from './common';
import { dayFilter, id, money, quantity, wholeNumber } from './numbers';

/** Order statuses as numbers, as the spec stores them; anything else displays as Complete. */
export const ORDER_STATUS = {
  processing: 0,
  collecting: 1,
  outForDelivery: 2,
  delivered: 3,
  canceled: 4,
} as const;
export const orderStatusSchema = wholeNumber('json', 'status', 0, 4);

export const PAYMENT_METHODS = ['cash', 'bkash', 'nagad'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const orderLineInput = z.object({
  product_id: id('json', 'product'),
  attri: z.string().max(200).optional().nullable(),
  quantity: quantity('json'),
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
  ship: money('json', 'shipping cost').default(0),
  discount: money('json', 'discount').default(0),
  paid: money('json', 'amount paid').default(0),
  method: paymentMethodSchema.default('cash'),
  reference: z.string().trim().max(100).optional().nullable(),
  carts: placeOrderBody.shape.carts,
});

/**
 * `POST /api/order/add`: a till order when `terminal` is 1 (a JSON number), a storefront order when
 * it is 0, null or left out; anything else is refused. Each kind reports its own field errors.
 */
export const orderAddBody = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v) && ('terminal' in v ? v.terminal : undefined) == null
      ? { ...v, terminal: 0 }
      : v,
  z.discriminatedUnion('terminal', [tillOrderBody, placeOrderBody.extend({ terminal: z.literal(0) })], {
    error: 'The terminal must be 1 (the till) or 0 (the storefront).',
  }),
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
  code: z.literal('stock_short'),
  lines: z.array(
    z.object({ product_id: z.number().int(), title: z.string(), attri: z.string(), available: z.number() }),
  ),
});

export const payBody = z.object({
  status: orderStatusSchema,
  paid: money('json', 'amount'),
  method: paymentMethodSchema.optional(),
  reference: z.string().trim().max(100).optional().nullable(),
});

export const payResult = z.object({
  paid: z.number().int(),
  due: z.number().int(),
  status: z.number().int(),
});

export const ordersQuery = z.object({ type: wholeNumber('text', 'type', 0, 2).default(2) });

export const orderFilterQuery = z.object({
  field: z
    .enum(['ID', 'Name', 'Phone', 'Area', 'Address', 'id', 'name', 'phone', 'area', 'address'])
    .optional(),
  value: z.string().trim().max(100).optional(),
  from: dayFilter('from date'),
  to: dayFilter('to date'),
  type: wholeNumber('text', 'type', 0, 2).default(2),
  status: wholeNumber('text', 'status', 0, 2).default(0),
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
