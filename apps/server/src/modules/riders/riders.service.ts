import { orderAmounts } from '@bazar/contracts/money';
import { say } from '@bazar/contracts/messages';
import { ORDER_STATUS, type OrderRider } from '@bazar/contracts/orders';
import type {
  CollectedPayment,
  DeliveriesSummary,
  DeliveryState,
  FailReason,
  PickList,
  RiderDelivery,
  Settlement,
} from '@bazar/contracts/riders';
import type { SlotChoice } from '@bazar/contracts/delivery';
import { statusSmsKeyOf, statusSmsWithDefaults } from '@bazar/contracts/settings';
import { unitOf } from '@bazar/contracts/catalog';
import type { DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AppError, Conflict, Invalid, NotFound } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import type { SessionUser } from '../auth/auth.repository';
import type { AuditActor as Actor } from '../audit/audit.repository';
import { recordAudit } from '../audit/audit.repository';
import { slotTurnAndCount } from '../delivery/delivery.repository';
import { chosenSlot, slotSettingsOf } from '../delivery/delivery.service';
import { restate, takeForOrder } from '../money/money.repository';
import { shopSettings } from '../settings/settings.service';
import { smsTexts, statusChangeText } from '../sms/sms-texts';
import * as orders from '../orders/orders.repository';
import * as repo from './riders.repository';

/**
 * Riders and their deliveries (issue 27). The shop assigns orders to riders; a rider marks each
 * one picked up (out for delivery: the customer gets one SMS naming the rider), delivered with what
 * they collected (through the money core: the order's paid rises and its due falls once, however
 * often the phone sends it), or failed with a reason (the order comes back to the shop,
 * unassigned, maybe with a new slot). Each step is on the order's timeline with the rider's name.
 * A manager settles the cash a rider brings back; what is not handed over stays with the rider
 * until a later settlement.
 */

const OPEN: readonly number[] = [
  ORDER_STATUS.processing,
  ORDER_STATUS.collecting,
  ORDER_STATUS.outForDelivery,
];

const today = (ctx: Ctx) => shopDay(ctx.clock.now(), ctx.config.shopTz);

/** Every rider with the cash they hold. */
export async function riders(ctx: Ctx) {
  const rows = await repo.listRiders(ctx.db);
  const held = await repo.cashHeld(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, cash_held: held.get(r.id) ?? 0 }));
}

/** An active rider, or 422 naming `rider_id`. */
async function activeRider(db: DbOrTx, id: number): Promise<OrderRider> {
  const rider = await repo.findRider(db, id);
  if (!rider || !rider.active) throw new Invalid('rider_id', say('riders.notRider'));
  return { id: rider.id, name: rider.name, phone: rider.phone };
}

/**
 * Assigns orders to a rider (or, `riderId` null, to nobody), all or none: an order delivered or
 * cancelled is refused (409 naming it), one unknown is 404. Recorded in the audit trail.
 */
export async function assign(
  ctx: Ctx,
  actor: Actor,
  orderIds: number[],
  riderId: number | null,
): Promise<{ order_ids: number[]; rider: OrderRider | null }> {
  return ctx.db.transaction(async (tx) => {
    const rider = riderId === null ? null : await activeRider(tx, riderId);
    const rows = await repo.lockOrders(tx, orderIds);
    if (rows.length !== orderIds.length) throw new NotFound(say('orders.notFound'));
    const closed = rows.find((o) => !OPEN.includes(o.status));
    if (closed) throw new Conflict(say('riders.closedOrder', { id: closed.id }));
    const changed = rows.filter((o) => o.riderId !== riderId);
    await repo.setRider(
      tx,
      changed.map((o) => o.id),
      riderId,
    );
    for (const o of changed) {
      await recordAudit(tx, actor, {
        action: riderId === null ? 'rider_unassigned' : 'rider_assigned',
        entity: 'order',
        entityId: o.id,
        changes: { rider_id: [o.riderId, riderId], ...(rider && { rider: rider.name }) },
      });
    }
    return { order_ids: rows.map((o) => o.id), rider };
  });
}

