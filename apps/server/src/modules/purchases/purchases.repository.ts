import type { Purchase, Supplier } from '@bazar/contracts/purchases';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { purchaseLines, purchases, suppliers } from '../../db/schema';

const supplierColumns = {
  id: suppliers.id,
  name: suppliers.name,
  phone: suppliers.phone,
  address: suppliers.address,
  due: suppliers.due,
  lead_days: suppliers.leadDays,
  purchases: sql<number>`(SELECT count(*)::int FROM purchases p WHERE p.supplier_id = "suppliers"."id")`,
  created: sql<string>`to_char(${suppliers.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** Every supplier, by name, with what the shop owes each and how many purchases it has. */
export function listSuppliers(db: DbOrTx): Promise<Supplier[]> {
  return db
    .select(supplierColumns)
    .from(suppliers)
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
}

export async function findSupplier(db: DbOrTx, id: number): Promise<Supplier | undefined> {
  const [row] = await db.select(supplierColumns).from(suppliers).where(eq(suppliers.id, id));
  return row;
}

/** The supplier, locked until the transaction ends (its due changes). */
export async function lockSupplier(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: suppliers.id, due: suppliers.due, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .for('update');
  return row;
}

/** A new supplier's id, or undefined when the name is taken (case aside). */
export async function insertSupplier(
  db: DbOrTx,
  values: { name: string; phone: string; address: string; lead_days?: number | null | undefined },
): Promise<number | undefined> {
  const { lead_days, ...rest } = values;
  const [row] = await db
    .insert(suppliers)
    .values({ ...rest, leadDays: lead_days ?? null })
    .onConflictDoNothing()
    .returning({ id: suppliers.id });
  return row?.id;
}

/** Renames or moves a supplier: 'taken' when another has that name, 'missing' when none has this id. */
export async function updateSupplier(
  db: DbOrTx,
  id: number,
  values: { name: string; phone: string; address: string; lead_days?: number | null | undefined },
): Promise<'ok' | 'taken' | 'missing'> {
  const { lead_days, ...rest } = values;
  const clash = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(sql`lower(${suppliers.name}) = lower(${values.name})`, sql`${suppliers.id} <> ${id}`));
  if (clash.length) return 'taken';
  const res = await db
    .update(suppliers)
    // A lead time left out keeps the one set before.
    .set({ ...rest, ...(lead_days !== undefined && { leadDays: lead_days }) })
    .where(eq(suppliers.id, id))
    .returning({ id: suppliers.id });
  return res.length ? 'ok' : 'missing';
}

export async function changeSupplierDue(tx: DbOrTx, id: number, delta: number): Promise<void> {
  await tx
    .update(suppliers)
    .set({ due: sql`${suppliers.due} + ${delta}` })
    .where(eq(suppliers.id, id));
}

export async function deleteSupplier(db: DbOrTx, id: number): Promise<boolean> {
  const res = await db.delete(suppliers).where(eq(suppliers.id, id)).returning({ id: suppliers.id });
  return res.length > 0;
}

export async function supplierHasPurchases(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(eq(purchases.supplierId, id))
    .limit(1);
  return row !== undefined;
}

export async function insertPurchase(
  tx: DbOrTx,
  values: {
    supplierId: number;
    invoice: string;
    day: string;
    total: number;
    paid: number;
    note: string;
    userId: number;
    purchaseOrderId?: number | null;
  },
  lines: Array<{
    productId: number;
    title: string;
    attri: string;
    titleBn: string;
    attriBn: string;
    quantity: number;
    buyprice: number;
    total: number;
  }>,
): Promise<number> {
  const [row] = await tx.insert(purchases).values(values).returning({ id: purchases.id });
  if (!row) throw new Error('insert purchases returned nothing');
  await tx
    .insert(purchaseLines)
    .values(lines.map((l) => ({ ...l, quantity: l.quantity.toFixed(2), purchaseId: row.id })));
  return row.id;
}

/** The purchase, locked, with its lines' products and quantities (what a delete takes back). */
export async function lockPurchase(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(purchases).where(eq(purchases.id, id)).for('update');
  if (!row) return undefined;
  const lines = await tx
    .select({ productId: purchaseLines.productId, quantity: purchaseLines.quantity })
    .from(purchaseLines)
    .where(eq(purchaseLines.purchaseId, id));
  return { ...row, lines: lines.map((l) => ({ productId: l.productId, quantity: Number(l.quantity) })) };
}

export async function deletePurchase(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(purchases).where(eq(purchases.id, id));
}

export type PurchaseFilter = { supplierId?: number; from?: string; to?: string };

function where(f: PurchaseFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.supplierId !== undefined) parts.push(eq(purchases.supplierId, f.supplierId));
  if (f.from) parts.push(sql`${purchases.day} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${purchases.day} <= ${f.to}::date`);
  return parts.length ? and(...parts) : undefined;
}

/** Purchases of the filter, newest first, with their lines (one page, or the one asked for). */
export async function listPurchases(
  db: DbOrTx,
  filter: PurchaseFilter & { id?: number; beforeId?: number },
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
  order: 'day' | 'id' = 'day',
): Promise<Purchase[]> {
  const rows = await db
    .select({
      id: purchases.id,
      supplier_id: purchases.supplierId,
      supplier: suppliers.name,
      invoice: purchases.invoice,
      date: sql<string>`${purchases.day}::text`,
      total: purchases.total,
      paid: purchases.paid,
      note: purchases.note,
      created: sql<string>`to_char(${purchases.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(purchases)
    .innerJoin(suppliers, eq(suppliers.id, purchases.supplierId))
    .where(
      filter.id !== undefined
        ? eq(purchases.id, filter.id)
        : and(
            where(filter),
            filter.beforeId === undefined ? undefined : sql`${purchases.id} < ${filter.beforeId}`,
          ),
    )
    .orderBy(...(order === 'day' ? [desc(purchases.day), desc(purchases.id)] : [desc(purchases.id)]))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(purchaseLines)
    .where(
      inArray(
        purchaseLines.purchaseId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(purchaseLines.id));
  return rows.map((r) => ({
    ...r,
    due: r.total - r.paid,
    lines: lines
      .filter((l) => l.purchaseId === r.id)
      .map((l) => ({
        id: l.id,
        product_id: l.productId,
        title: l.title,
        attri: l.attri,
        title_bn: l.titleBn,
        attri_bn: l.attriBn,
        quantity: Number(l.quantity),
        buyprice: l.buyprice,
        total: l.total,
      })),
  }));
}

/** How many purchases match and what they cost, paid and left unpaid in all. */
export async function purchaseTotals(db: DbOrTx, filter: PurchaseFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${purchases.total}), 0)::bigint`,
      paid: sql<number>`coalesce(sum(${purchases.paid}), 0)::bigint`,
    })
    .from(purchases)
    .where(where(filter));
  const count = row?.count ?? 0;
  const total = Number(row?.total ?? 0);
  const paid = Number(row?.paid ?? 0);
  return { count, totals: { purchases: count, total, paid, due: total - paid } };
}

/** Purchases of the filter entered before `beforeId`, newest first (an export's batches). */
export function purchaseBatch(
  db: DbOrTx,
  filter: PurchaseFilter,
  beforeId: number | undefined,
  limit: number,
) {
  return listPurchases(db, { ...filter, beforeId }, { limit, offset: 0 }, 'id');
}
