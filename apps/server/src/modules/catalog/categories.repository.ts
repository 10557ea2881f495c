import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema';

export type CategoryRow = { id: number; title: string; title_bn: string; parent: number | null };

const cols = {
  id: categories.id,
  title: categories.title,
  title_bn: categories.titleBn,
  parent: categories.parentId,
};

/** A category's names: the English title, and the Bangla one ('' for none; left out keeps it). */
export type CategoryNames = { title: string; title_bn?: string | undefined };

export async function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db.select(cols).from(categories).orderBy(asc(categories.title), asc(categories.id));
}

export async function findCategory(db: DbOrTx, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select(cols).from(categories).where(eq(categories.id, id));
  return row;
}

export async function insertCategory(
  db: DbOrTx,
  names: CategoryNames,
  parent: number | null,
): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({ title: names.title, titleBn: names.title_bn ?? '', parentId: parent })
    .returning(cols);
  if (!row) throw new Error('insert categories returned nothing');
  return row;
}

export async function updateCategory(db: DbOrTx, id: number, names: CategoryNames, parent: number | null) {
  const [row] = await db
    .update(categories)
    .set({
      title: names.title,
      ...(names.title_bn !== undefined && { titleBn: names.title_bn }),
      parentId: parent,
    })
    .where(eq(categories.id, id))
    .returning(cols);
  return row;
}

export async function countChildren(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(categories)
    .where(eq(categories.parentId, id));
  return row?.n ?? 0;
}

export async function deleteCategory(db: DbOrTx, id: number): Promise<boolean> {
  return (
    (await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id })).length > 0
  );
}

/** The category and every category below it. */
export async function descendantIds(db: DbOrTx, id: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE tree AS (
      SELECT id FROM categories WHERE id = ${id}
      UNION ALL SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id)
    SELECT id FROM tree`);
  return res.rows.map((r) => r.id);
}
