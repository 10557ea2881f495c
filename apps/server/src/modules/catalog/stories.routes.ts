import { story, storyFields } from '@bazar/contracts/catalog';
import { idParamSchema, listOf, messageSchema, one } from '@bazar/contracts/common';
import type { FastifyInstance } from 'fastify';
import { catalogChanged } from '../../lib/catalog-cache';
import type { Ctx } from '../../lib/context';
import { Invalid, NotFound } from '../../lib/errors';
import { imageUrls, storeImage } from '../../lib/images';
import { readMultipart, uploadRoutes } from '../../lib/multipart';
import { typed } from '../../lib/route';
import { cachedRead, sendCached } from './send-cached';
import * as repo from './stories.repository';

/** Daily campaign stories. */
export async function storyRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['catalog'];
  const toStory = (s: repo.StoryRow) => ({
    id: s.id,
    image: imageUrls(ctx.storage, s.image).image ?? '',
    link: s.link,
  });

  app.get('/api/storys', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    schema: { tags, response: { 200: listOf(story) } },
    handler: (req, reply) =>
      sendCached(ctx, req, reply, 'stories', async () => ({
        data: (await repo.listStories(ctx.db)).map(toStory),
      })),
  });

  await uploadRoutes(fastify, (scope) => {
    const uploads = typed(scope);
    uploads.post('/api/story/add', {
      config: { access: 'admin' },
      schema: { tags, description: 'multipart/form-data: image (file), link', response: { 201: one(story) } },
      handler: async (req, reply) => {
        const { fields, files } = await readMultipart(req, storyFields, ['image']);
        if (!files.image) throw new Invalid('image', 'The image field is required.');
        const image = await storeImage(ctx.storage, files.image);
        const row = await ctx.db.transaction(async (tx) => {
          const created = await repo.insertStory(tx, { image, link: fields.link });
          await catalogChanged(tx);
          return created;
        });
        ctx.catalog.invalidate();
        return reply.code(201).send({ data: toStory(row) });
      },
    });
  });

  app.delete('/api/story/delete/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      const deleted = await ctx.db.transaction(async (tx) => {
        const gone = await repo.deleteStory(tx, req.params.id);
        if (gone) await catalogChanged(tx);
        return gone;
      });
      if (!deleted) throw new NotFound('Story not found.');
      ctx.catalog.invalidate();
      return { message: 'Story deleted' };
    },
  });
}
