import { z } from 'zod';
import { shopLanguage } from './common';
import { orderSlot, slotChoice } from './delivery';
import { say, tooLong } from './messages';
import { calendarDay, dayFilter, id, money } from './numbers';
import { orderRider, referenceSchema } from './orders';
import { unitSchema } from './catalog';
import { clientIdSchema } from './till';

/**
 * Riders and their deliveries (issue 27). A rider is a member of staff whose role holds
 * `deliveries.ride` (the built-in Rider role); the shop assigns orders to them, they mark each one
 * picked up, delivered (with what they collected) or failed (with a reason), and a manager settles
 * the cash they bring back.
 */

/** Why a delivery failed. */
export const FAIL_REASONS = ['not_home', 'refused', 'wrong_address', 'other'] as const;
export type FailReason = (typeof FAIL_REASONS)[number];
export const failReasonSchema = z.enum(FAIL_REASONS, { error: say('riders.reason') });

/** Where an assigned order stands for its rider. */
export const DELIVERY_STATES = ['assigned', 'picked_up', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What a rider may collect at the door. */
export const RIDER_METHODS = ['cash', 'bkash', 'nagad'] as const;
export type RiderMethod = (typeof RIDER_METHODS)[number];

/** A rider as the assign menus and settlement list them. */
export const rider = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  active: z.boolean(),
  /** Cash collected and not handed over yet, every day together (0: settled). */
  cash_held: z.number().int(),
});
export type Rider = z.infer<typeof rider>;

export { orderRider, type OrderRider } from './orders';

const riderId = id('json', 'rider').nullable();

/** `POST /api/order/{id}/rider`: assign the order to a rider, another one, or (null) to nobody. */
export const riderAssignBody = z.object({ rider_id: riderId });

/** `POST /api/deliveries/assign`: many orders to one rider (or to nobody) at once. */
export const deliveriesAssignBody = z.object({
  order_ids: z
    .array(id('json', 'order'), { error: say('riders.orderIds') })
    .min(1, say('riders.orderIds'))
    .max(200, say('riders.orderIds'))
    .transform((ids) => [...new Set(ids)]),
  rider_id: riderId,
});

export const assignAnswer = z.object({
  order_ids: z.array(z.number().int()),
  rider: orderRider.nullable(),
});

/** One amount collected at the door: bKash and Nagad carry their TrxID. */
export const collectedPayment = z
  .object({
    method: z.enum(RIDER_METHODS, { error: say('riders.method') }),
    amount: money('json', 'amount', 1),
    reference: referenceSchema,
  })
  .refine((p) => p.method === 'cash' || !!p.reference, {
    message: say('riders.referenceNeeded'),
    path: ['reference'],
  });
export type CollectedPayment = z.output<typeof collectedPayment>;

/** `POST /api/rider/deliveries/{id}/delivered`: what was collected (none: nothing to collect). */
export const deliveredBody = z.object({
  payments: z.array(collectedPayment, { error: say('riders.payments') }).max(3, say('riders.payments')),
  /** The phone's id of this step: sent again, it is found made (one step however often it arrives). */
  client_id: clientIdSchema.optional(),
});
export type DeliveredBody = z.input<typeof deliveredBody>;

/** `POST /api/rider/deliveries/{id}/failed`: why, a note (needed for `other`), maybe a new slot. */
export const failedBody = z
  .object({
    reason: failReasonSchema,
    note: z
      .string({ error: say('field.text', { field: say('fields.note') }) })
      .trim()
      .max(200, tooLong('note', 200))
      .default(''),
    slot: slotChoice.nullable().optional(),
    /** The phone's id of this step (as for delivered). */
    client_id: clientIdSchema.optional(),
  })
  .refine((b) => b.reason !== 'other' || b.note !== '', {
    message: say('riders.noteNeeded'),
    path: ['note'],
  });
export type FailedBody = z.input<typeof failedBody>;

/** One line to hand over. */
export const deliveryLine = z.object({
  product_id: z.number().int().nullable(),
  title: z.string(),
  title_bn: z.string(),
  attri: z.string(),
  attri_bn: z.string(),
  quantity: z.number(),
  unit: unitSchema,
});

export const collected = z.object({
  method: z.string(),
  amount: z.number().int(),
  reference: z.string().nullable(),
});

