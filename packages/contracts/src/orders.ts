import { z } from 'zod';
import { required, say, tooLong } from './messages';
import { nameSchema, phoneSchema, shopLanguage } from './common';
import { orderSlot, slotChoice, slotTime } from './delivery';
import { dayFilter, id, money, quantity, wholeNumber } from './numbers';
import { listPageQuery } from './paging';
import { clientIdSchema, provisionalSchema, saleDifference, soldAtSchema } from './till';
import { unitSchema } from './catalog';
import { approvalSchema } from './approvals';

/** Order statuses as numbers, as the spec stores them; anything else displays as Complete. */
export const ORDER_STATUS = {
  processing: 0,
  collecting: 1,
  outForDelivery: 2,
  delivered: 3,
  canceled: 4,
} as const;
export const orderStatusSchema = wholeNumber('json', 'status', 0, 4);

/**
 * How money is taken or given back: cash, bKash, Nagad, card, or the customer's advance `balance`.
 * The spec's screens knew the first three (its till's `method`, Quick Pay's).
 */
export const PAYMENT_METHODS = ['cash', 'bkash', 'nagad', 'card', 'balance'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: say('orders.method') });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * Every method a stored payment may have: the staff's (above) and `sslcommerz`, money a customer
 * paid online through SSLCommerz (card or mobile banking; bKash paid online is `bkash`). Staff never
 * record an SSLCommerz payment by hand: only the gateway's confirmation writes one.
 */
export const STORED_PAYMENT_METHODS = [...PAYMENT_METHODS, 'sslcommerz'] as const;
export type StoredPaymentMethod = (typeof STORED_PAYMENT_METHODS)[number];
export const SPEC_PAYMENT_METHODS = ['cash', 'bkash', 'nagad'] as const;

/** The transaction id a customer shows for bKash, Nagad or a card: up to 20 letters and digits. */
export const referenceSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: say('orders.referenceText') })
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, say('orders.reference'))
    .nullable()
    .optional(),
);

/** One payment of a till sale. Cash may be more than what is owed: the change comes back. */
export const tillPayment = z.object({
  method: paymentMethodSchema,
  amount: money('json', 'amount', 1),
  reference: referenceSchema,
  /** The till's id of this payment (a sale synced from the till). */
  client_id: clientIdSchema.optional(),
});
export type TillPayment = z.infer<typeof tillPayment>;

export const orderLineInput = z.object({
  product_id: id('json', 'product'),
  attri: z.string().max(200).optional().nullable(),
  quantity: quantity('json'),
  // Whatever price the client sends is ignored: the server prices every line.
  price: z.unknown().optional(),
});

/** A till line: a synced sale's lines carry the till's id, and its title for a product deleted meanwhile. */
export const tillLineInput = orderLineInput.extend({
  title: z.string().trim().max(300).optional().nullable(),
  client_id: clientIdSchema.optional(),
  /**
   * The cashier changed this line's price at the till: `price` (whole taka) is what the customer
   * pays, online too. Needs a manager's approval (kind `price`) unless the cashier may approve.
   */
  price_changed: z.boolean({ error: say('orders.priceChanged') }).optional(),
  /**
   * The product's unit as the till knew it: kept on the line only for a product deleted on the
   * server before the sale synced (otherwise the product's own unit is stored).
   */
  unit: unitSchema.optional(),
  /**
   * The price-embedded scale label this line was scanned from (13 digits): the line then costs the
   * label's price exactly, and `quantity` (worked out from it) is what leaves the stock (ADR 0061).
   */
  label: z
    .string()
    .regex(/^\d{13}$/, say('orders.labelCode'))
    .optional(),
});

/** The till's unit price of a line sold offline. */
const TILL_PRICE = money('json', 'price');

