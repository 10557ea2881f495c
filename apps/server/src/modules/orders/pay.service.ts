import type { ApprovalKind } from '@bazar/contracts/approvals';
import { insertApproval } from '../staff/approvals.repository';
import { approvalFor, type Approver, type StaffAct } from '../staff/pin.service';
import { recordAudit } from '../audit/audit.repository';
import { hundredths } from '@bazar/contracts/money';
import { ORDER_STATUS, type PaymentMethod } from '@bazar/contracts/orders';
import { statusSmsKeyOf, statusSmsWithDefaults } from '@bazar/contracts/settings';
import { say } from '@bazar/contracts/messages';
import type { DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AmountLarge, Invalid, NotFound } from '../../lib/errors';
import { shopSettings } from '../settings/settings.service';
import { openShiftId } from '../shifts/shifts.service';
import { statusChangeText } from '../sms/sms-texts';
import { lockStock, ShortStock } from '../stock/stock.service';
import { stockEffect } from './order-status';
import * as orderWrites from './order-payments.repository';
import { giveBack, restate, takeForOrder } from '../money/money.repository';
import * as repo from './orders.repository';

/** The lines of an order that still refer to a product, as the stock core moves them. */
/**
 * The order's quantities still with the customer, per product: its lines less what came back
 * (returns put their goods back already, so a cancel or a delete must not put them back twice).
 */
async function liveLines(tx: DbOrTx, orderId: number) {
  const lines = (await repo.linesOf(tx, [orderId])).get(orderId) ?? [];
  const returned = await orderWrites.returnedQuantities(tx, orderId);
  const out: Array<{ productId: number; quantity: number }> = [];
  for (const l of lines) {
    if (l.productId === null) continue;
    const back = returned.get(l.productId) ?? 0;
    const h = hundredths(Number(l.quantity));
    const taken = Math.min(back, h);
    if (taken) returned.set(l.productId, back - taken);
    if (h - taken > 0) out.push({ productId: l.productId, quantity: (h - taken) / 100 });
  }
  return out;
}

/** Applies a status change's stock effect (the transition table), in the caller's transaction. */
async function changeStatus(ctx: Ctx, tx: DbOrTx, order: repo.OrderRow, to: number, by: number) {
  const effect = stockEffect(order.status, to);
  if (effect === 'none') return;
  const lines = await liveLines(tx, order.id);
  const lock = await lockStock(
    ctx,
    tx,
    lines.map((l) => l.productId),
  );
  if (effect === 'take' && order.online) {
    // An online order never oversells, also when it is re-activated.
    const short = lock.shortages(lines);
    if (short.length) throw new ShortStock(short);
  }
  await lock.move(
    lines,
    effect === 'restore' ? 'in' : 'out',
    effect === 'restore' ? 'cancel' : 'reactivate',
    { orderId: order.id, userId: by },
  );
}

/**
 * Records an amount received now (a payment row, by cash, bKash, Nagad, card or the customer's
 * advance, in the open shift of the staff member) and the new status, in one transaction; more than
 * the due is refused ("Amount is large"). Cancelling an order that has money paid may say how it
 * goes back (`refund`): the whole paid amount is then a refund row by that method, or goes into the
 * customer's advance. paid and due always equal what the payments say.
 */
