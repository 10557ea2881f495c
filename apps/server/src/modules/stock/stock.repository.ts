import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { CATALOG_CHANNEL } from '../../lib/catalog-cache';
import { products, stockBatches, stockLedger, type STOCK_REASONS } from '../../db/schema';

export type StockReason = (typeof STOCK_REASONS)[number];

export type StockRefs = {
  orderId?: number;
  stockEntryId?: number;
  purchaseId?: number;
  stocktakeId?: number;
  /** The batch the move is of (a product that tracks expiry): see the stock_batches trigger. */
  batchId?: number;
  userId?: number | null;
  /** Why, in the person's words (a write-off's note). */
  note?: string;
};

/** Reasons whose rows keep what the stock was worth (the shrinkage report values them). */
const valued = (reason: StockReason) => reason === 'count' || reason.startsWith('adjust:');

/** What the stock core knows of a product: enough to move, check, price and snapshot an order line. */
export type StockRow = {
  id: number;
  groupId: number;
  title: string;
  attri: string;
  /** The Bangla title and attribute ('' for none): order lines keep them beside the English ones. */
  titleBn: string;
  attriBn: string;
  price: number;
  offprice: number | null;
  buyprice: number;
  /** Exact to the hundredth (numeric(12,2) in the database). */
  qty: number;
  stockOut: boolean;
  linkQty: boolean;
  unit: string;
  /** The scale's item code: a price label sold at the till must be this product's. */
  plu: string | null;
  /** Its stock is kept per batch with an expiry date (stock_batches). */
  trackExpiry: boolean;
};