/** The storefront's order body; totals the client sends are ignored. */
export const placeOrderBody = z.object({
  name: nameSchema,
  phone: phoneSchema,
  address: z
    .string({ error: required('address') })
    .trim()
    .min(1, required('address'))
    .max(500),
  area: z
    .string({ error: required('area') })
    .trim()
    .min(1, required('area'))
    .max(100),
  note: z.string().trim().max(1000).optional().nullable(),
  carts: z
    .array(orderLineInput, { error: say('orders.cartRequired') })
    .min(1, say('orders.cartEmpty'))
    .max(100, say('orders.cartTooLong')),
  /** The language the storefront is in: becomes the customer's language (confirmation SMS, invoices). */
  lang: shopLanguage.optional(),
  /** The delivery slot booked (GET /api/delivery-slots); required when the shop has slots. */
  slot: slotChoice.nullish(),
  /**
   * How the customer means to pay (cash on delivery unless said): only remembered by the screen. The
   * order is placed the same way (unpaid); an online payment follows with `POST /api/order/{id}/pay-online`.
   */
  payment: z.enum(['cod', 'bkash', 'sslcommerz'], { error: say('orders.payment') }).optional(),
});

/**
 * A till order (the Point of sale, `terminal: 1`, admins only). Lines are priced by
 * the server like online orders; the till sets shipping, discount and the amount paid now. The
 * customer fields may stay empty for a walk-in customer. subtotal and due the client sends are ignored.
 */
export const tillOrderBody = z
  .object({
    terminal: z.literal(1),
    name: z.string().trim().max(100).default(''),
    phone: z.union([z.literal(''), phoneSchema]).default(''),
    address: z.string().trim().max(500).default(''),
    area: z.string().trim().max(100).default(''),
    note: z.string().trim().max(1000).optional().nullable(),
    ship: money('json', 'shippingCost').default(0),
    discount: money('json', 'discount').default(0),
    paid: money('json', 'amountPaid').default(0),
    method: z.enum(SPEC_PAYMENT_METHODS, { error: say('orders.tillMethod') }).default('cash'),
    reference: referenceSchema,
    /**
     * Several payments at once (cash, bKash, Nagad, card, the customer's advance). With them, `paid`
     * and `method` are not used; cash above what is owed is given back as change.
     */
    payments: z.array(tillPayment).min(1, say('orders.paymentsEmpty')).max(10).optional(),
    carts: z
      .array(tillLineInput, { error: say('orders.cartRequired') })
      .min(1, say('orders.cartEmpty'))
      .max(100, say('orders.cartTooLong')),
    /**
     * The till's id of the sale (issue 10): a sale sent again with the same id answers 200 with the
     * order already stored, unchanged.
     */
    client_id: clientIdSchema.optional(),
    /** When the sale was made (a sale synced after an outage); at most 7 days back. */
    sold_at: soldAtSchema.optional(),
    /** The receipt's number before the sale reached the server. */
    provisional: provisionalSchema.optional(),
    /**
     * Made while the till could not reach the server: the lines keep the till's prices (the customer
     * paid them), a product deleted meanwhile is still sold, and an advance that is no longer there
     * leaves the shortfall due. Needs `client_id`.
     */
    offline: z.boolean({ error: say('orders.offlineFlag') }).default(false),
    /** A manager's consent: a discount above the cashier's limit, a price changed at the till. */
    approval: approvalSchema.optional(),
    /** Made offline: the cashier the till had switched to (their PIN checked by the till). */
    staff_id: id('json', 'staff').optional(),
    /** Made offline: the manager whose PIN the till checked for this sale's approval. */
    approved_by: id('json', 'staff').optional(),
  })
  .superRefine((body, ctx) => {
    body.carts.forEach((line, i) => {
      if (line.price_changed && !TILL_PRICE.safeParse(line.price).success) {
        ctx.addIssue({ code: 'custom', path: ['carts', i, 'price'], message: say('orders.offlinePrice') });
      }
    });
    if (!body.offline) {
      for (const field of ['staff_id', 'approved_by'] as const) {
        if (body[field] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: say('approval.offlineOnly') });
        }
      }
      return;
    }
    if (!body.client_id) {
      ctx.addIssue({ code: 'custom', path: ['client_id'], message: say('orders.offlineClientId') });
    }
    body.carts.forEach((line, i) => {
      if (!TILL_PRICE.safeParse(line.price).success) {
        ctx.addIssue({
          code: 'custom',
          path: ['carts', i, 'price'],
          message: say('orders.offlinePrice'),
        });
      }
    });
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
    error: say('orders.terminal'),
  }),
);

