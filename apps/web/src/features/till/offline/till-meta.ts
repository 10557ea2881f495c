import { area, settingsResponse, type Area } from '@bazar/contracts/settings';
import { z } from 'zod';
import type { TillDb } from './till-db';

/** Keys of the till's small values in `meta`, written by catalog-sync.ts. */
export const META_KEYS = {
  /** The catalogue version the stored products are at (the last answer's `version`). */
  catalogVersion: 'catalogVersion',
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

const storedSettings = settingsResponse.shape.data;
export type StoredSettings = z.infer<typeof storedSettings>;

/** The version the stored catalogue is at, or null before the first sync. */
export async function readCatalogVersion(db: TillDb): Promise<number | null> {
  const value = (await db.meta.get(META_KEYS.catalogVersion))?.value;
  return typeof value === 'number' ? value : null;
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
