import { eq, sql } from 'drizzle-orm';
import { ROLE } from '@bazar/contracts/common';
import type { Order } from '@bazar/contracts/orders';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { AppError, Forbidden, NotFound } from '../../lib/errors';

export { ShortStock } from './order-stock';
import type { SessionUser } from '../auth/auth.repository';
import { catalogChanged } from '../catalog/catalog.cache';
import { notifyRestocked } from '../catalog/restock';
import { shopSettings } from '../settings/settings.service';
import {
  availabilityChanged,
  insertOrder,
  lockProducts,
  moveLines,
  priceLines,
  runsOut,
  shortages,
  ShortStock,
  subtotalOf,
  type LineInput,
} from './order-stock';
import { stockEffect } from './order-status';
import * as repo from './orders.repository';

async function answer(db: DbOrTx, row: repo.OrderRow): Promise<Order> {
  const [order] = await repo.withLines(db, [row]);
  if (!order) throw new NotFound('Order not found.');
  return order;
}

/**
 * Places a storefront order: priced from the database (offer price, else price; shipping from
 * settings; no discount, nothing paid), all lines in one transaction under row locks. A line the
 * shop cannot fill fails the whole order (409, nothing changes). With an Idempotency-Key a retry
 * gets the order already made. Staff and the customer get an SMS through the outbox.
 */
export async function placeOnlineOrder(
  ctx: Ctx,
  user: SessionUser,
  input: {
    name: string;
    phone: string;
    address: string;
    area: string;
    note?: string | null | undefined;
    carts: LineInput[];
  },
  idempotencyKey: string | undefined,
): Promise<{ order: Order; replay: boolean }> {
  if (idempotencyKey) {
    const existing = await repo.findByIdempotencyKey(ctx.db, user.id, idempotencyKey);
    if (existing) return { order: await answer(ctx.db, existing), replay: true };
  }
  // Read before the transaction: loading them inside would need a second pool connection.
  const settings = await shopSettings(ctx);
  try {
    const order = await ctx.db.transaction(async (tx) => {
      const locked = await lockProducts(
        tx,
        input.carts.map((l) => l.product_id),
      );
      const short = shortages(input.carts, locked.byId);
      if (short.length) throw new ShortStock(short);

      const priced = priceLines(input.carts, locked);
      const subtotal = subtotalOf(priced);
      const { row, lines } = await insertOrder(tx, priced, {
        userId: user.id,
        name: input.name,
        phone: input.phone,
        address: input.address,
        area: input.area,
        note: input.note ?? '',
        subtotal,
        ship: settings.ship,
        discount: 0,
        paid: 0,
        due: subtotal + settings.ship,
        status: 0,
        online: true,
        terminal: 0,
        idempotencyKey: idempotencyKey ?? null,
      });
      await moveLines(
        tx,
        locked,
        priced.map((l) => ({ productId: l.p.id, quantity: l.quantity })),
        -1,
        'order',
        { orderId: row.id, userId: user.id },
      );
      // Catalogue answers are cached; only a product running out changes what shoppers see.
      if (runsOut(input.carts, locked)) await catalogChanged(tx);

      const total = row.subtotal + row.ship;
      const staff = settings.smsNumbers.split(',').filter(Boolean);
      await ctx.sms.enqueueMany(tx, [
        ...staff.map((to) => ({
          to,
          message: `New online order #${row.id}: ${total} BDT, ${row.name} (${row.phone}), ${row.area}.`,
        })),
        {
          to: row.phone,
          message: `Thank you, ${row.name}! Your order #${row.id} is placed: ${total} BDT including delivery. We will call you before delivery.`,
        },
      ]);
      return repo.toOrder(row, lines);
    });
    // No local cache drop here: a run-out product's NOTIFY reaches this server's cache too.
    return { order, replay: false };
  } catch (err) {
    // The same key twice at the same moment: the unique index let one through; answer with it.
    if (idempotencyKey && isUniqueViolation(err)) {
      const existing = await repo.findByIdempotencyKey(ctx.db, user.id, idempotencyKey);
      if (existing) return { order: await answer(ctx.db, existing), replay: true };
    }
    throw err;
  }
}

/** An order the caller may see: its owner or an admin. */
export async function readOrder(ctx: Ctx, user: SessionUser, id: number): Promise<Order> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row) throw new NotFound('Order not found.');
  if (user.role !== ROLE.admin && row.userId !== user.id) throw new Forbidden();
  return answer(ctx.db, row);
}