/**
 * The name a till sale without a customer is saved under (the orders list's Name column); screens
 * write it in their language (it is the shop's word, not a person's name).
 */
export const WALK_IN_NAME = 'Walk-in customer';

export const orderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product: z.object({ title: z.string(), price: z.number().int() }),
  title: z.string(),
  attri: z.string(),
  /** The product's Bangla title and attribute when it was sold ('' when it had none). */
  title_bn: z.string(),
  attri_bn: z.string(),
  price: z.number().int(),
  quantity: z.number(),
  /**
   * The product's unit when it was sold: `1.5` of a `kg` line is 1.5 kg. An answer kept from before
   * lines had it (a till's stored sale) reads as pieces.
   */
  unit: unitSchema.default('pcs'),
  /** A price label's price in poisha: the line's amount exactly; null for every other line. */
  label_poisha: z.number().int().nullable().default(null),
  total: z.number().int(),
  /** How much of this line came back (returns), at most `quantity`. */
  returned: z.number(),
});

/** A payment of an order (negative: money given back), who took it and when. */
export const orderPayment = z.object({
  id: z.number().int(),
  method: z.enum(STORED_PAYMENT_METHODS),
  amount: z.number().int(),
  reference: z.string().nullable(),
  /** Cash handed over: the change was tendered − amount. */
  tendered: z.number().int().nullable(),
  created: z.string(),
  by: z.string().nullable(),
  return_id: z.number().int().nullable(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/** Goods brought back against the order. */
export const orderReturn = z.object({
  id: z.number().int(),
  value: z.number().int(),
  reason: z.string(),
  created: z.string(),
  by: z.string().nullable(),
  lines: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      title: z.string(),
      attri: z.string(),
      price: z.number().int(),
      quantity: z.number(),
    }),
  ),
});
export type OrderReturn = z.infer<typeof orderReturn>;

/** The rider an order is assigned to. */
export const orderRider = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export type OrderRider = z.infer<typeof orderRider>;

/**
 * An order. `subtotal` is its lines' total after returns (`returned` is what the returns took
 * back), so `due = subtotal + ship − discount − paid` always holds; `paid` counts refunds off.
 */
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
  returned: z.number().int(),
  payments: z.array(orderPayment),
  returns: z.array(orderReturn),
  /** The staff member who rang up a till sale. */
  cashier: z.string().nullable(),
  shift_id: z.number().int().nullable(),
  /** The till's id of a synced sale, and its receipt's number before it reached the server. */
  client_id: z.string().nullable(),
  provisional: z.string().nullable(),
  /** Lines of a sale made offline whose price or product differed from the server's at sync. */
  differences: z.array(saleDifference).nullable(),
  /** In the answer to a till sale only: the cash to give back. */
  change: z.number().int().optional(),
  /**
   * The language of the order's customer (their stored one), which its invoice and receipt print
   * in; null for a sale without a customer account (a walk-in): those print in the screen's.
   */
  lang: shopLanguage.nullable(),
  /** The delivery slot booked at checkout; null when none (absent from older servers). */
  slot: orderSlot.nullable().optional(),
  /** The rider it is assigned to; null when nobody (absent from older servers). */
  rider: orderRider.nullable().optional(),
});

/**
 * One step of an order's timeline: the status it entered and when (ISO time); for a rider's step,
 * the rider's name (`by`, shown to staff and to the customer), and for a failed delivery its
 * reason (riders.ts FAIL_REASONS) and note.
 */
