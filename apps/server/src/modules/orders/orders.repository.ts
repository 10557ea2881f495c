import { orderAmounts } from '@bazar/contracts/money';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ShopLanguage } from '@bazar/contracts/common';
import { linePoisha } from '@bazar/contracts/money';
import { unitOf } from '@bazar/contracts/catalog';
import {
  ORDER_STATUS,
  type Order,
  type OrderPayment,
  type OrderReturn,
  type OrderRider,
} from '@bazar/contracts/orders';
import { saleDifference } from '@bazar/contracts/till';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  orderLines,
  orders,
  orderStatusEvents,
  payments,
  returnLines,
  returns,
  staffRoles,
  users,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export type LineRow = typeof orderLines.$inferSelect;

/** What an order answer carries besides its row and lines. */
export type OrderDetails = {
  payments: OrderPayment[];
  returns: OrderReturn[];
  cashier: string | null;
  /** The language of the order's customer account; null without one (a walk-in at the till). */
  lang: ShopLanguage | null;
  /** The rider it is assigned to. */
  rider: OrderRider | null;
};

const NO_DETAILS: OrderDetails = { payments: [], returns: [], cashier: null, lang: null, rider: null };

/**
 * Spreads the quantities returned of each product over the order's lines of that product, in line
 * order (one order prices all lines of a product alike, so which line takes it does not matter).
 */
export function returnedPerLine(lines: LineRow[], returns: OrderReturn[]): Map<number, number> {
  const left = new Map<number, number>();
  for (const r of returns)
    for (const l of r.lines)
      if (l.product_id !== null)
        left.set(l.product_id, (left.get(l.product_id) ?? 0) + Math.round(l.quantity * 100));
  const perLine = new Map<number, number>();
  for (const line of lines) {
    if (line.productId === null) continue;
    const want = left.get(line.productId) ?? 0;
    const take = Math.min(want, Math.round(Number(line.quantity) * 100));
    if (take > 0) {
      perLine.set(line.id, take / 100);
      left.set(line.productId, want - take);
    }
  }
  return perLine;
}

export function toOrder(o: OrderRow, lines: LineRow[], known: Partial<OrderDetails> = {}): Order {
  const details = { ...NO_DETAILS, ...known };
  const returned = returnedPerLine(lines, details.returns);
  return {
    id: o.id,
    created: o.createdAt.toISOString(),
    name: o.name,
    phone: o.phone,
    address: o.address,
    area: o.area,
    // The spec's field is the lines after returns (contracts' money.ts: `net`), so that
    // due = subtotal + ship − discount − paid holds in the answer too.
    subtotal: orderAmounts(o).net,
    ship: o.ship,
    discount: o.discount,
    paid: o.paid,
    due: o.due,
    status: o.status,
    note: o.note,
    type: o.online,
    terminal: o.terminal,
    carts: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      product: { title: l.title, price: l.price },
      title: l.title,
      attri: l.attri,
      title_bn: l.titleBn,
      attri_bn: l.attriBn,
      price: l.price,
      quantity: Number(l.quantity),
      unit: unitOf(l.unit),
      label_poisha: l.labelPoisha,
      total: Math.floor(
        linePoisha({ price: l.price, quantity: Number(l.quantity), poisha: l.labelPoisha }) / 100,
      ),
      returned: returned.get(l.id) ?? 0,
    })),
    returned: o.returned,
    payments: details.payments,
    returns: details.returns,
    cashier: details.cashier,
    shift_id: o.shiftId,
    client_id: o.clientId,
    provisional: o.provisional,
    differences: o.differences === null ? null : z.array(saleDifference).parse(o.differences),
    // The cash given back at the till: what was tendered beyond what the cash rows kept.
    change: details.payments.reduce(
      (sum, p) => sum + (p.tendered !== null && p.amount > 0 ? p.tendered - p.amount : 0),
      0,
    ),
    lang: details.lang,
    slot:
      o.deliveryDate && o.slotStart && o.slotEnd
        ? { date: dayText(o.deliveryDate), start: o.slotStart, end: o.slotEnd }
        : null,
    rider: details.rider,
  };
}

/**
 * A date column as YYYY-MM-DD: drizzle reads it as that text; a raw statement's row (place.repository)
 * has node-postgres' Date at local midnight of that day.
 */
