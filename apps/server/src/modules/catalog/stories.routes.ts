import { desc, eq } from 'drizzle-orm';
import { productRequest, story, storyFields } from '@bazar/contracts/catalog';
import { idParamSchema, listOf, messageSchema, one } from '@bazar/contracts/common';
import type { FastifyInstance } from 'fastify';
import { stories } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { catalogChanged } from './catalog.cache';
import { imageUrls, storeImage } from './images';
import { findProduct } from './products.repository';
import { listRequests, openRequest } from './requests.repository';
import { isAvailable } from './restock';
import { sendCached } from './send-cached';

/** Daily campaign stories and "notify me" product requests. */
export async function storyRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['catalog'];
  const toStory = (s: typeof stories.$inferSelect) => ({
    id: s.id,
    image: imageUrls(ctx.storage, s.image).image ?? '',
    link: s.link,
  });

  app.get('/api/storys', {
    config: { access: 'guest' },
    schema: { tags, response: { 200: listOf(story) } },
    handler: (req, reply) =>
      sendCached(ctx, req, reply, 'stories', async () => ({
        data: (await ctx.db.select().from(stories).orderBy(desc(stories.id)).limit(50)).map(toStory),
      })),
  });

  app.post('/api/story/add', {
    config: { access: 'admin' },
    schema: { tags, description: 'multipart/form-data: image (file), link', response: { 201: one(story) } },
    handler: async (req, reply) => {
      const { fields, files } = await readMultipart(req, storyFields, ['image']);
      if (!files.image) throw new Invalid('image', 'The image field is required.');
      const image = await storeImage(ctx.storage, files.image);
      const row = await ctx.db.transaction(async (tx) => {
        const [created] = await tx.insert(stories).values({ image, link: fields.link }).returning();
        await catalogChanged(tx);
        return created;
      });
      ctx.catalog.invalidate();
      if (!row) throw new Error('insert stories returned nothing');
      return reply.code(201).send({ data: toStory(row) });
    },
  });

  app.delete('/api/story/delete/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      const deleted = await ctx.db.transaction(async (tx) => {
        const rows = await tx
          .delete(stories)
          .where(eq(stories.id, req.params.id))
          .returning({ id: stories.id });
        if (rows.length) await catalogChanged(tx);
        return rows.length > 0;
      });
      if (!deleted) throw new NotFound('Story not found.');
      ctx.catalog.invalidate();
      return { message: 'Story deleted' };
    },
  });

  app.get('/api/request/add/:id', {
    config: { access: 'customer' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      const product = await findProduct(ctx.db, req.params.id);
      if (!product) throw new NotFound('Product not found.');
      if (isAvailable(product)) throw new Conflict('This product is in stock: you can order it now.');
      await openRequest(ctx.db, currentUser(req).id, product.id);
      return { message: 'Request send successfuly' };
    },
  });

  app.get('/api/requests', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: listOf(productRequest) } },
    handler: async () => ({
      data: (await listRequests(ctx.db)).map((r) => ({ ...r, created: r.created.toISOString() })),
    }),
  });
}
