import { sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/audit.repository';
import type { Shift, ZReport } from '@bazar/contracts/shifts';
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

type ZRow = {
  sales: number;
  sales_amount: number;
  discounts: number;
  voided: number;
  voided_amount: number;
  returns: number;
  returned: number;
};
type ZMethodRow = { method: string; count: number; received: number; refunds: number; change: number };

/**
 * The Z report of a closed shift: the sales made in it (not cancelled; cancelled ones apart), its
 * returns, and each method's money from the money ledger (payments in with their count, refunds and
 * change out). Its cashier may read their own; anyone who sees the shifts may read any. An open
 * shift has none yet (409): its cashier counts first (blind close).
 */
export async function zReport(
  ctx: Ctx,
  id: number,
  reader: { id: number; seesShifts: boolean },
): Promise<ZReport> {
  const row = await repo.findShift(ctx.db, id);
  if (!row || (!reader.seesShifts && row.shift.userId !== reader.id))
    throw new NotFound(say('shifts.notFound'));
  if (row.shift.closedAt === null) throw new Conflict(say('shifts.stillOpen'));
  const [shift] = await toShifts(ctx.db, [row]);
  const [totals, methods] = await Promise.all([
    ctx.db.execute<ZRow>(sql`SELECT
        count(*) FILTER (WHERE o.status <> 4)::int AS sales,
        coalesce(sum(o.subtotal + o.ship - o.discount) FILTER (WHERE o.status <> 4), 0)::int AS sales_amount,
        coalesce(sum(o.discount) FILTER (WHERE o.status <> 4), 0)::int AS discounts,
        count(*) FILTER (WHERE o.status = 4)::int AS voided,
        coalesce(sum(o.subtotal + o.ship - o.discount) FILTER (WHERE o.status = 4), 0)::int AS voided_amount,
        (SELECT count(*) FROM returns r WHERE r.shift_id = ${id})::int AS returns,
        (SELECT coalesce(sum(r.value), 0) FROM returns r WHERE r.shift_id = ${id})::int AS returned
      FROM orders o WHERE o.shift_id = ${id}`),
    ctx.db.execute<ZMethodRow>(sql`SELECT m.method,
        count(*) FILTER (WHERE m.kind = 'payment' AND m.amount > 0)::int AS count,
        coalesce(sum(m.amount) FILTER (WHERE m.kind = 'payment'), 0)::int AS received,
        coalesce(-sum(m.amount) FILTER (WHERE m.kind = 'refund'), 0)::int AS refunds,
        coalesce(-sum(m.amount) FILTER (WHERE m.kind = 'change'), 0)::int AS change
      FROM money_ledger m
      WHERE m.shift_id = ${id} AND m.kind IN ('payment', 'refund', 'change')
      GROUP BY m.method ORDER BY m.method`),
  ]);
  const t = totals.rows[0]!;
  return {
    shift: shift!,
    sales: { count: t.sales, amount: t.sales_amount, discounts: t.discounts },
    voided: { count: t.voided, amount: t.voided_amount },
    returns: { count: t.returns, value: t.returned },
    methods: methods.rows.map((m) => ({ ...m, net: m.received - m.refunds - m.change })),
  };
}
