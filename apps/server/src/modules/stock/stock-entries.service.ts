import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { StockEntry } from '@bazar/contracts/stock';
import { products, stockEntries, stockEntryItems } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { NotFound } from '../../lib/errors';
import { catalogChanged } from '../catalog/catalog.cache';
import { notifyRestocked } from '../catalog/restock';
import {
  availabilityChanged,
  lockProducts,
  moveLines,
  ShortStock,
  unitKey,
  type Locked,
} from '../orders/order-stock';
import type { DbOrTx } from '../../db/client';

/** Two members of one Bind Stock group in an entry share one count: it grows by qty once, not twice. */
function oncePerUnit(ids: number[], locked: Locked): number[] {
  const seen = new Set<string>();
  return ids.filter((pid) => {
    const p = locked.byId.get(pid);
    if (!p) return false;
    const key = unitKey(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Adds a stock entry: `qty` more of each listed product (with Bind Stock, of its whole group), and
 * `price` becomes their buy price; one transaction with the ledger rows. Customers waiting for a
 * product that comes back get their SMS.
 */
export async function addStockEntry(
  ctx: Ctx,
  userId: number,
  input: { price: number; qty: number; items: Array<{ id: number }> },
): Promise<StockEntry> {
  const ids = [...new Set(input.items.map((i) => i.id))];
  const id = await ctx.db.transaction(async (tx) => {
    const locked = await lockProducts(tx, ids);
    const gone = ids.filter((pid) => !locked.byId.has(pid));
    if (gone.length) {
      throw new ShortStock(
        gone.map((pid) => ({
          product_id: pid,
          title: 'This product is no longer sold',
          attri: '',
          available: 0,
        })),
      );
    }
    const before = locked.all;
    const [entry] = await tx
      .insert(stockEntries)
      .values({ price: input.price, qty: input.qty.toFixed(2), userId })
      .returning({ id: stockEntries.id });
    if (!entry) throw new Error('insert stock_entries returned nothing');
    await tx.insert(stockEntryItems).values(
      ids.map((pid) => {
        const p = locked.byId.get(pid);
        return { entryId: entry.id, productId: pid, title: p?.title ?? '', attri: p?.attri ?? '' };
      }),
    );
    await moveLines(
      tx,
      locked,
      oncePerUnit(ids, locked).map((pid) => ({ productId: pid, quantity: input.qty })),
      1,
      'stock-entry',
      { stockEntryId: entry.id, userId },
    );
    await tx.update(products).set({ buyprice: input.price }).where(inArray(products.id, ids));
    await notifyRestocked(ctx, tx, before);
    if (await availabilityChanged(tx, before)) await catalogChanged(tx);
    return entry.id;
  });
  const [entry] = await listStockEntries(ctx.db, id);
  if (!entry) throw new NotFound('Stock entry not found.');
  return entry;
}

/** Deletes a stock entry and takes its quantity back from each product still sold (buy prices stay). */
export async function deleteStockEntry(ctx: Ctx, userId: number, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(stockEntries).where(eq(stockEntries.id, id)).for('update');
    if (!entry) throw new NotFound('Stock entry not found.');
    const items = await tx.select().from(stockEntryItems).where(eq(stockEntryItems.entryId, id));
    const ids = [...new Set(items.flatMap((i) => (i.productId === null ? [] : [i.productId])))];
    if (ids.length) {
      const locked = await lockProducts(tx, ids);
      const before = locked.all;
      await moveLines(
        tx,
        locked,
        oncePerUnit(ids, locked).map((pid) => ({ productId: pid, quantity: Number(entry.qty) })),
        -1,
        'stock-entry-delete',
        { stockEntryId: id, userId },
      );
      if (await availabilityChanged(tx, before)) await catalogChanged(tx);
    }
    await tx.delete(stockEntries).where(eq(stockEntries.id, id));
  });
}

/** Stock entries with their products, newest first (or just the one asked for). */
export async function listStockEntries(db: DbOrTx, onlyId?: number): Promise<StockEntry[]> {
  const entries = await db
    .select()
    .from(stockEntries)
    .where(onlyId === undefined ? undefined : eq(stockEntries.id, onlyId))
    .orderBy(desc(stockEntries.id));
  if (entries.length === 0) return [];
  const items = await db
    .select()
    .from(stockEntryItems)
    .where(
      inArray(
        stockEntryItems.entryId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(stockEntryItems.id));
  return entries.map((e) => ({
    id: e.id,
    price: e.price,
    qty: Number(e.qty),
    product_list: items
      .filter((i) => i.entryId === e.id)
      .map((i) => ({ id: i.productId, title: i.title, attri: i.attri })),
    created: e.createdAt.toISOString(),
  }));
}