/** Where an order stands for its rider, from its status and last step. */
function stateOf(o: orders.OrderRow, last: { failed: string | null } | undefined): DeliveryState {
  if (o.status === ORDER_STATUS.delivered) return 'delivered';
  if (last?.failed) return 'failed';
  if (o.status === ORDER_STATUS.outForDelivery) return 'picked_up';
  return 'assigned';
}

/**
 * Orders as the rider's screen shows them. One still assigned to the rider stands where its status
 * says; one that is not (it is on their list for their step today) is their failed delivery, even
 * if the shop has given it to someone else since.
 */
async function asDeliveries(db: DbOrTx, riderId: number, rows: orders.OrderRow[]): Promise<RiderDelivery[]> {
  const ids = rows.map((o) => o.id);
  const full = await orders.withLines(db, rows);
  const failures = await repo.lastFailuresBy(db, riderId, ids);
  const collected = await repo.collectedBy(db, riderId, ids);
  return rows.map((o, i) => {
    const order = full[i];
    if (!order) throw new Error('order answer missing');
    const failure = o.riderId === riderId ? undefined : failures.get(o.id);
    return {
      id: o.id,
      name: o.name,
      phone: o.phone,
      address: o.address,
      area: o.area,
      note: o.note,
      slot: order.slot ?? null,
      lines: order.carts
        .map((l) => ({
          product_id: l.product_id,
          title: l.title,
          attri: l.attri,
          title_bn: l.title_bn,
          attri_bn: l.attri_bn,
          quantity: Math.round((l.quantity - l.returned) * 100) / 100,
          unit: unitOf(l.unit),
        }))
        .filter((l) => l.quantity > 0),
      total: orderAmounts(o).total,
      paid: o.paid,
      due: o.due,
      status: o.status,
      state: failure ? 'failed' : stateOf(o, undefined),
      reason: failure?.failed ?? null,
      reason_note: failure?.note ?? '',
      collected: collected.get(o.id) ?? [],
      lang: order.lang,
    };
  });
}

/** The shop day's first instant. */
async function dayStart(ctx: Ctx, day = today(ctx)): Promise<Date> {
  return (await repo.dayBounds(ctx.db, day, ctx.config.shopTz)).from;
}

/** `GET /api/rider/deliveries`: the rider's to-do, and what they delivered or failed today. */
export async function riderDeliveries(ctx: Ctx, rider: SessionUser): Promise<RiderDelivery[]> {
  const rows = await repo.riderOrders(ctx.db, rider.id, await dayStart(ctx));
  return asDeliveries(ctx.db, rider.id, rows);
}

async function oneDelivery(ctx: Ctx, riderId: number, id: number): Promise<RiderDelivery> {
  const row = await orders.findOrder(ctx.db, id);
  if (!row) throw new NotFound(say('riders.notAssigned'));
  const [delivery] = await asDeliveries(ctx.db, riderId, [row]);
  if (!delivery) throw new NotFound(say('riders.notAssigned'));
  return delivery;
}

type Settings = Awaited<ReturnType<typeof shopSettings>>;

/** One SMS to the order's customer (an online order with an account), in their language. */
async function tell(
  ctx: Ctx,
  tx: DbOrTx,
  order: orders.OrderRow,
  text: (lang: 'en' | 'bn') => string,
): Promise<void> {
  if (!order.online || order.userId === null) return;
  const customer = await orders.customerContact(tx, order.userId);
  if (!customer) return;
  await ctx.sms.enqueue(tx, [{ to: customer.phone, kind: 'order', message: text(customer.lang) }]);
}

/**
 * The order locked, when it is this rider's to act on: assigned to them. A step already made by
 * them (a resend after a lost answer) is `done`: the caller answers it as it stands.
 */
