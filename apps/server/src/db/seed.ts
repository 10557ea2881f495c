import { eq } from 'drizzle-orm';
import type { Db } from './client';
import type { Storage } from '../lib/storage';
import { seedCatalog } from './seed-catalog';
import { appMeta, areas, settings } from './schema';

const DEMO_AREAS = ['Banani', 'Dhanmondi', 'Gulshan', 'Mirpur', 'Mohammadpur', 'Motijheel', 'Uttara'];

/**
 * Loads the demo data once per database (SEED_DEMO=0 skips it). Marked in app_meta, so data the
 * owner deletes later does not come back at the next start.
 */
export async function seedDemo(db: Db, storage: Storage): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({ key: 'demo_seeded', value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return false;
    await tx
      .insert(areas)
      .values(DEMO_AREAS.map((title) => ({ title })))
      .onConflictDoNothing();
    await tx
      .update(settings)
      .set({ shopAddress: 'Demo shop: House 12, Road 5, Dhanmondi, Dhaka' })
      .where(eq(settings.id, 1));
    await seedCatalog(tx, storage);
    return true;
  });
}

export async function wasSeeded(db: Db): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_seeded'));
  return rows.length > 0;
}
