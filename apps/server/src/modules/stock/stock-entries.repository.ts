import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, stockEntries, stockEntryItems } from '../../db/schema';

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

/**
 * Stock entries with their products, newest first (or just the one asked for): each product's
 * title and attribute as at the entry, and its Bangla ones as now ('' when it has none or is gone).
 * `page.beforeId`: only entries older than that one (the export reads them in batches by id).
 */
export async function listEntries(
  db: DbOrTx,
  onlyId?: number,
  page: { limit: number; offset: number; beforeId?: number | undefined } = { limit: 1, offset: 0 },
) {
  const entries = await db
    .select()
    .from(stockEntries)
    .where(
      and(
        onlyId === undefined ? undefined : eq(stockEntries.id, onlyId),
        page.beforeId === undefined ? undefined : lt(stockEntries.id, page.beforeId),
      ),
    )
    .orderBy(desc(stockEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  if (entries.length === 0) return [];
  const items = await db
    .select({
      entryId: stockEntryItems.entryId,
      productId: stockEntryItems.productId,
      title: stockEntryItems.title,
      attri: stockEntryItems.attri,
      titleBn: sql<string>`coalesce(${products.titleBn}, '')`,
      attriBn: sql<string>`coalesce(${products.attriBn}, '')`,
    })
    .from(stockEntryItems)
    .leftJoin(products, eq(products.id, stockEntryItems.productId))
    .where(
      inArray(
        stockEntryItems.entryId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(stockEntryItems.id));
  const byEntry = new Map<number, typeof items>();
  for (const i of items) {
    const list = byEntry.get(i.entryId);
    if (list) list.push(i);
    else byEntry.set(i.entryId, [i]);
  }
  return entries.map((e) => ({
    id: e.id,
    price: e.price,
    qty: Number(e.qty),
    product_list: (byEntry.get(e.id) ?? []).map((i) => ({
      id: i.productId,
      title: i.title,
      attri: i.attri,
      title_bn: i.titleBn,
      attri_bn: i.attriBn,
    })),
    created: e.createdAt.toISOString(),
  }));
}

/**
 * How many stock entries there are and what they cost in all (every page): price × quantity of
 * each entry, by the money rule (the exact sum, rounded down once).
 */
export async function entryTotals(db: DbOrTx) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      invested: sql<string>`coalesce(floor(sum(${stockEntries.price} * round(${stockEntries.qty} * 100)) FILTER (WHERE ${stockEntries.qty} >= 0) / 100), 0)::bigint`,
    })
    .from(stockEntries);
  return { count: Number(row?.count ?? 0), invested: Number(row?.invested ?? 0) };
}
