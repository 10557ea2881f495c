import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stories } from '../../db/schema';

export type StoryRow = { id: number; image: string; link: string };
const cols = { id: stories.id, image: stories.image, link: stories.link };

export const listStories = (db: DbOrTx, limit = 50): Promise<StoryRow[]> =>
  db.select(cols).from(stories).orderBy(desc(stories.id)).limit(limit);

export async function insertStory(db: DbOrTx, values: { image: string; link: string }): Promise<StoryRow> {
  const [row] = await db.insert(stories).values(values).returning(cols);
  if (!row) throw new Error('insert stories returned nothing');
  return row;
}

export async function deleteStory(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(stories).where(eq(stories.id, id)).returning({ id: stories.id })).length > 0;
}