async function riderOrder(tx: DbOrTx, rider: SessionUser, id: number, clientId?: string) {
  const order = await orders.findOrder(tx, id, true);
  if (!order) throw new NotFound(say('riders.notAssigned'));
  // The phone's id of the step, found made (under the order's lock): this is a resend.
  const made = clientId ? await repo.stepOfClient(tx, clientId) : undefined;
  if (made) {
    if (made.orderId !== id || made.by !== rider.id) throw new Conflict(say('riders.clientIdUsed'));
    return { order, last: undefined, done: 'resent' as const };
  }
  const last = await repo.lastStep(tx, id);
  const mine = last?.byUserId === rider.id;
  if (order.riderId !== rider.id) {
    // A failed delivery leaves the order unassigned: its resend finds it so.
    if (mine && last?.failed) return { order, last, done: 'failed' as const };
    throw new NotFound(say('riders.notAssigned'));
  }
  return { order, last, done: null };
}

/** `POST /api/rider/deliveries/{id}/picked-up`: out for delivery; the customer is told who brings it. */
export async function pickedUp(
  ctx: Ctx,
  rider: SessionUser,
  actor: Actor,
  id: number,
): Promise<RiderDelivery> {
  await ctx.db.transaction(async (tx) => {
    const { order, done } = await riderOrder(tx, rider, id);
    if (done) throw new Conflict(say('riders.alreadyDone', { state: say('riders.state.failed') }));
    if (order.status === ORDER_STATUS.outForDelivery) return; // picked up already: once
    if (order.status === ORDER_STATUS.delivered) return;
    if (!OPEN.includes(order.status)) throw new Conflict(say('riders.closedOrder', { id }));
    await repo.insertStep(tx, { orderId: id, status: ORDER_STATUS.outForDelivery, by: rider.id });
    const row = await restate(tx, id, { status: ORDER_STATUS.outForDelivery });
    await tell(ctx, tx, order, (lang) =>
      smsTexts(lang).riderOnTheWay({ id, rider: rider.name, phone: rider.phone, due: row?.due ?? order.due }),
    );
    await recordAudit(tx, actor, {
      action: 'order_status',
      entity: 'order',
      entityId: id,
      changes: { status: [order.status, ORDER_STATUS.outForDelivery] },
    });
  });
  return oneDelivery(ctx, rider.id, id);
}

/**
 * `POST /api/rider/deliveries/{id}/delivered`: what the rider collected goes through the money core
 * (a payment row each, by the rider, in no drawer: the rider holds the cash until settled), the
 * order becomes Delivered, the customer gets the status SMS. Sent again (a double tap, a resend after
 * a lost answer), it finds the order delivered and records nothing more.
 */
export async function delivered(
  ctx: Ctx,
  rider: SessionUser,
  actor: Actor,
  id: number,
  collected: CollectedPayment[],
  clientId?: string,
): Promise<RiderDelivery> {
  const settings = await shopSettings(ctx);
  await ctx.db.transaction(async (tx) => {
    const { order, done } = await riderOrder(tx, rider, id, clientId);
    if (done === 'resent') return; // this very step, made already
    if (done) throw new Conflict(say('riders.alreadyDone', { state: say('riders.state.failed') }));
    if (order.status === ORDER_STATUS.delivered) return; // delivered already: recorded once
    if (!OPEN.includes(order.status)) throw new Conflict(say('riders.closedOrder', { id }));
    const sum = collected.reduce((n, p) => n + p.amount, 0);
    if (sum > order.due) {
      const message = say('riders.tooMuch', { due: Math.max(0, order.due) });
      throw new AppError(422, 'amount_large', message, { payments: [message] });
    }
    for (const p of collected) {
      await takeForOrder(
        tx,
        order,
        { amount: p.amount, method: p.method, reference: p.reference ?? null },
        { userId: rider.id, shiftId: null },
        'payments',
      );
    }
    await repo.insertStep(tx, { orderId: id, status: ORDER_STATUS.delivered, by: rider.id, clientId });
    const row = await restate(tx, id, { status: ORDER_STATUS.delivered });
    await statusSms(ctx, tx, settings, order, ORDER_STATUS.delivered, row?.due ?? 0);
    await recordAudit(tx, actor, {
      action: 'order_delivered',
      entity: 'order',
      entityId: id,
      changes: {
        status: [order.status, ORDER_STATUS.delivered],
        collected: collected.map((p) => ({ method: p.method, amount: p.amount })),
        paid: [order.paid, row?.paid ?? order.paid],
        due: [order.due, row?.due ?? order.due],
      },
    });
  });
  return oneDelivery(ctx, rider.id, id);
}