const columns = {
  id: products.id,
  groupId: products.groupId,
  title: products.title,
  attri: products.attri,
  titleBn: products.titleBn,
  attriBn: products.attriBn,
  price: products.price,
  offprice: products.offprice,
  buyprice: products.buyprice,
  qty: products.qty,
  stockOut: products.stockOut,
  linkQty: products.linkQty,
  unit: products.unit,
  plu: products.plu,
  trackExpiry: products.trackExpiry,
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

/**
 * The products asked for and every member of their Bind Stock groups (`ids`: an int[] parameter),
 * written as a list of ids so that a generic plan finds them by the primary key (an OR of the two
 * conditions scanned every product).
 */
const unitRows = (ids: string) =>
  `id IN (SELECT unnest(${ids}::int[]) UNION
    SELECT m.id FROM products a JOIN products m ON m.group_id = a.group_id
    WHERE a.id = ANY(${ids}::int[]) AND a.link_qty)`;

/**
 * The stock core's SQL for a change made inside a bigger statement (placing an order: one
 * statement locks, another writes everything). `p` names the statement's parameters (`$n` texts).
 *
 * - `lockCte`: `stock_locked`, the rows of lockStockRows (the products and their Bind Stock groups)
 *   locked FOR UPDATE in id order, so it never deadlocks with a StockLock; its columns are StockRow's
 *   (as `StockRowJson` through row_to_json).
 * - `moveCtes`, after the caller's expression `go` (one row: the change goes ahead): `stock_moved`,
 *   the quantity changes (the caller holds the row locks); `stock_ledger_rows`, their ledger rows
 *   (reason, order and user from `refs` SQL); `stock_news`, a catalogue-changed NOTIFY when a
 *   product's availability changed (isAvailable: not flagged stock-out and more than zero left).
 */
export const stockSql = {
  lockCte: (p: { ids: string }) =>
    `stock_locked AS (
      SELECT id, group_id AS "groupId", title, attri, title_bn AS "titleBn", attri_bn AS "attriBn",
        price, offprice, buyprice, qty, stock_out AS "stockOut", link_qty AS "linkQty", unit, plu,
        track_expiry AS "trackExpiry"
      FROM products WHERE ${unitRows(p.ids)}
      ORDER BY id FOR UPDATE)`,
  moveCtes: (p: {
    moveIds: string;
    deltas: string;
    go: string;
    reason: string;
    orderId: string;
    userId: string;
  }) =>
    `stock_moved AS (
      UPDATE products p SET qty = p.qty + m.delta, updated_at = now()
      FROM unnest(${p.moveIds}::int[], ${p.deltas}::numeric[]) AS m(id, delta)
      WHERE p.id = m.id AND EXISTS (SELECT 1 FROM ${p.go})
      RETURNING p.id, p.qty, m.delta, p.stock_out),
    stock_ledger_rows AS (
      INSERT INTO stock_ledger (product_id, delta, qty_after, reason, order_id, user_id)
      SELECT id, delta, qty, ${p.reason}, ${p.orderId}, ${p.userId} FROM stock_moved
      RETURNING id),
    stock_news AS (
      SELECT pg_notify('${CATALOG_CHANNEL}', '') FROM stock_moved
      WHERE (NOT stock_out AND qty - delta > 0) <> (NOT stock_out AND qty > 0)
      LIMIT 1)`,
};

/** Quantity changes as a statement's arrays: product ids, and signed deltas as fixed-point texts. */
export function movesAsArrays(moves: ReadonlyMap<number, number>): { moveIds: number[]; deltas: string[] } {
  const changes = [...moves].filter(([, hundredths]) => hundredths !== 0);
  return { moveIds: changes.map(([id]) => id), deltas: changes.map(([, h]) => qtyText(h / 100)) };
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
      FROM moves WHERE p.id = moves.id RETURNING p.id, p.qty, p.buyprice, moves.delta)
    INSERT INTO stock_ledger (product_id, delta, qty_after, reason, order_id, stock_entry_id, purchase_id,
      stocktake_id, user_id, unit_cost, note, batch_id)
    SELECT id, delta, qty, ${reason}, ${refs.orderId ?? null}, ${refs.stockEntryId ?? null},
           ${refs.purchaseId ?? null}, ${refs.stocktakeId ?? null}, ${refs.userId ?? null},
           CASE WHEN ${valued(reason)} THEN buyprice END, ${refs.note ?? ''}, ${refs.batchId ?? null}::int
    FROM changed`);
  if (res.rowCount !== changes.length) throw new Error('a product vanished during a stock change');
}

/** The batch of this product, expiry date and code, made empty when new; its id. */
export async function ensureBatch(
  tx: DbOrTx,
  productId: number,
  expiry: string,
  code: string,
): Promise<number> {
  const [row] = await tx
    .insert(stockBatches)
    .values({ productId, expiry, code })
    .onConflictDoUpdate({
      target: [stockBatches.productId, stockBatches.expiry, stockBatches.code],
      set: { code: sql`excluded.code` },
    })
    .returning({ id: stockBatches.id });
  if (!row) throw new Error('a batch could not be made');
  return row.id;
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

/**
 * The ledger rows of many new products' opening stock in one statement (an import): one text for
 * any number of them, the ids and quantities as two arrays.
 */
export async function recordOpenings(
  tx: DbOrTx,
  openings: Array<{ productId: number; qty: number }>,
  reason: StockReason,
  userId: number | null | undefined,
): Promise<void> {
  const rows = openings.filter((o) => o.qty !== 0);
  if (rows.length === 0) return;
  const ids = `{${rows.map((o) => Math.trunc(o.productId)).join(',')}}`;
  const qtys = `{${rows.map((o) => qtyText(o.qty)).join(',')}}`;
  await tx.execute(sql`
    INSERT INTO stock_ledger (product_id, delta, qty_after, reason, user_id)
    SELECT id, qty, qty, ${reason}, ${userId ?? null}::int
    FROM unnest(${ids}::int[], ${qtys}::numeric[]) AS o(id, qty)`);
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

/** Which products a stock list holds: of a category, of a brand, only the low ones. */
export type StockFilter = {
  categoryId?: number | undefined;
  brandId?: number | undefined;
  /** At or below their own reorder minimum, or this many units for a product without one. */
  lowAt?: number | undefined;
};

function stockWhere(filter: StockFilter) {
  return and(
    filter.lowAt === undefined
      ? undefined
      : lte(products.qty, sql`coalesce(${products.reorderMin}, ${String(filter.lowAt)}::numeric)`),
    filter.brandId === undefined ? undefined : eq(products.brandId, filter.brandId),
    filter.categoryId === undefined
      ? undefined
      : sql`${products.id} IN (SELECT product_id FROM product_categories WHERE category_id = ${filter.categoryId})`,
  );
}

/**
 * Products with their buy price and Bangla names: those of `filter`, by title (live stock; the low
 * ones fewest first), by quantity (fewest first) or by what their stock cost (most first), then
 * by id. `after`: only those after that product in the title order, as the export reads the list
 * in batches.
 */
export async function stockList(
  db: DbOrTx,
  opts: StockFilter & {
    sort?: 'title' | 'qty' | 'value' | undefined;
    limit?: number;
    offset?: number;
    after?: { title: string; id: number };
  } = {},
) {
  const sort = opts.sort ?? (opts.lowAt === undefined ? 'title' : 'qty');
  const order =
    sort === 'qty'
      ? [products.qty, products.id]
      : sort === 'value'
        ? [sql`greatest(${products.qty}, 0) * ${products.buyprice} DESC`, products.id]
        : [products.title, products.id];
  const q = db
    .select({
      id: products.id,
      image: products.image,
      barcode: products.barcode,
      title: products.title,
      attri: products.attri,
      title_bn: products.titleBn,
      attri_bn: products.attriBn,
      price: products.price,
      offprice: products.offprice,
      buyprice: products.buyprice,
      qty: products.qty,
      track_expiry: products.trackExpiry,
    })
    .from(products)
    .where(
      and(
        stockWhere(opts),
        opts.after && sql`(${products.title}, ${products.id}) > (${opts.after.title}, ${opts.after.id})`,
      ),
    )
    .orderBy(...order);
  const rows = opts.limit === undefined ? await q : await q.limit(opts.limit).offset(opts.offset ?? 0);
  return rows.map((r) => ({ ...r, qty: Number(r.qty) }));
}

/** How many products a stock list of `filter` holds (its pages). */
export async function stockCount(db: DbOrTx, filter: StockFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(stockWhere(filter));
  return Number(row?.n ?? 0);
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
