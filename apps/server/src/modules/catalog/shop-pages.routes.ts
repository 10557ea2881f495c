import { idParamSchema } from '@bazar/contracts/common';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { NotFound } from '../../lib/errors';
import type { SendPage } from '../../plugins/web-app';
import { shopSettings } from '../settings/settings.service';
import { readShopPages } from '../settings/shop-pages.service';
import { descendantIds, findCategory, listCategories } from './categories.repository';
import * as repo from './products.repository';
import { productView } from './products.service';
import { categoryPage, footerPage, missingPage, productPage, robots, sitemap } from './shop-pages';

/** Any text: a link with a mistyped id still gets the shop's page ("not found"), not a JSON error. */
const anyId = z.object({ id: z.string().max(100) });
const idOf = (text: string) => idParamSchema.safeParse({ id: text }).data?.id;

/**
 * The storefront pages the server writes itself so a shared link, a search engine or a browser
 * without JavaScript sees the page's content: a product's page and a category's (in the app's
 * shell, which the app then takes over), sitemap.xml and robots.txt. Pages, not calls of the API:
 * they are left out of its contracts (packages/contracts/src/api.ts) and of /api/docs.
 */
export async function shopPageRoutes(
  app: FastifyInstance,
  { ctx, sendPage }: { ctx: Ctx; sendPage: SendPage },
) {
  const hide = { hide: true } as const;
  // Absolute links start with the shop's own address (PUBLIC_URL), never a request's Host header:
  // a forged Host would otherwise put its own address into cached pages and the sitemap.
  const origin = ctx.config.publicUrl;

  app.get<{ Params: z.output<typeof anyId> }>('/product/:id', {
    config: { access: 'guest', anonymous: true },
    schema: { ...hide, params: anyId },
    handler: async (req, reply) => {
      const shop = (await shopSettings(ctx)).shopName;
      const id = idOf(req.params.id);
      if (id === undefined) return sendPage(req, reply, missingPage(shop, 'Product not found'));
      try {
        return sendPage(req, reply, productPage(await productView(ctx, id), shop, origin));
      } catch (error) {
        if (error instanceof NotFound) return sendPage(req, reply, missingPage(shop, 'Product not found'));
        throw error;
      }
    },
  });

  app.get<{ Params: z.output<typeof anyId> }>('/category/:id', {
    config: { access: 'guest', anonymous: true },
    schema: { ...hide, params: anyId },
    handler: async (req, reply) => {
      const shop = (await shopSettings(ctx)).shopName;
      const id = idOf(req.params.id);
      const category = id === undefined ? undefined : await findCategory(ctx.db, id);
      if (!category) return sendPage(req, reply, missingPage(shop, 'Category not found'));
      const rows = await repo.listInCategories(ctx.db, await descendantIds(ctx.db, category.id));
      const products = rows.map((r) => repo.toPublic(ctx.storage, r));
      return sendPage(req, reply, categoryPage(category, products, shop, origin));
    },
  });

  for (const key of ['about', 'terms', 'privacy'] as const) {
    app.get(`/${key}`, {
      config: { access: 'guest', anonymous: true },
      schema: hide,
      handler: async (req, reply) => {
        const [settings, content] = await Promise.all([shopSettings(ctx), readShopPages(ctx)]);
        return sendPage(req, reply, footerPage(key, content.pages[key], settings.shopName, origin));
      },
    });
  }

  app.get('/sitemap.xml', {
    config: { access: 'guest', anonymous: true },
    schema: hide,
    handler: async (req, reply) => {
      const [categories, products] = await Promise.all([
        listCategories(ctx.db),
        repo.sitemapProducts(ctx.db),
      ]);
      const entries = [
        { path: '/' },
        ...['/about', '/terms', '/privacy'].map((path) => ({ path })),
        ...categories.map((c) => ({ path: `/category/${c.id}` })),
        ...products.map((p) => ({ path: `/product/${p.id}`, updated: p.updatedAt })),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemap(origin, entries));
    },
  });

  app.get('/robots.txt', {
    config: { access: 'guest', anonymous: true },
    schema: hide,
    handler: async (req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(robots(origin)),
  });
}
