import type { FastifyInstance } from 'fastify';
import { say, type Message } from '@bazar/contracts/messages';
import { isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Conflict, NotFound } from '../../lib/errors';
import { route } from '../../lib/route';
import * as brands from './brands.repository';
import { catalogChanged } from '../../lib/catalog-cache';
import * as repo from './categories.repository';
import * as service from './categories.service';
import { cachedRead, sendCached } from './send-cached';

const uniqueTitle = async <T>(work: () => Promise<T>, taken: Message): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(taken);
    throw err;
  }
};

/** Categories (three-level tree) and brands. */
export async function categoryRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['catalog'];

  route(app, 'GET /api/categories', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    tags,
    description:
      "The category tree: the top level, with each category's children nested under `parents` (three levels at most).",
    handler: (req, reply) =>
      sendCached(ctx, req, reply, 'categories', async () => ({
        data: service.toTree(await repo.listCategories(ctx.db)),
      })),
  });

  route(app, 'POST /api/category/add', {
    config: { access: 'admin', permission: 'products.edit' },
    tags,
    description:
      'A category under `parent` (null: top level); 422 on `parent` when it does not exist or the category would be a fourth level.',
    handler: async (req) => ({ data: await service.addCategory(ctx, req.body, req.body.parent) }),
  });

  route(app, 'POST /api/category/edit/:id', {
    config: { access: 'admin', permission: 'products.edit' },
    tags,
    description:
      'Renames or moves a category; 422 on `parent` for a move under itself or its own subcategory, or deeper than three levels.',
    handler: async (req) => ({
      data: await service.editCategory(ctx, req.params.id, req.body, req.body.parent),
    }),
  });

  route(app, 'DELETE /api/category/delete/:id', {
    config: { access: 'admin', permission: 'products.edit' },
    tags,
    description:
      'Deletes a category without subcategories (409 while it has some); its products lose only this link.',
    handler: async (req) => {
      await service.deleteCategory(ctx, req.params.id);
      return { message: 'Category deleted' };
    },
  });

  route(app, 'GET /api/brands', {
    config: { access: 'guest' },
    tags,
    handler: async () => ({ data: await brands.listBrands(ctx.db) }),
  });

  route(app, 'POST /api/brand/add', {
    config: { access: 'admin', permission: 'products.edit' },
    tags,
    description: 'A brand; 409 when a brand with this title (in any case) exists.',
    handler: async (req) => ({
      data: await uniqueTitle(() => brands.insertBrand(ctx.db, req.body), say('catalog.brandTaken')),
    }),
  });

  route(app, 'POST /api/brand/edit/:id', {
    config: { access: 'admin', permission: 'products.edit' },
    tags,
    description: 'Renames a brand; 409 when another brand has this title.',
    handler: async (req) => {
      const row = await uniqueTitle(
        () =>
          ctx.db.transaction(async (tx) => {
            const updated = await brands.updateBrand(tx, req.params.id, req.body);
            await catalogChanged(tx); // product answers carry the brand's title
            return updated;
          }),
        say('catalog.brandTaken'),
      );
      ctx.catalog.invalidate();
      if (!row) throw new NotFound(say('catalog.brandNotFound'));
      return { data: row };
    },
  });

  route(app, 'DELETE /api/brand/delete/:id', {
    config: { access: 'admin', permission: 'products.edit' },
    tags,
    description: 'Deletes a brand that no product uses (409 naming how many do).',
    handler: async (req) => {
      // Products keep their brand: a brand in use cannot be deleted (docs/adr/0021-catalogue-model.md).
      const used = await brands.brandUseCount(ctx.db, req.params.id);
      if (used > 0)
        throw new Conflict(say(used === 1 ? 'catalog.brandUsedOnce' : 'catalog.brandUsed', { count: used }));
      if (!(await brands.deleteBrand(ctx.db, req.params.id)))
        throw new NotFound(say('catalog.brandNotFound'));
      return { message: 'Brand deleted' };
    },
  });
}
