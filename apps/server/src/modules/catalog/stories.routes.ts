import { storyFields } from '@bazar/contracts/catalog';
import type { FastifyInstance } from 'fastify';
import { required, say } from '@bazar/contracts/messages';
import { catalogChanged } from '../../lib/catalog-cache';
import type { Ctx } from '../../lib/context';
import { Invalid, NotFound } from '../../lib/errors';
import { imageUrls, storeImage } from '../../lib/images';
import { readMultipart, uploadRoutes } from '../../lib/multipart';
import { route } from '../../lib/route';
import { cachedRead, sendCached } from './send-cached';
import * as repo from './stories.repository';

/** Daily campaign stories. */
export async function storyRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['catalog'];
  const toStory = (s: repo.StoryRow) => ({
    id: s.id,
    image: imageUrls(ctx.storage, s.image).image ?? '',
    link: s.link,
  });

  route(app, 'GET /api/storys', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    tags,
    handler: (req, reply) =>
      sendCached(ctx, req, reply, 'stories', async () => ({
        data: (await repo.listStories(ctx.db)).map(toStory),
      })),
  });

  await uploadRoutes(app, (scope) => {
    route(scope, 'POST /api/story/add', {
      config: { access: 'admin', permission: 'settings.edit' },
      tags,
      description: 'multipart/form-data: image (file), link',
      handler: async (req) => {
        const { fields, files } = await readMultipart(req, storyFields, ['image']);
        if (!files.image) throw new Invalid('image', required('image'));
        const image = await storeImage(ctx.storage, files.image);
        const row = await ctx.db.transaction(async (tx) => {
          const created = await repo.insertStory(tx, { image, link: fields.link });
          await catalogChanged(tx);
          return created;
        });
        ctx.catalog.invalidate();
        return { data: toStory(row) };
      },
    });
  });

  route(app, 'DELETE /api/story/delete/:id', {
    config: { access: 'admin', permission: 'settings.edit' },
    tags,
    handler: async (req) => {
      const deleted = await ctx.db.transaction(async (tx) => {
        const gone = await repo.deleteStory(tx, req.params.id);
        if (gone) await catalogChanged(tx);
        return gone;
      });
      if (!deleted) throw new NotFound(say('catalog.storyNotFound'));
      ctx.catalog.invalidate();
      return { message: 'Story deleted' };
    },
  });
}
