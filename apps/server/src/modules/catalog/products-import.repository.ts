import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema';

/**
 * The SQL of a product import: reads and writes of many rows at once. Each statement takes its
 * rows as arrays (one parameter per column, unnest on the server), so one statement text serves
 * any number of rows and is prepared once per connection.
 */

/** An array as one parameter (node-postgres writes it as a PostgreSQL array, quoting every text). */
const list = <T>(values: T[]) => sql.param(values);

/** The ids of the products with these barcodes. */
export async function idsByBarcode(db: DbOrTx, barcodes: string[]): Promise<Map<string, number>> {
  if (barcodes.length === 0) return new Map();
  const res = await db.execute<{ id: number; barcode: string }>(
    sql`SELECT id, barcode FROM products WHERE barcode = ANY(${list(barcodes)}::text[])`,
  );
  return new Map(res.rows.map((r) => [r.barcode, r.id]));
}

/** What an import compares a product with, its categories' ids among it. */
export type StoredProduct = {
  id: number;
  title: string;
  titleBn: string;
  attri: string;
  attriBn: string;
  price: number;
  offprice: number | null;
  buyprice: number;
  qty: number;
  desc: string;
  descBn: string;
  tags: string;
  brandId: number | null;
  image: string | null;
  offer: boolean;
  popular: boolean;
  food: boolean;
  stockOut: boolean;
  unit: string;
  plu: string | null;
  categoryIds: number[];
};

export async function productsById(db: DbOrTx, ids: number[]): Promise<Map<number, StoredProduct>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute<Omit<StoredProduct, 'qty'> & { qty: string }>(sql`
    SELECT p.id, p.title, p.title_bn AS "titleBn", p.attri, p.attri_bn AS "attriBn", p.price,
      p.offprice, p.buyprice, p.qty, p.desc, p.desc_bn AS "descBn", p.tags, p.brand_id AS "brandId",
      p.image, p.offer, p.popular, p.food, p.stock_out AS "stockOut", p.unit, p.plu,
      coalesce((SELECT array_agg(pc.category_id ORDER BY pc.category_id) FROM product_categories pc
        WHERE pc.product_id = p.id), '{}') AS "categoryIds"
    FROM products p WHERE p.id = ANY(${list(ids)}::int[])`);
  return new Map(res.rows.map((r) => [r.id, { ...r, qty: Number(r.qty) }]));
}

/** Which product has each of these scale item codes. */
export async function pluOwners(db: DbOrTx, plus: string[]): Promise<Map<string, number>> {
  if (plus.length === 0) return new Map();
  const res = await db.execute<{ id: number; plu: string }>(
    sql`SELECT id, plu FROM products WHERE plu = ANY(${list(plus)}::text[])`,
  );
  return new Map(res.rows.map((r) => [r.plu, r.id]));
}

/** Which of these barcodes a product has already. */
export async function takenBarcodes(db: DbOrTx, codes: string[]): Promise<Set<string>> {
  return new Set((await idsByBarcode(db, codes)).keys());
}

/** `n` numbers from the in-store barcode sequence (barcode.ts makes each an EAN-13). */
export async function nextBarcodeNumbers(db: DbOrTx, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const res = await db.execute<{ n: number }>(
    sql`SELECT nextval('barcode_seq')::int AS n FROM generate_series(1, ${n}::int)`,
  );
  return res.rows.map((r) => r.n);
}

/** Every brand's id by its title in lower case (titles are unique without regard to case). */
export async function brandIdsByTitle(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ id: brands.id, title: brands.title }).from(brands);
  return new Map(rows.map((r) => [r.title.toLowerCase(), r.id]));
}

/** Adds these brands (titles not yet taken); their ids by title in lower case. */
export async function insertBrands(tx: DbOrTx, titles: string[]): Promise<Map<string, number>> {
  if (titles.length === 0) return new Map();
  const res = await tx.execute<{ id: number; title: string }>(sql`
    INSERT INTO brands (title) SELECT unnest(${list(titles)}::text[]) RETURNING id, title`);
  return new Map(res.rows.map((r) => [r.title.toLowerCase(), r.id]));
}