/** The shop's status SMS (Setting's text) for a new status, as the back office sends it. */
async function statusSms(
  ctx: Ctx,
  tx: DbOrTx,
  settings: Settings,
  order: orders.OrderRow,
  status: number,
  due: number,
): Promise<void> {
  const key = statusSmsKeyOf(status, due);
  if (!key) return;
  await tell(ctx, tx, order, (lang) =>
    statusChangeText(statusSmsWithDefaults(settings.statusSms)[lang][key], lang, { id: order.id, due }),
  );
}

/**
 * `POST /api/rider/deliveries/{id}/failed`: the order comes back to the shop (Collecting,
 * unassigned, to go out again or be cancelled), with the reason on its timeline and, when given, a
 * new slot; the customer gets one SMS. Sent again, it finds the failure made and changes nothing.
 */
export async function failed(
  ctx: Ctx,
  rider: SessionUser,
  actor: Actor,
  id: number,
  body: {
    reason: FailReason;
    note: string;
    slot?: SlotChoice | null | undefined;
    client_id?: string | undefined;
  },
): Promise<RiderDelivery> {
  const config = await slotSettingsOf(ctx);
  const slot = body.slot ? chosenSlot(ctx, config, body.slot) : null;
  await ctx.db.transaction(async (tx) => {
    const { order, done } = await riderOrder(tx, rider, id, body.client_id);
    if (done) return; // this step (or, without an id, a failure of theirs) made already: once
    if (order.status === ORDER_STATUS.delivered) {
      throw new Conflict(say('riders.alreadyDone', { state: say('riders.state.delivered') }));
    }
    if (!OPEN.includes(order.status)) throw new Conflict(say('riders.closedOrder', { id }));
    // A new slot takes a place as a new booking would: under the slot's turn, within its capacity.
    if (slot && (await slotTurnAndCount(tx, slot, id)) >= slot.capacity) {
      throw new AppError(409, 'slot_full', say('delivery.slotFull'));
    }
    await repo.insertStep(tx, {
      orderId: id,
      status: ORDER_STATUS.collecting,
      by: rider.id,
      failed: body.reason,
      note: body.note,
      clientId: body.client_id,
    });
    await repo.moveToSlot(tx, id, slot && { date: slot.date, start: slot.start, end: slot.end });
    await repo.setRider(tx, [id], null);
    await restate(tx, id, { status: ORDER_STATUS.collecting });
    await tell(ctx, tx, order, (lang) => smsTexts(lang).deliveryFailed({ id, reason: body.reason, slot }));
    await recordAudit(tx, actor, {
      action: 'delivery_failed',
      entity: 'order',
      entityId: id,
      changes: {
        status: [order.status, ORDER_STATUS.collecting],
        reason: body.reason,
        ...(body.note && { note: body.note }),
        ...(slot && { slot: `${slot.date} ${slot.start}` }),
        rider_id: [rider.id, null],
      },
    });
  });
  return oneDelivery(ctx, rider.id, id);
}

