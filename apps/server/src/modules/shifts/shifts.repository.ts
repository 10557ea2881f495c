import { and, asc, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shiftMoves, shifts, users } from '../../db/schema';
import { withinShopDays } from '../../lib/shop-day';

export type ShiftRow = typeof shifts.$inferSelect;

export async function insertShift(
  tx: DbOrTx,
  values: { userId: number; openingFloat: number; openedAt: Date },
) {
  const [row] = await tx.insert(shifts).values(values).returning();
  if (!row) throw new Error('insert shifts returned nothing');
  return row;
}

/** The staff member's open shift (locked until the transaction ends when `lock`), or undefined. */
export async function findOpenShift(db: DbOrTx, userId: number, lock = false): Promise<ShiftRow | undefined> {
  const q = db
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, userId), isNull(shifts.closedAt)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The staff member's shift that was open at `at` (a sale synced after an outage), if any. */
export async function shiftOpenAt(db: DbOrTx, userId: number, at: Date): Promise<ShiftRow | undefined> {
  const [row] = await db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.userId, userId),
        lte(shifts.openedAt, at),
        or(isNull(shifts.closedAt), gte(shifts.closedAt, at)),
      ),
    )
    .orderBy(desc(shifts.openedAt))
    .limit(1);
  return row;
}

export async function closeShift(
  tx: DbOrTx,
  id: number,
  values: { expected: number; counted: number; note: string; closedAt: Date },
): Promise<ShiftRow> {
  const [row] = await tx.update(shifts).set(values).where(eq(shifts.id, id)).returning();
  if (!row) throw new Error(`shift ${id} vanished`);
  return row;
}

export async function movesOfShifts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: shiftMoves.id,
      shiftId: shiftMoves.shiftId,
      amount: shiftMoves.amount,
      reason: shiftMoves.reason,
      created: shiftMoves.createdAt,
    })
    .from(shiftMoves)
    .where(inArray(shiftMoves.shiftId, ids))
    .orderBy(asc(shiftMoves.id));
}

/** Shifts opened on the shop days from..to (open ends allowed), newest first, with the cashier's name. */
export async function listShifts(db: DbOrTx, tz: string, from?: string, to?: string, limit = 200) {
  const where = withinShopDays(shifts.openedAt, tz, from, to);
  return db
    .select({ shift: shifts, cashier: users.name })
    .from(shifts)
    .leftJoin(users, eq(users.id, shifts.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(shifts.openedAt), desc(shifts.id))
    .limit(limit);
}

export async function findShift(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ shift: shifts, cashier: users.name })
    .from(shifts)
    .leftJoin(users, eq(users.id, shifts.userId))
    .where(eq(shifts.id, id));
  return row;
}
