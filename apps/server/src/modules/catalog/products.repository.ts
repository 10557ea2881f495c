import { and, asc, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { unitOf, type AdminProduct, type PublicProduct } from '@bazar/contracts/catalog';
import type { TillCatalog } from '@bazar/contracts/till';
import { escapeLike, type Db, type DbOrTx } from '../../db/client';
import { brands, categories, productCategories, productDeletions, products } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { imageUrls } from '../../lib/images';
import {
  findIds,
  searchIds,
  SearchIndex,
  STAFF_FIND,
  STOREFRONT_SEARCH,
} from '@bazar/contracts/product-search';

export type ProductRow = Omit<
  typeof products.$inferSelect,
  'changedXid' | 'reorderMin' | 'reorderTarget' | 'trackExpiry'
> & {
  brandTitle: string | null;
  brandTitleBn: string | null;
};
export type ProductValues = typeof products.$inferInsert;

const columns = {
  id: products.id,
  groupId: products.groupId,
  title: products.title,
  titleBn: products.titleBn,
  attri: products.attri,
  attriBn: products.attriBn,
  price: products.price,
  offprice: products.offprice,
  buyprice: products.buyprice,
  qty: products.qty,
  desc: products.desc,
  descBn: products.descBn,
  tags: products.tags,
  brandId: products.brandId,
  image: products.image,
  barcode: products.barcode,
  offer: products.offer,
  popular: products.popular,
  food: products.food,
  stockOut: products.stockOut,
  linkQty: products.linkQty,
  unit: products.unit,
  plu: products.plu,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  brandTitle: brands.title,
  brandTitleBn: brands.titleBn,
};

const on = (v: boolean) => (v ? 'on' : '') as 'on' | '';

/** The public face of a product: never the buy price, tags or internal flags. */
export function toPublic(storage: Storage, p: ProductRow): PublicProduct {
  return {
    id: p.id,
    title: p.title,
    attri: p.attri,
    title_bn: p.titleBn,
    attri_bn: p.attriBn,
    desc_bn: p.descBn,
    price: p.price,
    offprice: p.offprice,
    offer: on(p.offer),
    popular: on(p.popular),
    food: on(p.food),
    stock_out: on(p.stockOut),
    stock: on(p.stockOut),
    qty: Number(p.qty),
    desc: p.desc,
    barcode: p.barcode,
    brand:
      p.brandId !== null && p.brandTitle !== null
        ? { id: p.brandId, title: p.brandTitle, title_bn: p.brandTitleBn ?? '' }
        : null,
    ...imageUrls(storage, p.image),
    group_id: p.groupId,
    unit: unitOf(p.unit),
  };
}

/** A category as a product's answer names it. */
export type CategoryRef = { id: number; title: string; title_bn: string };

export function toAdmin(storage: Storage, p: ProductRow, cats: CategoryRef[]): AdminProduct {
  return {
    ...toPublic(storage, p),
    plu: p.plu,
    buyprice: p.buyprice,
    tags: p.tags,
    link_qty: p.linkQty ? 1 : 0,
    category: cats,
  };
}

function base(db: DbOrTx) {
  return db.select(columns).from(products).leftJoin(brands, eq(brands.id, products.brandId));
}

export async function findProduct(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await base(db).where(eq(products.id, id));
  return row;
}

export async function findProducts(db: DbOrTx, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return base(db).where(inArray(products.id, ids)).orderBy(asc(products.id));
}

export async function findGroup(db: DbOrTx, groupId: number): Promise<ProductRow[]> {
  return base(db).where(eq(products.groupId, groupId)).orderBy(asc(products.id));
}

export async function listFlagged(db: DbOrTx, flag: 'offer' | 'popular', limit = 60): Promise<ProductRow[]> {
  return base(db)
    .where(eq(flag === 'offer' ? products.offer : products.popular, true))
    .orderBy(desc(products.id))
    .limit(limit);
}

export async function listInCategories(
  db: DbOrTx,
  categoryIds: number[],
  limit = 200,
): Promise<ProductRow[]> {
  if (categoryIds.length === 0) return [];
  const inCats = db
    .selectDistinct({ id: productCategories.productId })
    .from(productCategories)
    .where(inArray(productCategories.categoryId, categoryIds));
  return base(db)
    .where(inArray(products.id, inCats))
    .orderBy(asc(products.title), asc(products.id))
    .limit(limit);
}

export async function categoriesOf(db: DbOrTx, ids: number[]): Promise<Map<number, CategoryRef[]>> {
  const map = new Map<number, CategoryRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      productId: productCategories.productId,
      id: categories.id,
      title: categories.title,
      title_bn: categories.titleBn,
    })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(productCategories.productId, ids))
    .orderBy(asc(categories.title));
  for (const { productId, ...category } of rows) map.get(productId)?.push(category);
  return map;
}

export async function setCategories(db: DbOrTx, productId: number, categoryIds: number[]): Promise<void> {
  await db.delete(productCategories).where(eq(productCategories.productId, productId));
  if (categoryIds.length > 0) {
    await db
      .insert(productCategories)
      .values([...new Set(categoryIds)].map((categoryId) => ({ productId, categoryId })));
  }
}