/** A rider's day: what they delivered, failed and still have, what they collected, the cash they hold. */
export async function settlementOf(ctx: Ctx, riderId: number, day: string | undefined): Promise<Settlement> {
  const date = day || today(ctx);
  const found = await repo.findRider(ctx.db, riderId);
  if (!found) throw new NotFound(say('riders.notRider'));
  const { from, to } = await repo.dayBounds(ctx.db, date, ctx.config.shopTz);
  const steps = await repo.stepsBetween(ctx.db, riderId, from, to);
  const open = await repo.openOrdersOf(ctx.db, riderId);
  const stepIds = [...new Set(steps.map((s) => s.orderId))];
  const stepped = stepIds.length ? await repo.lockless(ctx.db, stepIds) : [];
  const byId = new Map([...stepped, ...open].map((o) => [o.id, o]));
  const collected = await repo.collectedBy(ctx.db, riderId, [...byId.keys()]);
  const line = (orderId: number, failed: { failed: string | null; note: string } | null) => {
    const o = byId.get(orderId);
    if (!o) return null;
    return {
      id: o.id,
      name: o.name,
      area: o.area,
      total: orderAmounts(o).total,
      status: o.status,
      collected: collected.get(o.id) ?? [],
      reason: (failed?.failed as FailReason | null | undefined) ?? null,
      reason_note: failed?.note ?? '',
    };
  };
  const present = <T>(v: T | null): v is T => v !== null;
  const taken = await repo.takenBetween(ctx.db, riderId, from, to);
  const heldBefore = (await repo.cashHeld(ctx.db, [riderId], from)).get(riderId) ?? 0;
  const heldNow = (await repo.cashHeld(ctx.db, [riderId])).get(riderId) ?? 0;
  const handovers = await repo.handoversOn(ctx.db, riderId, date);
  return {
    rider: { id: found.id, name: found.name, phone: found.phone },
    date,
    delivered: steps
      .filter((s) => s.status === ORDER_STATUS.delivered && !s.failed)
      .map((s) => line(s.orderId, null))
      .filter(present),
    failed: steps
      .filter((s) => s.failed)
      .map((s) => line(s.orderId, s))
      .filter(present),
    open: open.map((o) => line(o.id, null)).filter(present),
    collected: {
      cash: taken.get('cash') ?? 0,
      bkash: taken.get('bkash') ?? 0,
      nagad: taken.get('nagad') ?? 0,
    },
    held_before: heldBefore,
    handovers: handovers.map(({ h, by }) => ({
      id: h.id,
      amount: h.amount,
      expected: h.expected,
      note: h.note,
      by,
      at: h.createdAt.toISOString(),
    })),
    cash_held: heldNow,
  };
}

/**
 * `POST /api/riders/{id}/settlement`: the cash the rider handed over, against what they held. The
 * money core already counted that cash when the rider took it at the door (a payment in no drawer:
 * the day close shows it as cash taken outside the shifts), so a handover moves no money in the
 * ledger: putting it into a drawer as well would count it twice. A difference stays with the rider
 * (their cash held) until a later handover settles it.
 */
export async function settle(
  ctx: Ctx,
  user: SessionUser,
  actor: Actor,
  riderId: number,
  body: { date: string; cash: number; note: string },
): Promise<Settlement> {
  await ctx.db.transaction(async (tx) => {
    const found = await repo.findRider(tx, riderId);
    if (!found) throw new NotFound(say('riders.notRider'));
    await repo.lockRider(tx, riderId);
    const expected = (await repo.cashHeld(tx, [riderId])).get(riderId) ?? 0;
    const row = await repo.insertHandover(tx, {
      riderId,
      day: body.date,
      amount: body.cash,
      expected,
      note: body.note,
      byUserId: user.id,
    });
    await recordAudit(tx, actor, {
      action: 'rider_settled',
      entity: 'rider',
      entityId: riderId,
      changes: {
        handover_id: row.id,
        rider: found.name,
        day: body.date,
        expected,
        cash: body.cash,
        difference: expected - body.cash,
        ...(body.note && { note: body.note }),
      },
    });
  });
  return settlementOf(ctx, riderId, body.date);
}

/**
 * `GET /api/deliveries/pick-list`: every product to take from the shelves for a slot of a day (or
 * chosen orders), grouped by category, with the total per product and what each order takes.
 */
