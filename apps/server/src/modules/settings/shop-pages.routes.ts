import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { readShopPages, saveShopPages } from './shop-pages.service';

/** The storefront footer's pages (About Us, Terms & Conditions, Privacy Policy) and social links. */
export async function shopPagesRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['settings'];

  route(app, 'GET /api/shop-pages', {
    config: { access: 'guest', anonymous: true },
    tags,
    description: "The footer pages' texts (English, Bangla) and the social links; empty where none.",
    handler: async () => ({ data: await readShopPages(ctx) }),
  });

  route(app, 'POST /api/shop-pages', {
    config: { access: 'admin', permission: 'settings.edit' },
    tags,
    handler: async (req) => ({ data: await saveShopPages(ctx, req.body) }),
  });
}