export async function existingCategoryIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return rows.map((r) => r.id);
}

/** The admin list's text filter: title or attribute holding the text, or the exact barcode. */
function adminListWhere(q: string | undefined): SQL | undefined {
  return q
    ? or(
        ilike(products.title, `%${escapeLike(q)}%`),
        ilike(products.attri, `%${escapeLike(q)}%`),
        eq(products.barcode, q),
      )
    : undefined;
}

/** Admin list: newest first, optional text filter on title, attribute or barcode. */
export async function pageProducts(
  db: DbOrTx,
  opts: { q?: string | undefined; limit: number; offset: number },
) {
  const where = adminListWhere(opts.q);
  const [rows, total] = await Promise.all([
    base(db).where(where).orderBy(desc(products.id)).limit(opts.limit).offset(opts.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * The admin list's next `limit` products after `beforeId` (newest first, the same filter): the
 * export reads the whole list in batches by id.
 */
export async function productBatch(
  db: DbOrTx,
  q: string | undefined,
  beforeId: number | undefined,
  limit: number,
): Promise<ProductRow[]> {
  const where = adminListWhere(q);
  return base(db)
    .where(beforeId === undefined ? where : and(where, lt(products.id, beforeId)))
    .orderBy(desc(products.id))
    .limit(limit);
}

/**
 * The products with these ids, in the order of the ids (one read by primary key). The ids go as one
 * array: one statement text for any number of them, prepared once per connection (IN ($1…$48)
 * would be a statement of its own per count, planned on each call).
 */
async function productsInOrder(db: DbOrTx, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await base(db).where(sql`${products.id} = ANY(${list}::int[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * The storefront search's index: every product's titles, English and Bangla, with each word's
 * Banglish key (kept until the catalogue changes).
 */
export async function loadSearchIndex(db: DbOrTx): Promise<SearchIndex> {
  const rows = await db
    .select({ id: products.id, title: products.title, title_bn: products.titleBn })
    .from(products);
  return new SearchIndex(rows, STOREFRONT_SEARCH.options);
}

/**
 * The staff's find's index: every product's titles and attributes, English and Bangla, with each
 * word's Banglish key, titles in the order they are written (kept until the catalogue changes).
 * The till's offline copy builds the same from its products (web `offline/lookup.ts`).
 */
export async function loadFindIndex(db: DbOrTx): Promise<SearchIndex> {
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      title_bn: products.titleBn,
      attri: products.attri,
      attri_bn: products.attriBn,
    })
    .from(products);
  return new SearchIndex(rows, STAFF_FIND.options);
}

/**
 * Storefront search (docs/performance.md, ADR 0025 and 0056): titles having every word of the text
 * (each as part of a title word, or its Banglish key as part of a title word's key: "piyaj" finds
 * পেঁয়াজ), whole words and titles starting with the text first, then in title order; a word no
 * title word (or key) is or begins read as a typo first (`searchIds` in the contracts'
 * product-search.ts). The matching runs on the in-memory index; the database reads the page's
 * products by id.
 */
export async function searchProducts(
  db: DbOrTx,
  text: string,
  searchIndex: () => Promise<SearchIndex>,
  limit: number = STOREFRONT_SEARCH.limit,
): Promise<ProductRow[]> {
  return productsInOrder(db, searchIds(text, await searchIndex(), limit));
}

/** The in-memory part of searchProducts: the ids of the page's products, most relevant first. */
export { searchIds };

/**
 * Back office and till (GET /api/product/find/{text}): the product whose barcode is exactly the
 * text, alone; else up to 30 by the search's rule (typos, Bangla, Banglish) over titles and
 * attributes, whole words and titles beginning with the text first, then by title as written
 * (`findIds` in the contracts' product-search.ts: the till's offline copy answers with the same).
 */
export async function findForStaff(
  db: DbOrTx,
  text: string,
  findIndex: () => Promise<SearchIndex>,
): Promise<ProductRow[]> {
  const byBarcode = await base(db).where(eq(products.barcode, text));
  if (byBarcode.length > 0) return byBarcode;
  return productsInOrder(db, findIds(text, await findIndex()));
}

export async function nextBarcodeNumber(db: DbOrTx): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`SELECT nextval('barcode_seq')::int AS n`);
  return res.rows[0]?.n ?? 0;
}

export async function nextGroupId(db: DbOrTx): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`SELECT nextval('product_group_seq')::int AS n`);
  return res.rows[0]?.n ?? 0;
}

export async function insertProduct(db: DbOrTx, values: ProductValues): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('insert products returned nothing');
  return row.id;
}

/** Saves a product's own fields (never its quantity: that goes through the stock core). */
export async function updateProduct(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<ProductValues, 'id' | 'qty' | 'groupId' | 'createdAt'>>,
): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export async function deleteProduct(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(products).where(eq(products.id, id)).returning({ id: products.id })).length > 0;
}

export async function barcodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  return (await db.select({ id: products.id }).from(products).where(eq(products.barcode, code))).length > 0;
}

/** What the till needs of a scanned product (GET /api/product/barcode/{code}). */
const scanColumns = {
  id: products.id,
  title: products.title,
  attri: products.attri,
  titleBn: products.titleBn,
  attriBn: products.attriBn,
  price: products.price,
  offprice: products.offprice,
  barcode: products.barcode,
  unit: products.unit,
};
export type ScanRow = Pick<
  typeof products.$inferSelect,
  'id' | 'title' | 'attri' | 'titleBn' | 'attriBn' | 'price' | 'offprice' | 'barcode' | 'unit'
>;

/** The product with exactly this barcode (unique index products_barcode_key). */
export async function findScanByBarcode(db: DbOrTx, code: string): Promise<ScanRow | undefined> {
  const [row] = await db.select(scanColumns).from(products).where(eq(products.barcode, code));
  return row;
}

/** The product with this scale item code (unique partial index products_plu_key). */
export async function findScanByPlu(db: DbOrTx, plu: string): Promise<ScanRow | undefined> {
  const [row] = await db.select(scanColumns).from(products).where(eq(products.plu, plu));
  return row;
}

/** Which part of a full load (`since` 0) to read: the products after this id, at most `limit`. */
export interface TillCatalogPage {
  after: number;
  limit?: number | undefined;
}

/**
 * The till's catalogue: every product (`since` 0) or only those written, and the ids deleted, by a
 * transaction at or after `since` (a version this answered before). All in one repeatable-read
 * snapshot; the version is that snapshot's xmin: every transaction below it had ended, so its
 * writes are in this answer or an earlier one, and anything at or above it comes (again) next time.
 *
 * A full load may be read a page at a time (`page`: by id, after the last id the till holds): each
 * page in a snapshot of its own, so the till keeps the first page's version and catches up with a
 * delta since it (ADR 0060). One row more than the page is read to know whether another follows.
 * A delta always comes whole.
 */
export function tillCatalog(
  db: DbOrTx,
  since: number,
  page: TillCatalogPage = { after: 0 },
): Promise<TillCatalog> {
  const paged = since === 0 ? page : { after: 0 };
  const read = async (tx: DbOrTx): Promise<TillCatalog> => {
    const snap = await tx.execute<{ v: string }>(
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS v`,
    );
    const version = Number(snap.rows[0]?.v ?? 0);
    const from = sql`${String(since)}::xid8`;
    const select = tx
      .select({
        id: products.id,
        title: products.title,
        attri: products.attri,
        title_bn: products.titleBn,
        attri_bn: products.attriBn,
        price: products.price,
        offprice: products.offprice,
        barcode: products.barcode,
        plu: products.plu,
        unit: products.unit,
        qty: products.qty,
        // Only for a product that tracks expiry (names written out: a subquery of its own).
        batches: sql<Array<{ expiry: string; qty: number }> | null>`CASE WHEN products.track_expiry THEN (
          SELECT json_agg(json_build_object('expiry', b.expiry::text, 'qty', b.qty::float8) ORDER BY b.expiry, b.id)
          FROM stock_batches b WHERE b.product_id = products.id AND b.qty > 0) END`,
      })
      .from(products)
      .where(
        since > 0
          ? sql`${products.changedXid} >= ${from}`
          : paged.after > 0
            ? gt(products.id, paged.after)
            : undefined,
      )
      .orderBy(asc(products.id));
    const { limit } = paged;
    const found = limit === undefined ? await select : await select.limit(limit + 1);
    const rows = limit === undefined ? found : found.slice(0, limit);
    const next = limit !== undefined && found.length > limit ? (rows.at(-1)?.id ?? null) : null;
    // The first page of a paged load: where each following page starts (every limit-th id).
    const bounds =
      since === 0 && limit !== undefined && paged.after === 0 && next !== null
        ? (
            await tx.execute<{ id: number }>(sql`
              SELECT id FROM (
                SELECT id, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total FROM ${products}
              ) t WHERE n % ${limit} = 0 AND n < total ORDER BY id`)
          ).rows.map((r) => Number(r.id))
        : [];
    const deleted =
      since > 0
        ? await tx
            .select({ id: productDeletions.productId })
            .from(productDeletions)
            .where(sql`${productDeletions.deletedXid} >= ${from}`)
        : [];
    return {
      version,
      products: rows.map(({ qty, unit, batches, ...p }) => ({
        ...p,
        unit: unitOf(unit),
        stock: Number(qty),
        batches: batches ?? [],
      })),
      deleted: deleted.map((d) => d.id),
      next,
      bounds,
    };
  };
  // Inside a caller's transaction (tests) its snapshot is the one read; else a snapshot of our own.
  if ('rollback' in db) return read(db);
  return (db as Db).transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** Every product's id and last change, for sitemap.xml (oldest first). */
export async function sitemapProducts(db: DbOrTx): Promise<Array<{ id: number; updatedAt: Date }>> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id));
}
