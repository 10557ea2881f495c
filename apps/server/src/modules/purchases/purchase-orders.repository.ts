import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, purchaseOrderLines, purchaseOrders, purchases, suppliers } from '../../db/schema';

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;

export async function insertOrder(
  tx: DbOrTx,
  order: { supplierId: number; note: string; userId: number },
  lines: Array<{ productId: number; quantity: number; buyprice: number }>,
): Promise<number> {
  const [row] = await tx.insert(purchaseOrders).values(order).returning({ id: purchaseOrders.id });
  if (!row) throw new Error('insert purchase_orders returned nothing');
  const names = await tx
    .select({ id: products.id, title: products.title, attri: products.attri })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    );
  const byId = new Map(names.map((p) => [p.id, p]));
  await tx.insert(purchaseOrderLines).values(
    lines.map((l) => ({
      orderId: row.id,
      productId: l.productId,
      title: byId.get(l.productId)?.title ?? '',
      attri: byId.get(l.productId)?.attri ?? '',
      quantity: l.quantity.toFixed(2),
      buyprice: l.buyprice,
    })),
  );
  return row.id;
}

/** Which of these products exist. */
export async function existingProducts(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function findOrder(db: DbOrTx, id: number, lock = false): Promise<PurchaseOrderRow | undefined> {
  const q = db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Orders, newest first (or of one status), at most 200. */
export async function listOrders(db: DbOrTx, status?: string): Promise<PurchaseOrderRow[]> {
  return db
    .select()
    .from(purchaseOrders)
    .where(status ? eq(purchaseOrders.status, status) : undefined)
    .orderBy(desc(purchaseOrders.id))
    .limit(200);
}

export async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, PurchaseOrderLineRow[]>> {
  const out = new Map<number, PurchaseOrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.orderId, orderIds))
    .orderBy(asc(purchaseOrderLines.id));
  for (const r of rows) out.get(r.orderId)?.push(r);
  return out;
}

export async function suppliersOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; phone: string }>();
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name, phone: suppliers.phone })
    .from(suppliers)
    .where(inArray(suppliers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function purchasesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ id: purchases.id, orderId: purchases.purchaseOrderId })
    .from(purchases)
    .where(inArray(purchases.purchaseOrderId, orderIds))
    .orderBy(asc(purchases.id));
  for (const r of rows) if (r.orderId !== null) out.get(r.orderId)?.push(r.id);
  return out;
}

export async function setStatus(tx: DbOrTx, id: number, status: string, at: 'sent' | 'closed' | null) {
  await tx
    .update(purchaseOrders)
    .set({
      status,
      ...(at === 'sent' && { sentAt: sql`now()` }),
      ...(at === 'closed' && { closedAt: sql`now()` }),
    })
    .where(eq(purchaseOrders.id, id));
}

/** Adds what came to each line of the order. */
export async function addReceived(tx: DbOrTx, orderId: number, received: Map<number, number>): Promise<void> {
  for (const [productId, qty] of received) {
    await tx
      .update(purchaseOrderLines)
      .set({ received: sql`${purchaseOrderLines.received} + ${qty.toFixed(2)}::numeric` })
      .where(and(eq(purchaseOrderLines.orderId, orderId), eq(purchaseOrderLines.productId, productId)));
  }
}
