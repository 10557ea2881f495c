import { area, settingsResponse, type Area } from '@bazar/contracts/settings';
import { z } from 'zod';
import type { TillDb } from './till-db';

/** Keys of the till's small values in `meta`, written by catalog-sync.ts. */
export const META_KEYS = {
  /**
   * The catalogue version the stored products are at (the last answer's `version`). Written only
   * once a full load is complete: while it is missing the store holds no catalogue the till may
   * trust (not ready), whatever products a load under way has stored.
   */
  catalogVersion: 'catalogVersion',
  /** A full load under way, page by page: {@link CatalogLoad}. Gone once the load is complete. */
  catalogLoad: 'catalogLoad',
  /** What the last sync did: {@link CatalogSyncInfo}. */
  catalogSync: 'catalogSync',
  /** When a sync last asked the server and had the catalogue current (ISO), changed or not. */
  catalogChecked: 'catalogChecked',
  /** The `data` of GET /api/settings as an admin reads it. */
  settings: 'settings',
  /** GET /api/areas: the areas a customer may live in. */
  areas: 'areas',
} as const;

/** The last sync that wrote the catalogue: when, from which version to which, how much, how long. */
export interface CatalogSyncInfo {
  at: string;
  since: number;
  version: number;
  received: number;
  deleted: number;
  ms: number;
}

/**
 * A full load of the catalogue not yet complete (ADR 0060): the first page's version (what the
 * catch-up delta starts from once the last page is in), the last product id stored (the next page
 * is asked for after it), and what the load's pages brought and took so far, over every sync that
 * worked on it (a load cut by a closed tab or a lost network goes on from here).
 */
export interface CatalogLoad {
  version: number;
  after: number;
  received: number;
  ms: number;
  /** Where the pages after the next one start (the first page's `bounds`), asked for at once. */
  bounds?: number[];
}

const catalogLoad = z.object({
  version: z.number().int(),
  after: z.number().int().min(0),
  received: z.number().int().min(0),
  ms: z.number().min(0),
  bounds: z.array(z.number().int()).optional(),
});

const storedSettings = settingsResponse.shape.data;
export type StoredSettings = z.infer<typeof storedSettings>;

/** The version the stored catalogue is at, or null before the first sync. */
export async function readCatalogVersion(db: TillDb): Promise<number | null> {
  const value = (await db.meta.get(META_KEYS.catalogVersion))?.value;
  return typeof value === 'number' ? value : null;
}

/** The full load under way, or null when none is (none begun, or the last one complete). */
export async function readCatalogLoad(db: TillDb): Promise<CatalogLoad | null> {
  const parsed = catalogLoad.safeParse((await db.meta.get(META_KEYS.catalogLoad))?.value);
  return parsed.success ? parsed.data : null;
}

/** Setting as the last sync stored it, or null. */
export async function readSettings(db: TillDb): Promise<StoredSettings | null> {
  const parsed = storedSettings.safeParse((await db.meta.get(META_KEYS.settings))?.value);
  return parsed.success ? parsed.data : null;
}

/** The areas as the last sync stored them (none before it). */
export async function readAreas(db: TillDb): Promise<Area[]> {
  const parsed = z.array(area).safeParse((await db.meta.get(META_KEYS.areas))?.value);
  return parsed.success ? parsed.data : [];
}
