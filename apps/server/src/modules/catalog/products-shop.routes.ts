import type { FastifyInstance } from 'fastify';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { NotFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { descendantIds, findCategory } from './categories.repository';
import { lookupBarcode } from './barcode-lookup.service';
import * as repo from './products.repository';
import * as service from './products.service';
import { cachedRead, sendCached } from './send-cached';

/** What shoppers read of the products (most of it from the catalogue cache), and the staff's searches. */
export function shopProductRoutes(app: FastifyInstance, ctx: Ctx, tags: string[]) {
  const publicList = (rows: repo.ProductRow[]) => ({ data: rows.map((r) => repo.toPublic(ctx.storage, r)) });

  route(app, 'GET /api/productoffer', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    tags,
    description: 'Products marked offer (at most 60). Flags in answers are "on" or ""; money is whole taka.',
    handler: (req, reply) =>
      sendCached(ctx, req, reply, 'offer', async () => publicList(await repo.listFlagged(ctx.db, 'offer'))),
  });

  route(app, 'GET /api/productpopular', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    tags,
    description: 'Products marked popular (at most 60).',
    handler: (req, reply) =>
      sendCached(ctx, req, reply, 'popular', async () =>
        publicList(await repo.listFlagged(ctx.db, 'popular')),
      ),
  });

  route(app, 'POST /api/product/available', {
    config: { access: 'guest', anonymous: true },
    tags,
    description:
      'The products of these ids as they are today (price, offer price, stock), for Buy again; an id no longer in the catalogue is left out.',
    handler: async (req) => publicList(await repo.findProducts(ctx.db, [...new Set(req.body.ids)])),
  });

  route(app, 'GET /api/product/view/:id', {
    config: { access: 'guest', anonymous: true },
    tags,
    description: "A product's own page: the product, its sizes (cheapest first) and its categories.",
    handler: async (req) => ({ data: await service.productView(ctx, req.params.id) }),
  });

  route(app, 'GET /api/showcategory/:id', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    tags,
    description: 'A category with the products of it and of its subcategories, by title (at most 200).',
    handler: (req, reply) => {
      const { id } = req.params;
      return sendCached(ctx, req, reply, `category:${id}`, async () => {
        const category = await findCategory(ctx.db, id);
        if (!category) throw new NotFound(say('catalog.categoryNotFound'));
        const rows = await repo.listInCategories(ctx.db, await descendantIds(ctx.db, id));
        return {
          data: { id, title: category.title, title_bn: category.title_bn, products: publicList(rows).data },
        };
      });
    },
  });

  route(app, 'GET /api/product/search/:text', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    tags,
    description:
      'The storefront search: products whose English or Bangla title has every word of the text, best matches first, ' +
      'a word also found by its Banglish key ("piyaj", "peyaj" → পেঁয়াজ; "chal" → চাল), ' +
      'a word no title has read as a typo of the nearest title word; 422 for a text of 2 characters or fewer.',
    handler: (req, reply) => {
      const text = req.params.text.trim().toLowerCase().slice(0, 100);
      service.assertSearchable(text);
      return sendCached(
        ctx,
        req,
        reply,
        text,
        async () =>
          publicList(
            await repo.searchProducts(ctx.db, text, () =>
              ctx.catalog.memo('search-index', () => repo.loadSearchIndex(ctx.db)),
            ),
          ),
        'search',
      );
    },
  });

  route(app, 'GET /api/product/find/:text', {
    config: { access: 'guest' },
    tags,
    description:
      'Staff product search (the till from 2 characters): the product whose barcode is exactly the text, alone; else up to 30 ' +
      'by the storefront search\'s rule over titles and attributes in English, Bangla and Banglish ("alu" → আলু), a typo ' +
      'forgiven, whole words and titles beginning with the text first, then by title.',
    handler: async (req) => ({
      data: (
        await repo.findForStaff(ctx.db, req.params.text, () =>
          ctx.catalog.memo('find-index', () => repo.loadFindIndex(ctx.db)),
        )
      ).map((r) => {
        const p = repo.toPublic(ctx.storage, r);
        return {
          id: p.id,
          title: p.title,
          attri: p.attri,
          title_bn: p.title_bn,
          attri_bn: p.attri_bn,
          price: p.price,
          offprice: p.offprice,
          qty: p.qty,
          barcode: p.barcode,
          image: p.image,
          stock_out: p.stock_out,
          unit: p.unit,
        };
      }),
    }),
  });

  // The till's scan: a product's own barcode (quantity 1) or a scale label (the quantity inside it).
  route(app, 'GET /api/product/barcode/:code', {
    config: {
      access: 'admin',
      // The till, product and stock screens, and counting the shelf.
      permission: ['till.sell', 'products.view', 'stock.edit', 'purchases.manage', 'stock.count'],
    },
    tags,
    description:
      "The till's scan, in this order: a product whose barcode is exactly `code` (quantity 1); a 13-digit code " +
      "with a scale rule's prefix as a label (the quantity inside it, in 0.01 steps: 422 on `code` for a wrong " +
      'check digit or a weight or price of 0; 404 when no product has its item code); anything else 404.',
    handler: async (req) => ({ data: await lookupBarcode(ctx, req.params.code) }),
  });
}
