import { EMPTY_SHOP_PAGES, shopPages, type ShopPages } from '@bazar/contracts/shop-pages';
import type { Ctx } from '../../lib/context';
import { catalogChanged } from '../../lib/catalog-cache';
import * as repo from './shop-pages.repository';

/**
 * The storefront's footer pages and social links, kept with the catalogue's cache (every app server
 * reads them again once one saves them). What was stored under an older shape reads as empty.
 */
export function readShopPages(ctx: Ctx): Promise<ShopPages> {
  return ctx.catalog.memo('shop-pages', async () => {
    const stored = await repo.readContent(ctx.db);
    const parsed = shopPages.safeParse({
      pages: stored.get('pages') ?? EMPTY_SHOP_PAGES.pages,
      social: stored.get('social') ?? EMPTY_SHOP_PAGES.social,
    });
    return parsed.success ? parsed.data : EMPTY_SHOP_PAGES;
  });
}

/** Saves the whole set at once; every app server's cache forgets the old one at commit. */
export async function saveShopPages(ctx: Ctx, value: ShopPages): Promise<ShopPages> {
  await ctx.db.transaction(async (tx) => {
    await repo.saveContent(tx, { pages: value.pages, social: value.social });
    await catalogChanged(tx);
  });
  ctx.catalog.invalidate();
  return readShopPages(ctx);
}
