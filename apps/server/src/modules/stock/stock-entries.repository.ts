import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stockEntries, stockEntryItems } from '../../db/schema';

export async function insertEntry(
  tx: DbOrTx,
  values: { price: number; qty: number; userId: number },
  items: Array<{ productId: number; title: string; attri: string }>,
): Promise<number> {
  const [entry] = await tx
    .insert(stockEntries)
    .values({ price: values.price, qty: values.qty.toFixed(2), userId: values.userId })
    .returning({ id: stockEntries.id });
  if (!entry) throw new Error('insert stock_entries returned nothing');
  if (items.length) await tx.insert(stockEntryItems).values(items.map((i) => ({ ...i, entryId: entry.id })));
  return entry.id;
}

/** The entry, locked until the transaction ends, with the products it still refers to. */
export async function lockEntry(tx: DbOrTx, id: number) {
  const [entry] = await tx.select().from(stockEntries).where(eq(stockEntries.id, id)).for('update');
  if (!entry) return undefined;
  const items = await tx.select().from(stockEntryItems).where(eq(stockEntryItems.entryId, id));
  return {
    qty: Number(entry.qty),
    productIds: [...new Set(items.flatMap((i) => (i.productId === null ? [] : [i.productId])))],
  };
}

export async function deleteEntry(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(stockEntries).where(eq(stockEntries.id, id));
}

/** Stock entries with their products, newest first (or just the one asked for). */
export async function listEntries(db: DbOrTx, onlyId?: number) {
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
