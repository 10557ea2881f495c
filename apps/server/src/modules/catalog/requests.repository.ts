import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
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

export async function listRequests(db: DbOrTx) {
  return db
    .select({
      id: productRequests.id,
      name: users.name,
      phone: users.phone,
      product_id: products.id,
      product_title: products.title,
      product_attri: products.attri,
      product_price: sql<number>`coalesce(${products.offprice}, ${products.price})`,
      created: productRequests.createdAt,
    })
    .from(productRequests)
    .innerJoin(users, eq(users.id, productRequests.userId))
    .innerJoin(products, eq(products.id, productRequests.productId))
    .orderBy(desc(productRequests.createdAt), desc(productRequests.id))
    .limit(500);
}

/** Closes the open requests of these products and returns who asked, for the SMS. */
export async function closeOpenRequests(db: DbOrTx, productIds: number[], now: Date) {
  if (productIds.length === 0) return [];
  return db
    .update(productRequests)
    .set({ notifiedAt: now })
    .where(and(inArray(productRequests.productId, productIds), isNull(productRequests.notifiedAt)))
    .returning({ userId: productRequests.userId, productId: productRequests.productId });
}