function dayText(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

export async function findOrder(db: DbOrTx, id: number, lock = false): Promise<OrderRow | undefined> {
  const q = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, LineRow[]>> {
  const map = new Map<number, LineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const r of rows) map.get(r.orderId)?.push(r);
  return map;
}

/**
 * Orders as answers: with their lines, payments, returns, cashier and their customer's language, in
 * a few batched queries.
 */
export async function withLines(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  // The cashiers (their names) and the customers (their languages), in one read of users.
  const people = [
    ...new Set(
      rows.flatMap((r) => [r.staffId, r.userId, r.riderId].filter((id): id is number => id !== null)),
    ),
  ];
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const lines = await linesOf(db, ids);
  const paid = await paymentsOf(db, ids);
  const back = await returnsOf(db, ids);
  const found = people.length
    ? await db
        .select({ id: users.id, name: users.name, phone: users.phone, lang: users.lang })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  const byId = new Map(found.map((u) => [u.id, u]));
  const riderOf = (id: number | null) => {
    const u = id === null ? undefined : byId.get(id);
    return u ? { id: u.id, name: u.name, phone: u.phone } : null;
  };
  return rows.map((r) =>
    toOrder(r, lines.get(r.id) ?? [], {
      payments: paid.get(r.id) ?? [],
      returns: back.get(r.id) ?? [],
      cashier: r.staffId === null ? null : (byId.get(r.staffId)?.name ?? null),
      lang: r.userId === null ? null : (byId.get(r.userId)?.lang ?? 'en'),
      rider: riderOf(r.riderId),
    }),
  );
}

/** Each order's payments (refunds too), oldest first, with who took them. */
export async function paymentsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderPayment[]>> {
  const map = new Map<number, OrderPayment[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ p: payments, by: users.name })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.id));
  for (const { p, by } of rows) {
    map.get(p.orderId)?.push({
      id: p.id,
      method: p.method as OrderPayment['method'],
      amount: p.amount,
      reference: p.reference,
      tendered: p.tendered,
      created: p.createdAt.toISOString(),
      by,
      return_id: p.returnId,
    });
  }
  return map;
}

/** Each order's returns with their lines, oldest first. */
export async function returnsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderReturn[]>> {
  const map = new Map<number, OrderReturn[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return map;
  const heads = await db
    .select({ r: returns, by: users.name })
    .from(returns)
    .leftJoin(users, eq(users.id, returns.userId))
    .where(inArray(returns.orderId, orderIds))
    .orderBy(asc(returns.id));
  if (heads.length === 0) return map;
  const lines = await db
    .select()
    .from(returnLines)
    .where(
      inArray(
        returnLines.returnId,
        heads.map((h) => h.r.id),
      ),
    )
    .orderBy(asc(returnLines.id));
  for (const { r, by } of heads) {
    map.get(r.orderId)?.push({
      id: r.id,
      value: r.value,
      reason: r.reason,
      created: r.createdAt.toISOString(),
      by,
      lines: lines
        .filter((l) => l.returnId === r.id)
        .map((l) => ({
          product_id: l.productId,
          title: l.title,
          attri: l.attri,
          price: l.price,
          quantity: Number(l.quantity),
        })),
    });
  }
  return map;
}

export async function findByIdempotencyKey(db: DbOrTx, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/** A till sale made with this idempotency key ("<staff id>:<key>"). */
export async function findTillSaleByKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.online, false), eq(orders.idempotencyKey, key)));
  return row;
}

/** The sale the till sent with this client id, if it arrived before. */
/** The newest order a till printed with this provisional number (orders_provisional_idx). */
export async function orderIdOfProvisional(db: DbOrTx, provisional: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.provisional, provisional))
    .orderBy(desc(orders.id))
    .limit(1);
  return row?.id;
}

export async function findOrderByClientId(db: DbOrTx, clientId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.clientId, clientId));
  return row;
}

/** Synced till sales whose lines differed from the server's prices or products, newest first. */
export async function listDifferences(db: DbOrTx, limit = 200): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(sql`${orders.differences} IS NOT NULL`)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The orders booked for a delivery day (cancelled ones left out), in slot order, then oldest first. */
export async function deliveriesOf(db: DbOrTx, day: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.deliveryDate, day), sql`${orders.status} <> ${ORDER_STATUS.canceled}`))
    .orderBy(asc(orders.slotStart), asc(orders.id))
    .limit(2000);
}

/**
 * The order's timeline, oldest first: each step with the name of the staff member who made it
 * (and whether a rider did) and a failed delivery's reason and note.
 */
export async function timelineOf(db: DbOrTx, orderId: number) {
  return db
    .select({
      status: orderStatusEvents.status,
      at: orderStatusEvents.at,
      by: users.name,
      // Made by a rider (their name is the customer's to see: the SMS gave it already).
      rider: sql<boolean>`coalesce(${staffRoles.key} <> 'owner' AND 'deliveries.ride' = ANY (${staffRoles.permissions}), false)`,
      failed: orderStatusEvents.failed,
      note: orderStatusEvents.note,
    })
    .from(orderStatusEvents)
    .leftJoin(users, eq(users.id, orderStatusEvents.byUserId))
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id));
}

/** The phone and language of a customer account (undefined when it is gone). */
/** The customer was told the order is placed (its first online payment confirmed). */
export async function markToldPlaced(db: DbOrTx, id: number): Promise<void> {
  await db.update(orders).set({ toldPlaced: true }).where(eq(orders.id, id));
}

export async function customerContact(
  db: DbOrTx,
  userId: number,
): Promise<{ phone: string; lang: ShopLanguage } | undefined> {
  const [row] = await db
    .select({ phone: users.phone, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
