import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, products } from '../../db/schema';

const cols = { id: brands.id, title: brands.title, title_bn: brands.titleBn };

/** A brand's names: the English title and the Bangla one ('' for none; left out on edit keeps it). */
type BrandNames = { title: string; title_bn?: string | undefined };

export const listBrands = (db: DbOrTx) => db.select(cols).from(brands).orderBy(asc(brands.title));

export async function insertBrand(db: DbOrTx, names: BrandNames) {
  const [row] = await db
    .insert(brands)
    .values({ title: names.title, titleBn: names.title_bn ?? '' })
    .returning(cols);
  if (!row) throw new Error('insert brands returned nothing');
  return row;
}

export async function updateBrand(db: DbOrTx, id: number, names: BrandNames) {
  const [row] = await db
    .update(brands)
    .set({ title: names.title, ...(names.title_bn !== undefined && { titleBn: names.title_bn }) })
    .where(eq(brands.id, id))
    .returning(cols);
  return row;
}

export async function brandUseCount(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.brandId, id));
  return row?.n ?? 0;
}

export async function deleteBrand(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(brands).where(eq(brands.id, id)).returning({ id: brands.id })).length > 0;
}

export async function brandExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: brands.id }).from(brands).where(eq(brands.id, id))).length > 0;
}
