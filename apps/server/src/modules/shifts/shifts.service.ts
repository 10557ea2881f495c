import { recordAudit, type AuditActor } from '../audit/audit.repository';
import type { Shift } from '@bazar/contracts/shifts';
import { say } from '@bazar/contracts/messages';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Conflict, NotFound } from '../../lib/errors';
import { drawerCash, drawerMove, floatIn } from '../money/money.repository';
import * as repo from './shifts.repository';

/**
 * A cashier's shift and its drawer. Sales, payments, refunds and returns record the open shift of
 * the staff member who made them (none when no shift is open: the spec's till sells without one).
 * expected = opening float + cash taken − cash given back ± cash put in or taken out.
 */

/** The staff member's open shift id, to stamp on a sale or a payment (in the caller's transaction). */
/** The staff member's open shift, or (a sale made at `at`, synced later) the one open then. */
export async function openShiftId(db: DbOrTx, userId: number, at?: Date): Promise<number | null> {
  if (at) return (await repo.shiftOpenAt(db, userId, at))?.id ?? null;
  return (await repo.findOpenShift(db, userId))?.id ?? null;
}

async function toShifts(
  db: DbOrTx,
  rows: Array<{ shift: repo.ShiftRow; cashier: string | null }>,
): Promise<Shift[]> {
  const ids = rows.map((r) => r.shift.id);
  const cash = await drawerCash(db, ids);
  const moves = await repo.movesOfShifts(db, ids);
  return rows.map(({ shift, cashier }) => {
    const c = cash.get(shift.id);
    // Closed: what was expected when it closed (a sale made offline and synced later is in the
    // ledger, and in the day close, but does not rewrite what the cashier was told).
    const expected = shift.expected ?? c?.expected ?? 0;
    return {
      id: shift.id,
      cashier,
      opened: shift.openedAt.toISOString(),
      closed: shift.closedAt?.toISOString() ?? null,
      opening_float: shift.openingFloat,
      cash_sales: c?.sales ?? 0,
      cash_refunds: c?.refunds ?? 0,
      cash_moves: c?.moves ?? 0,
      cash_paid_out: c?.paidOut ?? 0,
      expected,
      counted: shift.counted,
      difference: shift.counted === null ? null : shift.counted - expected,
      note: shift.note,
      moves: moves
        .filter((m) => m.shiftId === shift.id)
        .map((m) => ({ id: m.id, amount: m.amount, reason: m.reason, created: m.created.toISOString() })),
    };
  });
}

async function one(db: DbOrTx, id: number): Promise<Shift> {
  const row = await repo.findShift(db, id);
  if (!row) throw new NotFound(say('shifts.notFound'));
  const [shift] = await toShifts(db, [row]);
  if (!shift) throw new NotFound(say('shifts.notFound'));
  return shift;
}

export async function openShift(ctx: Ctx, userId: number, float: number, actor: AuditActor): Promise<Shift> {
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const row = await repo.insertShift(tx, { userId, openingFloat: float, openedAt: ctx.clock.now() });
      await floatIn(tx, row.id, float, { userId, at: row.openedAt });
      await recordAudit(tx, actor, {
        action: 'shift_opened',
        entity: 'shift',
        entityId: row.id,
        changes: { float },
      });
      return row.id;
    });
    return await one(ctx.db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(say('shifts.alreadyOpen'));
    throw err;
  }
}

/** The caller's open shift with its drawer so far, or null. */
export async function currentShift(ctx: Ctx, userId: number): Promise<Shift | null> {
  const open = await repo.findOpenShift(ctx.db, userId);
  return open ? one(ctx.db, open.id) : null;
}

/** Cash put in (positive: change bought) or taken out (negative: a supplier paid) during the open shift. */
export async function moveCash(
  ctx: Ctx,
  userId: number,
  amount: number,
  reason: string,
  actor: AuditActor,
): Promise<Shift> {
  const id = await ctx.db.transaction(async (tx) => {
    const open = await repo.findOpenShift(tx, userId, true);
    if (!open) throw new Conflict(say('shifts.openFirst'));
    await drawerMove(tx, { shiftId: open.id, amount, reason, userId });
    await recordAudit(tx, actor, {
      action: 'cash_moved',
      entity: 'shift',
      entityId: open.id,
      changes: { amount, reason },
    });
    return open.id;
  });
  return one(ctx.db, id);
}

/** Closes the open shift with the cash counted; the expected cash is fixed then, and kept. */
export async function closeShift(
  ctx: Ctx,
  userId: number,
  counted: number,
  note: string,
  actor: AuditActor,
): Promise<Shift> {
  const id = await ctx.db.transaction(async (tx) => {
    const open = await repo.findOpenShift(tx, userId, true);
    if (!open) throw new Conflict(say('shifts.noneOpen'));
    const expected = (await drawerCash(tx, [open.id])).get(open.id)?.expected ?? 0;
    await repo.closeShift(tx, open.id, { expected, counted, note, closedAt: ctx.clock.now() });
    await recordAudit(tx, actor, {
      action: 'shift_closed',
      entity: 'shift',
      entityId: open.id,
      changes: { expected, counted, difference: counted - expected },
    });
    return open.id;
  });
  return one(ctx.db, id);
}

export async function listShifts(ctx: Ctx, from?: string, to?: string): Promise<Shift[]> {
  return toShifts(ctx.db, await repo.listShifts(ctx.db, ctx.config.shopTz, from, to));
}
