import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazar/contracts/orders';
import type { SlotSettings } from '@bazar/contracts/delivery';
import type { DbOrTx } from '../../db/client';
import { orders, settings } from '../../db/schema';

export async function saveSlotSettings(db: DbOrTx, values: SlotSettings): Promise<SlotSettings> {
  const [row] = await db
    .update(settings)
    .set({ deliverySlots: values, updatedAt: sql`now()` })
    .where(eq(settings.id, 1))
    .returning({ deliverySlots: settings.deliverySlots });
  if (!row) throw new Error('settings row is missing');
  return row.deliverySlots;
}

/**
 * The namespace of the advisory lock on a delivery slot: `pg_advisory_xact_lock(SLOT_LOCK_KEY,
 * hashtext('<date> <start>'))` (a clash of hashes only serialises two slots). Bookings of one slot
 * are counted and written one after the other under it, so two checkouts never both take its last
 * place (orders/place.repository.ts waitTurn).
 */
export const SLOT_LOCK_KEY = 1515;

/** Orders booked into each slot of the days (cancelled ones free their place): "date start" → count. */
export async function bookedCounts(db: DbOrTx, dates: string[]): Promise<Map<string, number>> {
  if (dates.length === 0) return new Map();
  const rows = await db
    .select({
      date: sql<string>`${orders.deliveryDate}::text`,
      start: orders.slotStart,
      n: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.deliveryDate, dates),
        sql`${orders.status} <> ${ORDER_STATUS.canceled}`,
        sql`${orders.slotStart} IS NOT NULL`,
      ),
    )
    .groupBy(orders.deliveryDate, orders.slotStart);
  return new Map(rows.map((r) => [`${r.date} ${r.start}`, r.n]));
}

/**
 * Takes the slot's turn (the advisory lock placing an order takes, held to the transaction's end)
 * and counts its live bookings other than `except`: an order moved into the slot is counted as a
 * new booking would be.
 */
export async function slotTurnAndCount(
  tx: DbOrTx,
  slot: { date: string; start: string },
  except: number,
): Promise<number> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${SLOT_LOCK_KEY}, hashtext(${`${slot.date} ${slot.start}`}::text))`,
  );
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.deliveryDate, slot.date),
        eq(orders.slotStart, slot.start),
        sql`${orders.status} <> ${ORDER_STATUS.canceled}`,
        ne(orders.id, except),
      ),
    );
  return row?.n ?? 0;
}
