import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { stocktakeScope } from '@bazar/contracts/stocktakes';
import type { DbOrTx } from '../../db/client';
import {
  brands,
  categories,
  products,
  stocktakeCounts,
  stocktakeLines,
  stocktakes,
  users,
} from '../../db/schema';

export type Scope = z.infer<typeof stocktakeScope>;
export type StocktakeRow = typeof stocktakes.$inferSelect;

/** The names of the category or brand a scope names (undefined: no such one; '' for everything or a list). */
export async function scopeTitle(db: DbOrTx, scope: Scope): Promise<{ en: string; bn: string } | undefined> {
  if (scope.category_id !== undefined) {
    const [row] = await db
      .select({ en: categories.title, bn: categories.titleBn })
      .from(categories)
      .where(eq(categories.id, scope.category_id));
    return row;
  }
  if (scope.brand_id !== undefined) {
    const [row] = await db
      .select({ en: brands.title, bn: brands.titleBn })
      .from(brands)
      .where(eq(brands.id, scope.brand_id));
    return row;
  }
  return { en: '', bn: '' };
}

/**
 * Starts a count in one statement, so the books it remembers are one moment's: the ledger's last
 * row, and each covered product's quantity (one line per Bind Stock group, its lowest id: members
 * share one count). A category covers its subcategories too.
 */
export async function startStocktake(tx: DbOrTx, scope: Scope, userId: number): Promise<number> {
  const filter = scope.product_ids
    ? sql`p.id = ANY(${`{${scope.product_ids.map((n) => Math.trunc(n)).join(',')}}`}::int[])`
    : scope.category_id !== undefined
      ? sql`p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN (
          WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = ${scope.category_id}
            UNION ALL SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id)
          SELECT id FROM tree))`
      : scope.brand_id !== undefined
        ? sql`p.brand_id = ${scope.brand_id}`
        : sql`true`;
  const res = await tx.execute<{ id: number }>(sql`
    WITH start AS (SELECT coalesce(max(id), 0) AS id FROM stock_ledger),
    made AS (
      INSERT INTO stocktakes (status, scope, start_ledger_id, by_user_id)
      SELECT 'open', ${JSON.stringify(scope)}::jsonb, start.id, ${userId} FROM start RETURNING id),
    covered AS (
      SELECT DISTINCT ON (CASE WHEN p.link_qty THEN 'g' || p.group_id ELSE 'p' || p.id END) p.id, p.qty
      FROM products p WHERE ${filter}
      ORDER BY CASE WHEN p.link_qty THEN 'g' || p.group_id ELSE 'p' || p.id END, p.id),
    lines AS (
      INSERT INTO stocktake_lines (stocktake_id, product_id, expected)
      SELECT made.id, covered.id, covered.qty FROM made, covered RETURNING 1)
    SELECT id, (SELECT count(*) FROM lines) AS n FROM made`);
  const row = res.rows[0];
  if (!row) throw new Error('insert stocktakes returned nothing');
  return row.id;
}

