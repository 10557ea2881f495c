import type { DayClose } from '@bazar/contracts/money.api';
import type { Ctx } from '../../lib/context';
import { inSnapshot } from '../../db/client';
import { cashOfDay, methodsOfDay, othersOfDay, shiftsOfDay } from './day-close.repository';
import { drawerCash } from './money.repository';

/**
 * A shop day's close from the money ledger, read in one snapshot: by method, the cash with each
 * shift opened that day (a closed shift with what it expected when it closed and what was counted,
 * an open one with its drawer now), credit given and collected, advances, suppliers and expenses.
 */
export async function dayClose(ctx: Ctx, day: string): Promise<DayClose> {
  const tz = ctx.config.shopTz;
  return inSnapshot(ctx.db, async (tx) => {
    const [methods, cash, others, shifts] = await Promise.all([
      methodsOfDay(tx, tz, day),
      cashOfDay(tx, tz, day),
      othersOfDay(tx, tz, day),
      shiftsOfDay(tx, tz, day),
    ]);
    const drawers = await drawerCash(
      tx,
      shifts.map((s) => s.id),
    );
    const rows = shifts.map((shift) => {
      const expected = shift.expected ?? drawers.get(shift.id)?.expected ?? 0;
      return {
        id: shift.id,
        cashier: shift.cashier,
        opened: shift.openedAt.toISOString(),
        closed: shift.closedAt?.toISOString() ?? null,
        float: shift.openingFloat,
        expected,
        counted: shift.counted,
        difference: shift.counted === null ? null : shift.counted - expected,
      };
    });
    const closed = rows.filter((s) => s.counted !== null);
    const counted = closed.length ? closed.reduce((sum, s) => sum + (s.counted ?? 0), 0) : null;
    const difference = closed.length ? closed.reduce((sum, s) => sum + (s.difference ?? 0), 0) : null;
    return { day, methods, cash: { ...cash, counted, difference }, shifts: rows, ...others };
  });
}
