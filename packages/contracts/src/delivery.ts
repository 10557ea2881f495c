import { z } from 'zod';
import { say } from './messages';
import { calendarDay, dayFilter, wholeNumber } from './numbers';

/**
 * Delivery slots (issue 15): the owner's windows of the day (shop time), how many orders each
 * takes, how many days ahead a shopper may book and how long before its start a slot closes.
 * No slots: checkout asks for none.
 */

/** A time of day on the shop's clock, HH:MM in 24 hours. */
const SLOT_TIME_MESSAGES = {
  start: 'delivery.startTime',
  end: 'delivery.endTime',
  'slot start': 'delivery.slotStartTime',
} as const;
export const slotTime = (field: keyof typeof SLOT_TIME_MESSAGES) => {
  const message = say(SLOT_TIME_MESSAGES[field]);
  return z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);
};

export const SLOTS_MAX = 12;
export const DAYS_AHEAD_MAX = 14;
export const CUTOFF_MAX = 24 * 60;

export const slotDefinition = z
  .object({
    start: slotTime('start'),
    end: slotTime('end'),
    capacity: wholeNumber('json', 'capacity', 1, 10_000),
  })
  .refine((s) => s.start < s.end, { message: say('delivery.endBeforeStart'), path: ['end'] });
export type SlotDefinition = z.infer<typeof slotDefinition>;

/** `POST /api/delivery-slots/settings` and what its GET answers. */
export const slotSettings = z.object({
  slots: z
    .array(slotDefinition)
    .max(SLOTS_MAX, say('delivery.tooManySlots'))
    .superRefine((slots, ctx) => {
      const sorted = [...slots].sort((a, b) => a.start.localeCompare(b.start));
      for (let i = 1; i < sorted.length; i++) {
        const before = sorted[i - 1];
        const slot = sorted[i];
        if (before && slot && slot.start < before.end) {
          ctx.addIssue({
            code: 'custom',
            path: [slots.indexOf(slot), 'start'],
            message: say('delivery.overlap'),
          });
        }
      }
    })
    // Stored and shown in the order of the day.
    .transform((slots) => [...slots].sort((a, b) => a.start.localeCompare(b.start))),
  /** 0: today only; 2: today and the next two days. */
  days_ahead: wholeNumber('json', 'daysAhead', 0, DAYS_AHEAD_MAX),
  /** A slot closes this many minutes before it starts. */
  cutoff_minutes: wholeNumber('json', 'cutOff', 0, CUTOFF_MAX),
});
export type SlotSettings = z.output<typeof slotSettings>;
export type SlotSettingsBody = z.input<typeof slotSettings>;

/** The slot settings as answers carry them (the stored, checked values). */
export const slotSettingsAnswer = z.object({
  slots: z.array(z.object({ start: z.string(), end: z.string(), capacity: z.number().int() })),
  days_ahead: z.number().int(),
  cutoff_minutes: z.number().int(),
});

export const NO_SLOTS: SlotSettings = { slots: [], days_ahead: 2, cutoff_minutes: 60 };

/** Why a slot cannot be chosen: `full` (no place left) or `closed` (past its cut-off). */
export const SLOT_STATES = ['open', 'full', 'closed'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

export const slotOffer = z.object({
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
  /** Places left (0 when full). */
  left: z.number().int(),
  state: z.enum(SLOT_STATES),
});
export type SlotOffer = z.infer<typeof slotOffer>;

/** `GET /api/delivery-slots`: each bookable day (shop days, from today) with its slots. */
export const slotDays = z.object({
  /** false: the shop has no slots; checkout asks for none. */
  enabled: z.boolean(),
  days: z.array(z.object({ date: z.string(), slots: z.array(slotOffer) })),
});
export type SlotDays = z.infer<typeof slotDays>;

/** The slot a storefront order books: a shop day and the start of one of the shop's slots. */
export const slotChoice = z.object({
  date: calendarDay('deliveryDate'),
  start: slotTime('slot start'),
});
export type SlotChoice = z.infer<typeof slotChoice>;

/** An order's booked slot, as order answers carry it (null: none). */
export const orderSlot = z.object({ date: z.string(), start: z.string(), end: z.string() });
export type OrderSlot = z.infer<typeof orderSlot>;

/** `GET /api/orders/deliveries`: one shop day's slotted orders (today when left out). */
export const deliveriesQuery = z.object({ date: dayFilter('date') });

/** The error codes of a refused slot (409 for closed and full, 422 for the rest). */
export const SLOT_ERROR_CODES = ['slot_required', 'slot_unknown', 'slot_closed', 'slot_full'] as const;