export const orderStatusEvent = z.object({
  status: z.number().int(),
  at: z.string(),
  by: z.string().nullable().optional(),
  failed: z.string().nullable().optional(),
  note: z.string().optional(),
});
export type OrderStatusEvent = z.infer<typeof orderStatusEvent>;

/**
 * One order as `GET /api/order/{id}` answers it: the order, and its timeline, oldest first (the
 * status it was placed in, then every change the shop made). Optional for a server from before it.
 */
export const orderWithTimeline = order.extend({ timeline: z.array(orderStatusEvent).optional() });
export type OrderWithTimeline = z.infer<typeof orderWithTimeline>;

/** 409 when lines are short: which products, and how many are left. */
export const shortLines = z.object({
  message: z.string(),
  code: z.literal('stock_short'),
  lines: z.array(
    z.object({ product_id: z.number().int(), title: z.string(), attri: z.string(), available: z.number() }),
  ),
});

/** How money goes back when a paid order is cancelled: a refund by a method, or into the customer's advance. */
export const refundHow = z.object({ method: paymentMethodSchema, reference: referenceSchema });

export const payBody = z.object({
  status: orderStatusSchema,
  paid: money('json', 'amount'),
  method: paymentMethodSchema.optional(),
  reference: referenceSchema,
  /**
   * Cancelling an order that has money paid: how it goes back (the whole paid amount). Left out,
   * the money stays recorded as paid on the cancelled order, as the spec's call always did.
   */
  refund: refundHow.optional(),
  /** Cancelling a saved till sale is a void: a manager's consent, unless the caller may approve. */
  approval: approvalSchema.optional(),
});

export const payResult = z.object({
  paid: z.number().int(),
  due: z.number().int(),
  status: z.number().int(),
});

/** `GET /api/orders`: one page of the orders of a type (2 all, 1 online, 0 at the till), newest first. */
export const ordersQuery = z.object({
  type: wholeNumber('text', 'type', 0, 2).default(2),
  ...listPageQuery.shape,
});

/** `GET /api/orders/export`: the order filter's fields, every matching order (no paging). */
export const orderExportQuery = z.object({
  field: z
    .enum(['ID', 'Name', 'Phone', 'Area', 'Address', 'id', 'name', 'phone', 'area', 'address'])
    .optional(),
  value: z.string().trim().max(100).optional(),
  from: dayFilter('fromDate'),
  to: dayFilter('toDate'),
  type: wholeNumber('text', 'type', 0, 2).default(2),
  status: wholeNumber('text', 'status', 0, 2).default(0),
  /** Only the orders booked for this delivery day, and with slot_start for this slot of it. */
  slot_date: dayFilter('slotDate'),
  slot_start: slotTime('slot start').optional(),
});

/** `GET /api/order-filter`: one page of the orders matching field/value, days, type and due/paid. */
export const orderFilterQuery = orderExportQuery.extend(listPageQuery.shape);

export const smsTextBody = z.object({
  text: z
    .string({ error: required('text') })
    .trim()
    .min(1, required('text'))
    .max(1000),
});

export type Order = z.infer<typeof order>;
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/** `POST /api/order/return/{id}`: some or all of some lines back, and the money back. */
export const returnBody = z.object({
  lines: z
    .array(z.object({ product_id: id('json', 'product'), quantity: quantity('json') }), {
      error: say('orders.returnLines'),
    })
    .min(1, say('orders.returnLines'))
    .max(100),
  /** The money given back: exactly what the order was paid beyond its new total (none when nothing is). */
  refund: z
    .object({ method: paymentMethodSchema, amount: money('json', 'refund'), reference: referenceSchema })
    .optional(),
  reason: z.string().trim().max(200, tooLong('reason', 200)).default(''),
  /** A manager's consent to the return, unless the caller may approve. */
  approval: approvalSchema.optional(),
});
export type ReturnBody = z.input<typeof returnBody>;
export const returnResult = z.object({ id: z.number().int(), order });