/** A product's own columns as an import writes them (quantity, group and barcode apart). */
export type ImportedValues = {
  title: string;
  titleBn: string;
  attri: string;
  attriBn: string;
  price: number;
  offprice: number | null;
  buyprice: number;
  desc: string;
  descBn: string;
  tags: string;
  brandId: number | null;
  image: string | null;
  offer: boolean;
  popular: boolean;
  food: boolean;
  stockOut: boolean;
  unit: string;
  plu: string | null;
};

type Cell = string | number | boolean | null;

const COLUMNS: ReadonlyArray<readonly [string, 'text' | 'int' | 'bool', (v: ImportedValues) => Cell]> = [
  ['title', 'text', (v: ImportedValues) => v.title],
  ['title_bn', 'text', (v: ImportedValues) => v.titleBn],
  ['attri', 'text', (v: ImportedValues) => v.attri],
  ['attri_bn', 'text', (v: ImportedValues) => v.attriBn],
  ['price', 'int', (v: ImportedValues) => v.price],
  ['offprice', 'int', (v: ImportedValues) => v.offprice],
  ['buyprice', 'int', (v: ImportedValues) => v.buyprice],
  ['desc', 'text', (v: ImportedValues) => v.desc],
  ['desc_bn', 'text', (v: ImportedValues) => v.descBn],
  ['tags', 'text', (v: ImportedValues) => v.tags],
  ['brand_id', 'int', (v: ImportedValues) => v.brandId],
  ['image', 'text', (v: ImportedValues) => v.image],
  ['offer', 'bool', (v: ImportedValues) => v.offer],
  ['popular', 'bool', (v: ImportedValues) => v.popular],
  ['food', 'bool', (v: ImportedValues) => v.food],
  ['stock_out', 'bool', (v: ImportedValues) => v.stockOut],
  ['unit', 'text', (v: ImportedValues) => v.unit],
  ['plu', 'text', (v: ImportedValues) => v.plu],
];

/** `$n::type[]` of every column, for an unnest over the rows. */
const arrays = (rows: ImportedValues[]) =>
  sql.join(
    COLUMNS.map(([, type, read]) => sql`${list(rows.map(read))}::${sql.raw(type)}[]`),
    sql`, `,
  );
const names = sql.raw(COLUMNS.map(([name]) => `"${name}"`).join(', '));

/** Adds new products (each its own group) with their opening quantity; their ids by barcode. */
export async function insertProducts(
  tx: DbOrTx,
  rows: Array<ImportedValues & { barcode: string; qty: number }>,
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const res = await tx.execute<{ id: number; barcode: string }>(sql`
    INSERT INTO products (${names}, barcode, qty)
    SELECT * FROM unnest(${arrays(rows)}, ${list(rows.map((r) => r.barcode))}::text[],
      ${list(rows.map((r) => r.qty.toFixed(2)))}::numeric[])
    RETURNING id, barcode`);
  return new Map(res.rows.map((r) => [r.barcode, r.id]));
}

/** Saves products' own columns (never the quantity: that goes through the stock core). */
export async function updateProducts(tx: DbOrTx, rows: Array<ImportedValues & { id: number }>) {
  if (rows.length === 0) return;
  const set = sql.raw(COLUMNS.map(([name]) => `"${name}" = u."${name}"`).join(', '));
  await tx.execute(sql`
    UPDATE products p SET ${set}, updated_at = now()
    FROM unnest(${list(rows.map((r) => r.id))}::int[], ${arrays(rows)}) AS u(id, ${names})
    WHERE p.id = u.id`);
}

/** Gives these products exactly these categories (the ones they had are let go). */
export async function replaceCategories(
  tx: DbOrTx,
  links: Array<{ productId: number; categoryIds: number[] }>,
  replacing: number[],
) {
  if (replacing.length > 0)
    await tx.execute(sql`DELETE FROM product_categories WHERE product_id = ANY(${list(replacing)}::int[])`);
  const pairs = links.flatMap((l) => [...new Set(l.categoryIds)].map((c) => [l.productId, c] as const));
  if (pairs.length === 0) return;
  await tx.execute(sql`
    INSERT INTO product_categories (product_id, category_id)
    SELECT * FROM unnest(${list(pairs.map((p) => p[0]))}::int[], ${list(pairs.map((p) => p[1]))}::int[])`);
}