export async function pay(
  ctx: Ctx,
  id: number,
  input: {
    status: number;
    paid: number;
    method?: PaymentMethod | undefined;
    reference?: string | null | undefined;
    refund?: { method: PaymentMethod; reference?: string | null | undefined } | undefined;
  },
  act: StaffAct,
): Promise<{ paid: number; due: number; status: number }> {
  const by = act.user.id;
  // Read before the transaction: loading them inside would need a second pool connection.
  const settings = await shopSettings(ctx);
  return ctx.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, id, true);
    if (!order) throw new NotFound(say('orders.notFound'));
    if (input.paid > order.due) throw new AmountLarge();
    if (input.refund && input.status !== ORDER_STATUS.canceled) {
      throw new Invalid('refund', say('orders.refundOnCancel'));
    }
    if (input.refund && input.paid > 0) throw new Invalid('refund', say('orders.takeOrGive'));
    const voiding = order.terminal === 1 && isVoid(order.status, input.status);
    const approver = voiding ? approvalFor(act.user, 'void', act.approver, say('approval.void')) : null;
    await changeStatus(ctx, tx, order, input.status, by);
    const who = { userId: by, shiftId: await openShiftId(tx, by) };
    if (input.paid > 0) {
      const payment = {
        amount: input.paid,
        method: input.method ?? 'cash',
        reference: input.reference ?? null,
      };
      await takeForOrder(tx, order, payment, who);
    }
    if (input.refund && order.paid > 0) {
      const refund = {
        amount: order.paid,
        method: input.refund.method,
        reference: input.refund.reference ?? null,
      };
      await giveBack(tx, order, refund, who);
    }
    const row = await restate(tx, id, { status: input.status });
    if (!row) throw new NotFound(say('orders.notFound'));
    if (order.status !== input.status) await statusChanged(ctx, tx, settings, order, row, by);
    if (approver) await approved(tx, act, approver, 'void', id, { status: [order.status, input.status] });
    await recordAudit(tx, act.actor, {
      action:
        input.refund && order.paid > 0 ? 'order_refunded' : input.paid > 0 ? 'payment_taken' : 'order_status',
      entity: 'order',
      entityId: id,
      changes: {
        ...(order.status !== input.status && { status: [order.status, input.status] }),
        ...(input.paid > 0 && { amount: input.paid, method: input.method ?? 'cash' }),
        ...(input.refund && order.paid > 0 && { refund: order.paid, method: input.refund.method }),
        paid: [order.paid, row.paid],
        due: [order.due, row.due],
      },
    });
    return row;
  });
}

type Settings = Awaited<ReturnType<typeof shopSettings>>;

/**
 * A real change of status (never a payment alone): the timeline's next step, and for an online
 * order with a customer account one SMS in the customer's language (Setting's text), queued in the
 * caller's transaction as `order` (the per-phone daily cap holds it back). Till sales get none.
 */
async function statusChanged(
  ctx: Ctx,
  tx: DbOrTx,
  settings: Settings,
  order: repo.OrderRow,
  now: { due: number; status: number },
  by: number,
): Promise<void> {
  await orderWrites.insertStatusEvent(tx, order.id, now.status, by);
  if (!order.online || order.userId === null) return;
  const customer = await repo.customerContact(tx, order.userId);
  const key = statusSmsKeyOf(now.status, now.due);
  if (!customer || !key) return;
  const template = statusSmsWithDefaults(settings.statusSms)[customer.lang][key];
  const message = statusChangeText(template, customer.lang, { id: order.id, due: now.due });
  await ctx.sms.enqueue(tx, [{ to: customer.phone, kind: 'order', message }]);
}

/**
 * Deletes an order; unless it was cancelled (stock already back), its items go back to stock.
 * Deleting a till sale that was not cancelled first is a void: a manager approves it.
 */
export async function deleteOrder(ctx: Ctx, id: number, act: StaffAct): Promise<void> {
  const by = act.user.id;
  const actor = act.actor;
  await ctx.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, id, true);
    if (!order) throw new NotFound(say('orders.notFound'));
    if (order.terminal === 1 && order.status !== ORDER_STATUS.canceled) {
      const approver = approvalFor(act.user, 'void', act.approver, say('approval.void'));
      if (approver) await approved(tx, act, approver, 'void', id, { deleted: true, status: order.status });
    }
    if (stockEffect(order.status, 4) === 'restore') {
      const lines = await liveLines(tx, id);
      const lock = await lockStock(
        ctx,
        tx,
        lines.map((l) => l.productId),
      );
      await lock.move(lines, 'in', 'order-delete', { orderId: id, userId: by });
    }
    await orderWrites.deleteOrder(tx, id);
    await recordAudit(tx, actor, {
      action: 'order_deleted',
      entity: 'order',
      entityId: id,
      changes: {
        status: [order.status, null],
        subtotal: order.subtotal,
        paid: order.paid,
        due: order.due,
        terminal: order.terminal,
      },
    });
  });
}

/** A saved till sale cancelled (not one already cancelled): a void. */
const isVoid = (from: number, to: number) => to === ORDER_STATUS.canceled && from !== ORDER_STATUS.canceled;

/** A manager's approval stored with both people, and in the audit trail, in the change's transaction. */
export async function approved(
  tx: DbOrTx,
  act: StaffAct,
  approver: Approver,
  kind: ApprovalKind,
  orderId: number | null,
  detail: Record<string, unknown>,
): Promise<void> {
  await insertApproval(tx, { kind, staffId: act.user.id, approverId: approver.id, orderId, detail });
  await recordAudit(tx, act.actor, {
    action: 'approval_given',
    entity: 'order',
    entityId: orderId,
    changes: { kind, staff_id: act.user.id, approver_id: approver.id, approver: approver.name, ...detail },
  });
}