/** One delivery on the rider's screen (`GET /api/rider/deliveries`). */
export const riderDelivery = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  area: z.string(),
  note: z.string(),
  slot: orderSlot.nullable(),
  lines: z.array(deliveryLine),
  /** What the order charges (lines after returns + delivery − discount). */
  total: z.number().int(),
  paid: z.number().int(),
  /** What to collect at the door (0: paid, "nothing to collect"). */
  due: z.number().int(),
  status: z.number().int(),
  state: z.enum(DELIVERY_STATES),
  /** The last failure's reason and note, when `failed`. */
  reason: failReasonSchema.nullable(),
  reason_note: z.string(),
  /** What this rider collected for it. */
  collected: z.array(collected),
  /** The customer's language (null: no account). */
  lang: shopLanguage.nullable(),
});
export type RiderDelivery = z.infer<typeof riderDelivery>;

/** `GET /api/riders/{id}/settlement?date=`: a rider's day, and the cash still with them. */
export const settlementQuery = z.object({ date: dayFilter('date') });

export const settlementOrder = z.object({
  id: z.number().int(),
  name: z.string(),
  area: z.string(),
  total: z.number().int(),
  status: z.number().int(),
  collected: z.array(collected),
  reason: failReasonSchema.nullable(),
  reason_note: z.string(),
});

export const handover = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  /** What the rider should have handed over then (cash held). */
  expected: z.number().int(),
  note: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});

export const settlement = z.object({
  rider: orderRider,
  date: z.string(),
  delivered: z.array(settlementOrder),
  failed: z.array(settlementOrder),
  /** Assigned and not delivered or failed yet. */
  open: z.array(settlementOrder),
  /** What was collected that day, by method. */
  collected: z.object({ cash: z.number().int(), bkash: z.number().int(), nagad: z.number().int() }),
  /** Cash the rider held from earlier days when the day began (a difference not settled yet). */
  held_before: z.number().int(),
  /** That day's handovers. */
  handovers: z.array(handover),
  /** Cash still with the rider now, every day together: what the next handover should be. */
  cash_held: z.number().int(),
});
export type Settlement = z.infer<typeof settlement>;

/** `POST /api/riders/{id}/settlement`: the cash the rider handed over (0 allowed: nothing came back). */
export const settlementBody = z.object({
  date: calendarDay('date'),
  cash: money('json', 'amount', 0),
  note: z
    .string({ error: say('field.text', { field: say('fields.note') }) })
    .trim()
    .max(200, tooLong('note', 200))
    .default(''),
});

/** `GET /api/deliveries/pick-list`: a day's slot, or chosen orders. */
export const pickListQuery = z.object({
  date: dayFilter('date'),
  slot_start: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, say('delivery.slotStartTime'))
    .optional(),
  order_ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,199}$/, say('riders.orderIds'))
    .optional(),
});

export const pickProduct = z.object({
  product_id: z.number().int().nullable(),
  title: z.string(),
  title_bn: z.string(),
  attri: z.string(),
  attri_bn: z.string(),
  unit: unitSchema,
  quantity: z.number(),
  orders: z.array(z.object({ order_id: z.number().int(), quantity: z.number() })),
});

export const pickList = z.object({
  orders: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      address: z.string(),
      area: z.string(),
      note: z.string(),
      slot: orderSlot.nullable(),
      rider: orderRider.nullable(),
      lines: z.array(deliveryLine),
      total: z.number().int(),
      due: z.number().int(),
      items: z.number(),
    }),
  ),
  categories: z.array(z.object({ title: z.string(), title_bn: z.string(), products: z.array(pickProduct) })),
});
export type PickList = z.infer<typeof pickList>;

/** `POST /api/order/{id}/short`: a product the shelf is short of, and how much of it is missing. */
export const shortBody = z.object({
  product_id: id('json', 'product'),
  quantity: z.number({ error: say('riders.shortQuantity') }).positive(say('riders.shortQuantity')),
});

/** `GET /api/deliveries/summary?date=`: the dashboard's deliveries card. */
export const deliveriesSummary = z.object({
  date: z.string(),
  slots: z.array(
    z.object({
      start: z.string().nullable(),
      end: z.string().nullable(),
      waiting: z.number().int(),
      out: z.number().int(),
      delivered: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  /** Delivered that day, and how many of them before their slot ended. */
  delivered: z.number().int(),
  on_time: z.number().int(),
  failed_reasons: z.array(z.object({ reason: failReasonSchema, count: z.number().int() })),
  /** Cash with riders now, not handed over yet. */
  cash_with_riders: z.number().int(),
});
export type DeliveriesSummary = z.infer<typeof deliveriesSummary>;
