import { desc, eq, sql } from 'drizzle-orm';
import { asShopLanguage } from '@bazar/contracts/common';
import type { DbOrTx } from '../../db/client';
import { productRequests, products, users } from '../../db/schema';

/** Opens a request unless this customer already has one open for the product. */
export async function openRequest(db: DbOrTx, userId: number, productId: number): Promise<void> {
  await db
    .insert(productRequests)
    .values({ userId, productId })
    .onConflictDoNothing({
      target: [productRequests.userId, productRequests.productId],
      where: sql`${productRequests.notifiedAt} IS NULL`,
    });
}

export async function listRequests(db: DbOrTx, page: { limit: number; offset: number }) {
  return db
    .select({
      id: productRequests.id,
      name: users.name,
      phone: users.phone,
      product_id: products.id,
      product_title: products.title,
      product_attri: products.attri,
      product_title_bn: products.titleBn,
      product_attri_bn: products.attriBn,
      product_price: sql<number>`coalesce(${products.offprice}, ${products.price})`,
      created: productRequests.createdAt,
    })
    .from(productRequests)
    .innerJoin(users, eq(users.id, productRequests.userId))
    .innerJoin(products, eq(products.id, productRequests.productId))
    .orderBy(desc(productRequests.createdAt), desc(productRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many requests the list holds (every page: those of accounts and products still there). */
export async function requestCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productRequests)
    .innerJoin(users, eq(users.id, productRequests.userId))
    .innerJoin(products, eq(products.id, productRequests.productId));
  return Number(row?.n ?? 0);
}

/**
 * Closes the open requests of these products and returns who asked (phone and language), for the
 * SMS: only accounts whose phone is verified get one (an unverified account's request is closed
 * without a text).
 */
export async function closeOpenRequests(db: DbOrTx, productIds: number[], now: Date) {
  if (productIds.length === 0) return [];
  const res = await db.execute<{ product_id: number; phone: string | null; lang: string | null }>(sql`
    WITH closed AS (
      UPDATE product_requests SET notified_at = ${now}
      WHERE product_id IN ${sql.raw(`(${productIds.map((id) => Math.trunc(id)).join(',')})`)}
        AND notified_at IS NULL
      RETURNING user_id, product_id)
    SELECT c.product_id, u.phone, u.lang FROM closed c LEFT JOIN users u ON u.id = c.user_id AND u.status = 1
    ORDER BY c.product_id, u.phone`);
  return res.rows.flatMap((r) =>
    r.phone ? [{ productId: r.product_id, phone: r.phone, lang: asShopLanguage(r.lang ?? 'en') }] : [],
  );
}

/** Whether a product can be ordered now (not flagged stock-out, something left), or undefined if it does not exist. */
export async function findAvailability(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ id: products.id, qty: products.qty, stockOut: products.stockOut })
    .from(products)
    .where(eq(products.id, productId));
  return row && { id: row.id, qty: Number(row.qty), stockOut: row.stockOut };
}
