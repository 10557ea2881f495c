import { z } from 'zod';
import {
  adminProduct,
  barcodeLookup,
  barcodeParams,
  foundProduct,
  productEditFields,
  productFields,
  productListQuery,
  productIdsBody,
  productListRow,
  productView,
  publicProduct,
  quickEditBody,
} from '@bazar/contracts/catalog';
import { idParamSchema, listOf, messageSchema, one } from '@bazar/contracts/common';
import { paginated } from '@bazar/contracts/paging';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { readMultipart, uploadRoutes } from '../../lib/multipart';
import { pageAnswer } from '../../lib/paginate';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { descendantIds, findCategory } from './categories.repository';
import { NotFound } from '../../lib/errors';
import { lookupBarcode } from './barcode-lookup.service';
import * as repo from './products.repository';
import * as service from './products.service';
import { cachedRead, sendCached } from './send-cached';

const textParam = z.object({ text: z.string().trim().min(1).max(100) });

export async function productRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['catalog'];
  const publicList = (rows: repo.ProductRow[]) => ({ data: rows.map((r) => repo.toPublic(ctx.storage, r)) });

  app.get('/api/productoffer', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    schema: {
      tags,
      description:
        'Products marked offer (at most 60). Flags in answers are "on" or ""; money is whole taka.',
      response: { 200: listOf(publicProduct) },
    },
    handler: (req, reply) =>
      sendCached(ctx, req, reply, 'offer', async () => publicList(await repo.listFlagged(ctx.db, 'offer'))),
  });

  app.get('/api/productpopular', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    schema: {
      tags,
      description: 'Products marked popular (at most 60).',
      response: { 200: listOf(publicProduct) },
    },
    handler: (req, reply) =>
      sendCached(ctx, req, reply, 'popular', async () =>
        publicList(await repo.listFlagged(ctx.db, 'popular')),
      ),
  });

  app.post('/api/product/available', {
    config: { access: 'guest', anonymous: true },
    schema: {
      tags,
      description:
        'The products of these ids as they are today (price, offer price, stock), for Buy again; an id no longer in the catalogue is left out.',
      body: productIdsBody,
      response: { 200: listOf(publicProduct) },
    },
    handler: async (req) => publicList(await repo.findProducts(ctx.db, [...new Set(req.body.ids)])),
  });

  app.get('/api/product/view/:id', {
    config: { access: 'guest', anonymous: true },
    schema: {
      tags,
      description: "A product's own page: the product, its sizes (cheapest first) and its categories.",
      params: idParamSchema,
      response: { 200: one(productView) },
    },
    handler: async (req) => ({ data: await service.productView(ctx, req.params.id) }),
  });

  app.get('/api/showcategory/:id', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    schema: {
      tags,
      description: 'A category with the products of it and of its subcategories, by title (at most 200).',
      params: idParamSchema,
      response: {
        200: one(
          z.object({
            id: z.number().int(),
            title: z.string(),
            title_bn: z.string(),
            products: z.array(publicProduct),
          }),
        ),
      },
    },
    handler: (req, reply) => {
      const { id } = req.params;
      return sendCached(ctx, req, reply, `category:${id}`, async () => {
        const category = await findCategory(ctx.db, id);
        if (!category) throw new NotFound('Category not found.');
        const rows = await repo.listInCategories(ctx.db, await descendantIds(ctx.db, id));
        return {
          data: { id, title: category.title, title_bn: category.title_bn, products: publicList(rows).data },
        };
      });
    },
  });

  app.get('/api/product/search/:text', {
    ...cachedRead,
    config: { access: 'guest', anonymous: true },
    schema: {
      tags,
      description:
        'The storefront search: products whose English or Bangla title has every word of the text, best matches first, ' +
        'a word no title has read as a typo of the nearest title word; 422 for a text of 2 characters or fewer.',
      params: z.object({ text: z.string() }),
      response: { 200: listOf(publicProduct) },
    },
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

  app.get('/api/product/find/:text', {
    config: { access: 'guest' },
    schema: {
      tags,
      description:
        'Staff product search: a product whose barcode is exactly the text first, then products by title or attribute.',
      params: textParam,
      response: { 200: listOf(foundProduct) },
    },
    handler: async (req) => ({
      data: (await repo.findForStaff(ctx.db, req.params.text)).map((r) => {
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
  app.get('/api/product/barcode/:code', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "The till's scan, in this order: a product whose barcode is exactly `code` (quantity 1); a 13-digit code " +
        "with a scale rule's prefix as a label (the quantity inside it, in 0.01 steps: 422 on `code` for a wrong " +
        'check digit or a weight or price of 0; 404 when no product has its item code); anything else 404.',
      params: barcodeParams,
      response: { 200: one(barcodeLookup) },
    },
    handler: async (req) => ({ data: await lookupBarcode(ctx, req.params.code) }),
  });

  app.get('/api/products', {
    config: { access: 'admin' },
    schema: { tags, querystring: productListQuery, response: { 200: paginated(adminProduct) } },
    handler: async (req) => {
      const { page, per_page, q } = req.query;
      const { rows, total } = await repo.pageProducts(ctx.db, {
        q,
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return pageAnswer({
        data: await service.adminView(ctx, ctx.db, rows),
        total,
        page,
        perPage: per_page,
        link: (n) => `/api/products?page=${n}&per_page=${per_page}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
      });
    },
  });

  app.get('/api/product/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: one(adminProduct) } },
    handler: async (req) => ({ data: await service.getProduct(ctx, req.params.id) }),
  });

  await uploadRoutes(fastify, (scope) => {
    const uploads = typed(scope);
    uploads.post('/api/product/add', {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          'multipart/form-data: `image` (file, required: JPEG, PNG, WebP or GIF by content, at most 5 MB), `title`, ' +
          '`attri`, `title_bn`, `attri_bn`, `desc`, `desc_bn`, `price`, `offprice`, `buyprice`, `qty`, `unit` (pcs, kg ' +
          'or litre), `tags`, `offer`, `popular`, `stock_out`, `food`, `link_qty` ("on", "1" or "true" set a flag), `brand_id`, ' +
          '`category[]` (repeat the field), `barcode` (blank: an in-store EAN-13 is made), `plu` (5-digit scale ' +
          'item code), `variations[i][title|title_bn|price|offprice|buyprice|qty]`. Answers the main product, then ' +
          'one per variation (same `group_id`); `link_qty` makes the group share one stock count.',
        response: { 201: listOf(adminProduct) },
      },
      handler: async (req, reply) => {
        const { fields, files } = await readMultipart(req, productFields, ['image']);
        return reply
          .code(201)
          .send({ data: await service.addProduct(ctx, fields, files.image, currentUser(req).id) });
      },
    });

    uploads.post('/api/product/edit/:id', {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          'multipart/form-data as add, without `link_qty` and `variations`; `image` and `unit` optional (left out, ' +
          'they stay); `plu` left out keeps the item code, sent empty removes it; a Bangla field left out keeps it.',
        params: idParamSchema,
        response: { 200: one(adminProduct) },
      },
      handler: async (req) => {
        const { fields, files } = await readMultipart(req, productEditFields, ['image']);
        return {
          data: await service.editProduct(ctx, req.params.id, fields, files.image, currentUser(req).id),
        };
      },
    });
  });

  app.post('/api/product/edit-quick/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, body: quickEditBody, response: { 200: one(adminProduct) } },
    handler: async (req) => ({
      data: await service.quickEdit(ctx, req.params.id, req.body, currentUser(req).id),
    }),
  });

  app.get('/api/product/edit-list/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: "The product's size group (every row sharing its `group_id`).",
      params: idParamSchema,
      response: { 200: listOf(productListRow) },
    },
    handler: async (req) => ({ data: await service.editList(ctx, req.params.id) }),
  });

  app.delete('/api/product/delete/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      await service.deleteProduct(ctx, req.params.id);
      return { message: 'Product deleted' };
    },
  });
}