export async function pickListOf(
  ctx: Ctx,
  q: { date?: string | undefined; slot_start?: string | undefined; order_ids?: string | undefined },
): Promise<PickList> {
  const rows = q.order_ids
    ? await repo.lockless(
        ctx.db,
        q.order_ids.split(',').map((n) => Number(n)),
      )
    : (await orders.deliveriesOf(ctx.db, q.date || today(ctx))).filter(
        (o) => !q.slot_start || o.slotStart === q.slot_start,
      );
  const live = rows.filter((o) => o.status !== ORDER_STATUS.canceled);
  const full = await orders.withLines(ctx.db, live);
  const categoryOf = await repo.categoriesOf(
    ctx.db,
    full.flatMap((o) => o.carts.map((l) => l.product_id).filter((n): n is number => n !== null)),
  );
  const groups = new Map<string, PickList['categories'][number]>();
  const listed = full.map((o) => {
    const lines = o.carts
      .map((l) => ({
        product_id: l.product_id,
        title: l.title,
        attri: l.attri,
        title_bn: l.title_bn,
        attri_bn: l.attri_bn,
        quantity: Math.round((l.quantity - l.returned) * 100) / 100,
        unit: unitOf(l.unit),
      }))
      .filter((l) => l.quantity > 0);
    for (const l of lines) {
      const category = (l.product_id !== null && categoryOf.get(l.product_id)) || { title: '', title_bn: '' };
      const key = category.title;
      let group = groups.get(key);
      if (!group) {
        group = { title: category.title, title_bn: category.title_bn, products: [] };
        groups.set(key, group);
      }
      const productKey = l.product_id ?? `${l.title}|${l.attri}`;
      let product = group.products.find((p) => (p.product_id ?? `${p.title}|${p.attri}`) === productKey);
      if (!product) {
        product = { ...l, quantity: 0, orders: [] };
        group.products.push(product);
      }
      product.quantity = Math.round((product.quantity + l.quantity) * 100) / 100;
      product.orders.push({ order_id: o.id, quantity: l.quantity });
    }
    return {
      id: o.id,
      name: o.name,
      phone: o.phone,
      address: o.address,
      area: o.area,
      note: o.note,
      slot: o.slot ?? null,
      rider: o.rider ?? null,
      lines,
      total: o.subtotal + o.ship - o.discount,
      due: o.due,
      items: Math.round(lines.reduce((n, l) => n + l.quantity, 0) * 100) / 100,
    };
  });
  const byTitle = (a: { title: string }, b: { title: string }) =>
    a.title === '' ? 1 : b.title === '' ? -1 : a.title.localeCompare(b.title);
  return {
    orders: listed,
    categories: [...groups.values()]
      .sort(byTitle)
      .map((g) => ({ ...g, products: [...g.products].sort((a, b) => a.title.localeCompare(b.title)) })),
  };
}

/** `GET /api/deliveries/summary`: the dashboard's card of a day's deliveries. */
export async function summary(ctx: Ctx, day: string | undefined): Promise<DeliveriesSummary> {
  const date = day || today(ctx);
  const { from, to } = await repo.dayBounds(ctx.db, date, ctx.config.shopTz);
  const booked = await orders.deliveriesOf(ctx.db, date);
  const last = await repo.lastSteps(
    ctx.db,
    booked.map((o) => o.id),
  );
  const slots = new Map<string, DeliveriesSummary['slots'][number]>();
  for (const o of booked) {
    const key = o.slotStart ?? '';
    let slot = slots.get(key);
    if (!slot) {
      slot = { start: o.slotStart, end: o.slotEnd, waiting: 0, out: 0, delivered: 0, failed: 0 };
      slots.set(key, slot);
    }
    const state = stateOf(o, last.get(o.id));
    if (state === 'delivered') slot.delivered++;
    else if (state === 'failed') slot.failed++;
    else if (state === 'picked_up') slot.out++;
    else slot.waiting++;
  }
  const done = await repo.deliveredBetween(ctx.db, from, to, ctx.config.shopTz);
  const reasons = await repo.failedReasonsBetween(ctx.db, from, to);
  const riderRows = await repo.listRiders(ctx.db);
  const held = await repo.cashHeld(
    ctx.db,
    riderRows.map((r) => r.id),
  );
  return {
    date,
    slots: [...slots.values()].sort((a, b) => (a.start ?? '').localeCompare(b.start ?? '')),
    delivered: done.delivered,
    on_time: done.onTime,
    failed_reasons: reasons,
    cash_with_riders: [...held.values()].reduce((n, v) => n + Math.max(0, v), 0),
  };
}
