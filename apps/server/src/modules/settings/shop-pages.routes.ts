import { one } from '@bazar/contracts/common';
import { shopPages } from '@bazar/contracts/shop-pages';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { typed } from '../../lib/route';
import { readShopPages, saveShopPages } from './shop-pages.service';

/** The storefront footer's pages (About Us, Terms & Conditions, Privacy Policy) and social links. */
export async function shopPagesRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['settings'];

  app.get('/api/shop-pages', {
    config: { access: 'guest', anonymous: true },
    schema: {
      tags,
      description: "The footer pages' texts (English, Bangla) and the social links; empty where none.",
      response: { 200: one(shopPages) },
    },
    handler: async () => ({ data: await readShopPages(ctx) }),
  });

  app.post('/api/shop-pages', {
    config: { access: 'admin' },
    schema: { tags, body: shopPages, response: { 200: one(shopPages) } },
    handler: async (req) => ({ data: await saveShopPages(ctx, req.body) }),
  });
}
