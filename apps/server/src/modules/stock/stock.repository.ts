import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, stockLedger, type STOCK_REASONS } from '../../db/schema';

export type StockReason = (typeof STOCK_REASONS)[number];
export type StockRefs = { orderId?: number; stockEntryId?: number; userId?: number | null };

/** What the stock core knows of a product: enough to move, check, price and snapshot an order line. */
export type StockRow = {
  id: number;
  groupId: number;
  title: string;
  attri: string;
  price: number;
  offprice: number | null;
  buyprice: number;
  /** Exact to the hundredth (numeric(12,2) in the database). */
  qty: number;
  stockOut: boolean;
  linkQty: boolean;
  unit: string;
};

const columns = {
  id: products.id,
  groupId: products.groupId,
  title: products.title,
  attri: products.attri,
  price: products.price,
  offprice: products.offprice,
  buyprice: products.buyprice,
  qty: products.qty,
  stockOut: products.stockOut,
  linkQty: products.linkQty,
  unit: products.unit,
};

const toRow = (r: Omit<StockRow, 'qty'> & { qty: string }): StockRow => ({ ...r, qty: Number(r.qty) });
const qtyText = (n: number) => n.toFixed(2);

/**
 * Locks these products and every member of their Bind Stock groups FOR UPDATE, in id order (so two
 * writers never deadlock), in one statement; returns them in id order.
 */
export async function lockStockRows(tx: DbOrTx, ids: number[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  const boundGroups = tx
    .select({ groupId: products.groupId })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.linkQty, true)));
  const rows = await tx
    .select(columns)
    .from(products)
    .where(or(inArray(products.id, ids), inArray(products.groupId, boundGroups)))
    .orderBy(asc(products.id))
    .for('update');
  return rows.map(toRow);
}

/** The products as they are now (inside the transaction that holds their locks). */
export async function readStockRows(tx: DbOrTx, ids: number[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(columns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  return rows.map(toRow);
}

/**
 * Applies quantity changes (in hundredths, summed per product) in one statement, each with its
 * ledger row: the change and its ledger row cannot part ways. The caller holds the row locks.
 */
export async function applyMoves(
  tx: DbOrTx,
  moves: ReadonlyMap<number, number>,
  reason: StockReason,
  refs: StockRefs,
): Promise<void> {
  const changes = [...moves].filter(([, hundredths]) => hundredths !== 0);
  if (changes.length === 0) return;
  // Integers and fixed-point numbers only, so the array literals are safe to send as text.
  const ids = `{${changes.map(([id]) => Math.trunc(id)).join(',')}}`;
  const deltas = `{${changes.map(([, h]) => qtyText(h / 100)).join(',')}}`;
  const res = await tx.execute(sql`
    WITH moves AS (
      SELECT * FROM unnest(${ids}::int[], ${deltas}::numeric[]) AS m(id, delta)),
    changed AS (
      UPDATE products p SET qty = p.qty + moves.delta, updated_at = now()
      FROM moves WHERE p.id = moves.id RETURNING p.id, p.qty, moves.delta)
    INSERT INTO stock_ledger (product_id, delta, qty_after, reason, order_id, stock_entry_id, user_id)
    SELECT id, delta, qty, ${reason}, ${refs.orderId ?? null}, ${refs.stockEntryId ?? null}, ${refs.userId ?? null}
    FROM changed`);
  if (res.rowCount !== changes.length) throw new Error('a product vanished during a stock change');
}

/** The ledger row of a new product's opening stock (its quantity was inserted with the product). */
export async function recordOpening(
  tx: DbOrTx,
  productId: number,
  qty: number,
  userId: number | null | undefined,
): Promise<void> {
  if (qty === 0) return;
  await tx.insert(stockLedger).values({
    productId,
    delta: qtyText(qty),
    qtyAfter: qtyText(qty),
    reason: 'initial',
    userId: userId ?? null,
  });
}

/** Sets the buy price of these products (a stock entry's price). */
export async function setBuyPrice(tx: DbOrTx, ids: number[], price: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(products).set({ buyprice: price }).where(inArray(products.id, ids));
}

/** Products whose quantity differs from the sum of their ledger rows (should always be none). */
export async function ledgerMismatches(db: DbOrTx) {
  const res = await db.execute<{ id: number; qty: string; ledger: string }>(sql`
    SELECT p.id, p.qty::text AS qty, coalesce(sum(l.delta), 0)::text AS ledger
    FROM products p LEFT JOIN stock_ledger l ON l.product_id = p.id
    GROUP BY p.id HAVING p.qty <> coalesce(sum(l.delta), 0)
    ORDER BY p.id`);
  return res.rows.map((r) => ({ id: r.id, qty: Number(r.qty), ledger: Number(r.ledger) }));
}

/** Products with their buy price, by title: all of them (live stock), or those at or below `atMost` units. */
export async function stockList(db: DbOrTx, opts: { atMost?: number; limit?: number; offset?: number } = {}) {
  const q = db
    .select({
      id: products.id,
      image: products.image,
      barcode: products.barcode,
      title: products.title,
      attri: products.attri,
      price: products.price,
      offprice: products.offprice,
      buyprice: products.buyprice,
      qty: products.qty,
    })
    .from(products)
    .where(opts.atMost === undefined ? undefined : lte(products.qty, String(opts.atMost)))
    .orderBy(...(opts.atMost === undefined ? [products.title, products.id] : [products.qty, products.id]));
  const rows = opts.limit === undefined ? await q : await q.limit(opts.limit).offset(opts.offset ?? 0);
  return rows.map((r) => ({ ...r, qty: Number(r.qty) }));
}

/**
 * How many products there are and what the stock on hand cost (every page): buy price × quantity
 * of every product whose quantity is not negative, the exact sum rounded down once.
 */
export async function stockTotals(db: DbOrTx) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      invested: sql<string>`coalesce(floor(sum(${products.buyprice} * ${products.qty}) FILTER (WHERE ${products.qty} >= 0)), 0)::bigint`,
    })
    .from(products);
  return { count: Number(row?.count ?? 0), invested: Number(row?.invested ?? 0) };
}
