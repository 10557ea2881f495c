import type { SlotChoice, SlotDays, SlotSettings, SlotState } from '@bazar/contracts/delivery';
import { say } from '@bazar/contracts/messages';
import { catalogChanged } from '../../lib/catalog-cache';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { shopDay, shopTime } from '../../lib/shop-day';
import { shopSettings } from '../settings/settings.service';
import * as repo from './delivery.repository';

/** The shop's slot settings (cached with the settings row). */
export async function slotSettingsOf(ctx: Ctx): Promise<SlotSettings> {
  return (await shopSettings(ctx)).deliverySlots;
}

/** Saves the slot settings; every app server drops its cached settings at commit. */
export async function saveSlotSettings(ctx: Ctx, values: SlotSettings): Promise<SlotSettings> {
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await repo.saveSlotSettings(tx, values);
    await catalogChanged(tx);
    return row;
  });
  ctx.catalog.invalidate();
  return saved;
}

/** The shop day `n` days after `day` (YYYY-MM-DD; calendar arithmetic, no time zone involved). */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The bookable shop days at `now`: today and `days_ahead` more. */
function bookableDays(ctx: Ctx, config: SlotSettings): string[] {
  const today = shopDay(ctx.clock.now(), ctx.config.shopTz);
  return Array.from({ length: config.days_ahead + 1 }, (_, i) => addDays(today, i));
}

/**
 * Closed once the shop's clock, `cutoff_minutes` from now, has reached the slot's start (both as
 * wall-clock text "YYYY-MM-DD HH:MM" in the shop's time zone, which compare as text).
 */
function isClosed(ctx: Ctx, config: SlotSettings, date: string, start: string): boolean {
  const soon = new Date(ctx.clock.now().getTime() + config.cutoff_minutes * 60_000);
  return shopTime(soon, ctx.config.shopTz) >= `${date} ${start}`;
}

/** Every bookable day with its slots: places left and whether each is open, full or closed. */
export async function slotDays(ctx: Ctx): Promise<SlotDays> {
  const config = await slotSettingsOf(ctx);
  if (config.slots.length === 0) return { enabled: false, days: [] };
  const days = bookableDays(ctx, config);
  const booked = await repo.bookedCounts(ctx.db, days);
  return {
    enabled: true,
    days: days.map((date) => ({
      date,
      slots: config.slots.map((s) => {
        const left = Math.max(0, s.capacity - (booked.get(`${date} ${s.start}`) ?? 0));
        const state: SlotState = isClosed(ctx, config, date, s.start) ? 'closed' : left ? 'open' : 'full';
        return { start: s.start, end: s.end, capacity: s.capacity, left, state };
      }),
    })),
  };
}

/**
 * The slot an order asks for, judged before any lock: null when the shop has no slots (a slot
 * sent then is ignored); refused when one is needed and missing, unknown, outside the bookable
 * days or past its cut-off. Places left are counted when the order is placed, under the slot's lock
 * (orders/place.service.ts).
 */
export function chosenSlot(ctx: Ctx, config: SlotSettings, choice: SlotChoice | null | undefined) {
  if (config.slots.length === 0) return null;
  // Each refusal has a stable code (contracts' SLOT_ERROR_CODES); the 422s name the slot field.
  if (!choice) {
    throw new AppError(422, 'slot_required', say('delivery.slotRequired'), {
      slot: [say('delivery.slotRequired')],
    });
  }
  const slot = config.slots.find((s) => s.start === choice.start);
  if (!slot || !bookableDays(ctx, config).includes(choice.date)) {
    throw new AppError(422, 'slot_unknown', say('delivery.slotUnknown'), {
      slot: [say('delivery.slotUnknown')],
    });
  }
  if (isClosed(ctx, config, choice.date, choice.start)) {
    throw new AppError(409, 'slot_closed', say('delivery.slotClosed'));
  }
  return { date: choice.date, start: slot.start, end: slot.end, capacity: slot.capacity };
}