export async function findStocktake(db: DbOrTx, id: number, lock = false): Promise<StocktakeRow | undefined> {
  const q = db.select().from(stocktakes).where(eq(stocktakes.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Counts, newest first (or of one status), with how many lines each has, counted and approved. */
export async function listStocktakes(db: DbOrTx, status?: string) {
  return db
    .select({
      s: stocktakes,
      by: users.name,
      // Correlated by the written-out column: drizzle writes a column in a select's sql unqualified.
      lines: sql<number>`(SELECT count(*)::int FROM stocktake_lines l WHERE l.stocktake_id = stocktakes.id)`,
      counted: sql<number>`(SELECT count(DISTINCT c.product_id)::int FROM stocktake_counts c WHERE c.stocktake_id = stocktakes.id)`,
      approved: sql<number>`(SELECT count(*)::int FROM stocktake_lines l WHERE l.stocktake_id = stocktakes.id AND l.approved_at IS NOT NULL)`,
    })
    .from(stocktakes)
    .leftJoin(users, eq(users.id, stocktakes.byUserId))
    .where(status ? eq(stocktakes.status, status) : undefined)
    .orderBy(desc(stocktakes.id))
    .limit(200);
}

/** A count's lines with the product's names, barcode, unit and buy price, every count's sum and the caller's. */
export async function linesOf(db: DbOrTx, stocktakeId: number, userId: number) {
  const rows = await db
    .select({
      productId: stocktakeLines.productId,
      expected: stocktakeLines.expected,
      approvedAt: stocktakeLines.approvedAt,
      title: products.title,
      titleBn: products.titleBn,
      attri: products.attri,
      attriBn: products.attriBn,
      barcode: products.barcode,
      unit: products.unit,
      buyprice: products.buyprice,
      counted: sql<string | null>`(SELECT sum(c.qty) FROM stocktake_counts c
        WHERE c.stocktake_id = stocktake_lines.stocktake_id AND c.product_id = stocktake_lines.product_id)`,
      mine: sql<string>`(SELECT coalesce(sum(c.qty), 0) FROM stocktake_counts c
        WHERE c.stocktake_id = stocktake_lines.stocktake_id AND c.product_id = stocktake_lines.product_id
          AND c.user_id = ${userId})`,
    })
    .from(stocktakeLines)
    .innerJoin(products, eq(products.id, stocktakeLines.productId))
    .where(eq(stocktakeLines.stocktakeId, stocktakeId))
    .orderBy(asc(products.title), asc(products.id));
  return rows.map((r) => ({
    ...r,
    expected: Number(r.expected),
    counted: r.counted === null ? null : Number(r.counted),
    mine: Number(r.mine),
  }));
}

/**
 * The count's line a product is counted on, with its unit: its own, or (a member of a Bind Stock
 * group, whose members share one line) its group's. Undefined: not part of the count.
 */
export async function lineOf(db: DbOrTx, stocktakeId: number, productId: number) {
  const res = await db.execute<{ product_id: number; unit: string }>(sql`
    SELECT l.product_id, p.unit FROM stocktake_lines l JOIN products p ON p.id = l.product_id
    WHERE l.stocktake_id = ${stocktakeId} AND (l.product_id = ${productId} OR (p.link_qty AND p.group_id =
      (SELECT m.group_id FROM products m WHERE m.id = ${productId} AND m.link_qty)))
    ORDER BY l.product_id = ${productId} DESC LIMIT 1`);
  return res.rows[0];
}

export async function countOfClient(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({ stocktakeId: stocktakeCounts.stocktakeId, productId: stocktakeCounts.productId })
    .from(stocktakeCounts)
    .where(eq(stocktakeCounts.clientId, clientId));
  return row;
}

export async function addCount(
  tx: DbOrTx,
  c: { stocktakeId: number; productId: number; qty: number; userId: number; clientId?: string | undefined },
): Promise<void> {
  await tx.insert(stocktakeCounts).values({
    stocktakeId: c.stocktakeId,
    productId: c.productId,
    qty: c.qty.toFixed(2),
    userId: c.userId,
    clientId: c.clientId ?? null,
  });
}

/** A product's counts in a count: everyone's, and one person's. */
export async function tallies(db: DbOrTx, stocktakeId: number, productId: number, userId: number) {
  const [row] = await db
    .select({
      counted: sql<string>`coalesce(sum(${stocktakeCounts.qty}), 0)`,
      mine: sql<string>`coalesce(sum(${stocktakeCounts.qty}) FILTER (WHERE ${stocktakeCounts.userId} = ${userId}), 0)`,
    })
    .from(stocktakeCounts)
    .where(and(eq(stocktakeCounts.stocktakeId, stocktakeId), eq(stocktakeCounts.productId, productId)));
  return { counted: Number(row?.counted ?? 0), mine: Number(row?.mine ?? 0) };
}

/**
 * The lines to approve, locked: those named (not approved yet), or every counted one not approved
 * yet; each with its expected quantity and its counts' sum (null: nobody counted it).
 */
export async function linesToApprove(tx: DbOrTx, stocktakeId: number, productIds?: number[]) {
  const rows = await tx
    .select({
      productId: stocktakeLines.productId,
      expected: stocktakeLines.expected,
      counted: sql<string | null>`(SELECT sum(c.qty) FROM stocktake_counts c
        WHERE c.stocktake_id = stocktake_lines.stocktake_id AND c.product_id = stocktake_lines.product_id)`,
    })
    .from(stocktakeLines)
    .where(
      and(
        eq(stocktakeLines.stocktakeId, stocktakeId),
        isNull(stocktakeLines.approvedAt),
        productIds ? inArray(stocktakeLines.productId, productIds) : undefined,
      ),
    )
    .orderBy(asc(stocktakeLines.productId))
    .for('update', { of: stocktakeLines });
  return rows.map((r) => ({
    productId: r.productId,
    expected: Number(r.expected),
    counted: r.counted === null ? null : Number(r.counted),
  }));
}

export async function markApproved(
  tx: DbOrTx,
  stocktakeId: number,
  lines: Array<{ productId: number; counted: number; delta: number }>,
): Promise<void> {
  for (const l of lines) {
    await tx
      .update(stocktakeLines)
      .set({ approvedAt: sql`now()`, counted: l.counted.toFixed(2), delta: l.delta.toFixed(2) })
      .where(and(eq(stocktakeLines.stocktakeId, stocktakeId), eq(stocktakeLines.productId, l.productId)));
  }
}

/** Lines of the count not approved yet. */
export async function openLines(db: DbOrTx, stocktakeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stocktakeLines)
    .where(and(eq(stocktakeLines.stocktakeId, stocktakeId), isNull(stocktakeLines.approvedAt)));
  return row?.n ?? 0;
}

export async function closeStocktake(tx: DbOrTx, id: number, status: 'approved' | 'cancelled', by: number) {
  await tx
    .update(stocktakes)
    .set({ status, closedByUserId: by, closedAt: sql`now()` })
    .where(eq(stocktakes.id, id));
}

/** Who started the count. */
export async function nameOf(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}
