import type { SettingsInput } from '@bazar/contracts/settings';
import type { DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { catalogChanged } from '../../lib/catalog-cache';
import * as repo from './settings.repository';

/**
 * The shop's settings, read once and kept until they change. Saving them notifies every app server
 * at commit (the catalogue cache's channel), so an order priced a moment later uses the new values
 * (on another app server: once the notification has arrived, a few milliseconds).
 */
export function shopSettings(ctx: Ctx): Promise<repo.SettingsRow> {
  return ctx.catalog.memo('settings', () => repo.getSettings(ctx.db));
}

export async function updateSettings(ctx: Ctx, values: SettingsInput): Promise<repo.SettingsRow> {
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await repo.saveSettings(tx, values);
    await catalogChanged(tx);
    return saved;
  });
  // This server's own notification arrives a moment later; the next read here must see the change.
  ctx.catalog.invalidate();
  return row;
}

/** The areas with their delivery charges, read once and kept until an area or a setting changes. */
export function shopAreas(ctx: Ctx) {
  return ctx.catalog.memo('areas', () => repo.listAreas(ctx.db));
}

/** Runs an area write and makes every app server read the areas again at commit. */
export async function changeAreas<T>(ctx: Ctx, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const out = await ctx.db.transaction(async (tx) => {
    const result = await write(tx);
    await catalogChanged(tx);
    return result;
  });
  ctx.catalog.invalidate();
  return out;
}
