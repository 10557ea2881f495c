import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, stockBatches } from '../../db/schema';

/** A batch row as the screens read it (quantities as text from numeric). */
export type BatchRow = {
  id: number;
  product_id: number;
  expiry: string;
  code: string;
  qty: string;
  value: string;
  days_left: number;
};

const batchColumns = (today: string) => sql`
  b.id, b.product_id, b.expiry::text AS expiry, b.code, b.qty::text AS qty,
  floor(b.qty * p.buyprice)::text AS value, (b.expiry - ${today}::date) AS days_left`;

/** A product's batches that hold stock, first-expiring first, with its quantity and whether it tracks expiry. */
export async function batchesOf(db: DbOrTx, productId: number, today: string) {
  const [product] = await db
    .select({ id: products.id, qty: products.qty, trackExpiry: products.trackExpiry })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return undefined;
  const rows = await db.execute<BatchRow>(sql`
    SELECT ${batchColumns(today)}
    FROM stock_batches b JOIN products p ON p.id = b.product_id
    WHERE b.product_id = ${productId} AND b.qty > 0
    ORDER BY b.expiry, b.id`);
  return { product, batches: rows.rows };
}

/** Batches of products that track expiry, holding stock, expiring on or before `until` (expired ones too). */
export async function expiringBatches(db: DbOrTx, today: string, until: string) {
  const rows = await db.execute<
    BatchRow & {
      title: string;
      attri: string;
      title_bn: string;
      attri_bn: string;
      unit: string;
      price: number;
      offprice: number | null;
    }
  >(sql`
    SELECT ${batchColumns(today)}, p.title, p.attri, p.title_bn, p.attri_bn, p.unit, p.price, p.offprice
    FROM stock_batches b JOIN products p ON p.id = b.product_id
    WHERE b.qty > 0 AND p.track_expiry AND b.expiry <= ${until}::date
    ORDER BY b.expiry, p.title, b.id`);
  return rows.rows;
}

/** One batch with its product's prices (for the offer and the write-off). */
export async function findBatch(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: stockBatches.id,
      productId: stockBatches.productId,
      expiry: stockBatches.expiry,
      code: stockBatches.code,
      qty: stockBatches.qty,
    })
    .from(stockBatches)
    .where(eq(stockBatches.id, id));
  return row && { ...row, qty: Number(row.qty) };
}

/** Whether the product tracks expiry; turning it off forgets its batches (its stock has no date). */
export async function setTracking(tx: DbOrTx, productId: number, track: boolean): Promise<void> {
  await tx
    .update(products)
    .set({ trackExpiry: track, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
  if (!track) await tx.delete(stockBatches).where(eq(stockBatches.productId, productId));
}

/** Puts a product on offer at this price. */
export async function setOffer(tx: DbOrTx, productId: number, offprice: number): Promise<void> {
  await tx
    .update(products)
    .set({ offprice, offer: true, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/** The ids of the products that track expiry. */
export async function trackingIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.trackExpiry, true));
  return rows.map((r) => r.id);
}

/**
 * For the till, per product that tracks expiry: its batches holding stock (expiry and quantity),
 * first-expiring first. Products without any are left out.
 */
export async function tillBatches(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, Array<{ expiry: string; qty: number }>>();
  const ids = `{${productIds.map((n) => Math.trunc(n)).join(',')}}`;
  const res = await db.execute<{ product_id: number; expiry: string; qty: string }>(sql`
    SELECT b.product_id, b.expiry::text AS expiry, b.qty::text AS qty
    FROM stock_batches b JOIN products p ON p.id = b.product_id
    WHERE b.product_id = ANY(${ids}::int[]) AND b.qty > 0 AND p.track_expiry
    ORDER BY b.product_id, b.expiry, b.id`);
  const out = new Map<number, Array<{ expiry: string; qty: number }>>();
  for (const r of res.rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ expiry: r.expiry, qty: Number(r.qty) });
    out.set(r.product_id, list);
  }
  return out;
}
