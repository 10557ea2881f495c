import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ROLE } from '@bazar/contracts/common';
import type { Order } from '@bazar/contracts/orders';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { orderLines, orders, products } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { AppError, Forbidden, NotFound } from '../../lib/errors';
import type { SessionUser } from '../auth/auth.repository';
import { catalogChanged } from '../catalog/catalog.cache';
import { findProducts, lockForUpdate, type ProductRow } from '../catalog/products.repository';
import { isAvailable, notifyRestocked } from '../catalog/restock';
import { shopSettings } from '../settings/settings.service';
import { adjustStockMany, type StockReason, type StockRefs } from '../stock/stock.repository';
import { stockEffect } from './order-status';
import * as repo from './orders.repository';

type LineInput = { product_id: number; quantity: number };

/** 409 listing the lines the shop cannot fill: the order changed nothing. */
export class ShortStock extends AppError {
  constructor(
    readonly lines: Array<{ product_id: number; title: string; attri: string; available: number }>,
  ) {
    super(409, 'Some products in your cart are not available in the quantity you asked for.', undefined, {
      lines,
    });
  }
}

const unitKey = (p: ProductRow) => (p.linkQty ? `g${p.groupId}` : `p${p.id}`);
const hundredths = (n: number) => Math.round(n * 100);

type Locked = {
  /** The lines' own products, by id. */
  byId: Map<number, ProductRow>;
  /** Every locked product, the lines' bound-group members included. */
  all: ProductRow[];
};

/** Locks every product of these lines (and of their bound groups) in id order, so orders never deadlock. */
async function lockProducts(tx: DbOrTx, ids: number[]): Promise<Locked> {
  // The lines' products and every member of their bound groups, in one locking read.
  const boundGroups = tx
    .select({ groupId: products.groupId })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.linkQty, true)));
  const all = await lockForUpdate(tx, or(inArray(products.id, ids), inArray(products.groupId, boundGroups)));
  const wanted = new Set(ids);
  return { byId: new Map(all.filter((p) => wanted.has(p.id)).map((p) => [p.id, p])), all };
}

/**
 * Moves the stock of these lines (sign -1 takes, +1 puts back) in one statement: with Bind Stock
 * every member of the product's group moves too (they are locked by lockProducts). Ledger rows included.
 */
async function moveLines(
  tx: DbOrTx,
  locked: Locked,
  lines: Array<{ productId: number; quantity: number }>,
  sign: 1 | -1,
  reason: StockReason,
  refs: StockRefs,
): Promise<void> {
  const moves: Array<{ productId: number; delta: number }> = [];
  for (const l of lines) {
    const p = locked.byId.get(l.productId);
    if (!p) continue;
    const unit = p.linkQty ? locked.all.filter((m) => m.groupId === p.groupId) : [p];
    for (const m of unit) moves.push({ productId: m.id, delta: sign * l.quantity });
  }
  await adjustStockMany(tx, moves, reason, refs);
}

/** True when these lines take the last of a product that was available (computed from the locked rows). */
function runsOut(lines: LineInput[], locked: Locked): boolean {
  const asked = new Map<string, number>();
  for (const l of lines) {
    const p = locked.byId.get(l.product_id);
    if (p) asked.set(unitKey(p), (asked.get(unitKey(p)) ?? 0) + hundredths(l.quantity));
  }
  return locked.all.some(
    (p) => isAvailable(p) && hundredths(Number(p.qty)) - (asked.get(unitKey(p)) ?? 0) <= 0,
  );
}

/** The storefront shows "Stock Out" from availability: only a change of it needs fresh catalogue answers. */
async function availabilityChanged(tx: DbOrTx, before: ProductRow[]): Promise<boolean> {
  const after = new Map(
    (
      await findProducts(
        tx,
        before.map((p) => p.id),
      )
    ).map((p) => [p.id, p]),
  );
  return before.some((p) => {
    const now = after.get(p.id);
    return !now || isAvailable(now) !== isAvailable(p);
  });
}

/** Checks lines against locked stock; returns the shortages (none means the order can be filled). */
function shortages(lines: LineInput[], locked: Map<number, ProductRow>) {
  const asked = new Map<string, number>();
  for (const l of lines) {
    const p = locked.get(l.product_id);
    if (p) asked.set(unitKey(p), (asked.get(unitKey(p)) ?? 0) + hundredths(l.quantity));
  }
  const short: ShortStock['lines'] = [];
  for (const l of lines) {
    const p = locked.get(l.product_id);
    if (!p) {
      short.push({
        product_id: l.product_id,
        title: 'This product is no longer sold',
        attri: '',
        available: 0,
      });
      continue;
    }
    const left = Math.max(0, Number(p.qty));
    if (p.stockOut || (asked.get(unitKey(p)) ?? 0) > hundredths(left)) {
      short.push({ product_id: p.id, title: p.title, attri: p.attri, available: p.stockOut ? 0 : left });
    }
  }
  return short;
}

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

      const priced = input.carts.map((l) => {
        const p = locked.byId.get(l.product_id) as ProductRow;
        return { p, quantity: l.quantity, price: p.offprice ?? p.price };
      });
      const subtotal = Math.floor(priced.reduce((sum, l) => sum + l.price * hundredths(l.quantity), 0) / 100);
      const [row] = await tx
        .insert(orders)
        .values({
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
        })
        .returning();
      if (!row) throw new Error('insert orders returned nothing');
      const lines = await tx
        .insert(orderLines)
        .values(
          priced.map((l) => ({
            orderId: row.id,
            productId: l.p.id,
            title: l.p.title,
            attri: l.p.attri,
            price: l.price,
            buyprice: l.p.buyprice,
            quantity: l.quantity.toFixed(2),
          })),
        )
        .returning();
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
