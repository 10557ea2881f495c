import type { DbOrTx } from '../db/client';
import { appMeta } from '../db/schema';

const SEEDED = 'demo_seeded';

/** Marks the demo data as loaded; false when it already was (another start, another server). */
export async function markSeeded(tx: DbOrTx, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(appMeta)
    .values({ key: SEEDED, value: at.toISOString() })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}
