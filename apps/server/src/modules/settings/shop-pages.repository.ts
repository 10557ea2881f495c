import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopContent } from '../../db/schema';

/** The stored values by key ('pages', 'social'); a key never saved is absent. */
export async function readContent(db: DbOrTx): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: shopContent.key, value: shopContent.value }).from(shopContent);
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function saveContent(db: DbOrTx, values: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insert(shopContent)
      .values({ key, value })
      .onConflictDoUpdate({ target: shopContent.key, set: { value, updatedAt: sql`now()` } });
  }
}