export async function ordersOfPhone(ctx: Ctx, user: SessionUser, phone: string): Promise<Order[]> {
  if (user.role === ROLE.admin)
    return repo.withLines(ctx.db, await repo.listOrders(ctx.db, { type: 2, status: 0, phone }));
  if (phone !== user.phone) throw new Forbidden();
  return repo.withLines(ctx.db, await repo.listOrders(ctx.db, { type: 2, status: 0, userId: user.id }));
}

/** Applies a status change's stock effect (the transition table), in the caller's transaction. */
async function changeStatus(
  ctx: Ctx,
  tx: DbOrTx,
  order: repo.OrderRow,
  to: number,
  by: number,
): Promise<void> {
  const effect = stockEffect(order.status, to);
  if (effect === 'none') return;
  const lines = (await repo.linesOf(tx, [order.id])).get(order.id) ?? [];
  const live = lines.filter((l) => l.productId !== null);
  const locked = await lockProducts(
    tx,
    live.map((l) => l.productId as number),
  );
  if (effect === 'take' && order.online) {
    // An online order never oversells, also when it is re-activated.
    const short = shortages(
      live.map((l) => ({ product_id: l.productId as number, quantity: Number(l.quantity) })),
      locked.byId,
    );
    if (short.length) throw new ShortStock(short);
  }
  const before = locked.all;
  await moveLines(
    tx,
    locked,
    live.map((l) => ({ productId: l.productId as number, quantity: Number(l.quantity) })),
    effect === 'restore' ? 1 : -1,
    effect === 'restore' ? 'cancel' : 'reactivate',
    { orderId: order.id, userId: by },
  );
  if (effect === 'restore') await notifyRestocked(ctx, tx, before);
  if (await availabilityChanged(tx, before)) await catalogChanged(tx);
}

/**
 * Records an amount received now (a payment row) and the new status, in one transaction; more than
 * the due is refused ("Amount is large"). paid and due always equal what the payments say.
 */
export async function pay(
  ctx: Ctx,
  id: number,
  input: { status: number; paid: number; method?: string | undefined; reference?: string | null | undefined },
  by: number,
): Promise<{ paid: number; due: number; status: number }> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, id, true);
    if (!order) throw new NotFound('Order not found.');
    if (input.paid > order.due) throw new AppError(422, 'Amount is large', { paid: ['Amount is large'] });
    await changeStatus(ctx, tx, order, input.status, by);
    if (input.paid > 0) {
      await repo.insertPayment(tx, {
        orderId: id,
        amount: input.paid,
        method: input.method ?? 'cash',
        reference: input.reference ?? null,
        userId: by,
      });
    }
    const paid = await repo.paymentsTotal(tx, id);
    const [row] = await tx
      .update(orders)
      .set({
        paid,
        due: sql`${orders.subtotal} + ${orders.ship} - ${orders.discount} - ${paid}`,
        status: input.status,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, id))
      .returning({ paid: orders.paid, due: orders.due, status: orders.status });
    if (!row) throw new NotFound('Order not found.');
    return row;
  });
  return result;
}

/** Deletes an order; unless it was cancelled (stock already back), its items go back to stock. */
export async function deleteOrder(ctx: Ctx, id: number, by: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, id, true);
    if (!order) throw new NotFound('Order not found.');
    if (stockEffect(order.status, 4) === 'restore') {
      const lines = ((await repo.linesOf(tx, [id])).get(id) ?? []).filter((l) => l.productId !== null);
      const locked = await lockProducts(
        tx,
        lines.map((l) => l.productId as number),
      );
      const before = locked.all;
      await moveLines(
        tx,
        locked,
        lines.map((l) => ({ productId: l.productId as number, quantity: Number(l.quantity) })),
        1,
        'order-delete',
        { orderId: id, userId: by },
      );
      await notifyRestocked(ctx, tx, before);
      if (await availabilityChanged(tx, before)) await catalogChanged(tx);
    }
    await tx.delete(orders).where(eq(orders.id, id));
  });
}

export async function sendOrderSms(ctx: Ctx, id: number, text: string): Promise<void> {
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw new NotFound('Order not found.');
  await ctx.sms.enqueue(ctx.db, order.phone, text);
}
