import { actorOf } from '../audit/audit.service';
import { productEditFields, productFields } from '@bazar/contracts/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../lib/context';
import { readMultipart, uploadRoutes } from '../../lib/multipart';
import { pageAnswer } from '../../lib/paginate';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { can } from '../auth/can';
import * as repo from './products.repository';
import * as service from './products.service';
import { shopProductRoutes } from './products-shop.routes';

/** What the caller may change of a product's prices. */
function priceRights(req: FastifyRequest): service.PriceRights {
  const user = currentUser(req);
  return {
    prices: can(user, 'products.prices'),
    buyPrices: can(user, 'products.buy_prices'),
    actor: actorOf(req, user),
  };
}

/** The storefront's product reads (products-shop.routes.ts), then the back office's products. */
export async function productRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['catalog'];
  shopProductRoutes(app, ctx, tags);

  // Its own links (`page` and `per_page` first, the text encoded as a path is), as it always had.
  route(app, 'GET /api/products', {
    config: {
      access: 'admin',
      permission: 'products.view',
      hides: { 'products.buy_prices': ['buyprice'] },
    },
    tags,
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

  route(app, 'GET /api/product/:id', {
    config: {
      access: 'admin',
      permission: 'products.view',
      hides: { 'products.buy_prices': ['buyprice'] },
    },
    tags,
    handler: async (req) => ({ data: await service.getProduct(ctx, req.params.id) }),
  });

  await uploadRoutes(app, (scope) => {
    route(scope, 'POST /api/product/add', {
      config: {
        access: 'admin',
        permission: 'products.edit',
        hides: { 'products.buy_prices': ['buyprice'] },
      },
      tags,
      description:
        'multipart/form-data: `image` (file, required: JPEG, PNG, WebP or GIF by content, at most 5 MB), `title`, ' +
        '`attri`, `title_bn`, `attri_bn`, `desc`, `desc_bn`, `price`, `offprice`, `buyprice`, `qty`, `unit` (pcs, kg ' +
        'or litre), `tags`, `offer`, `popular`, `stock_out`, `food`, `link_qty` ("on", "1" or "true" set a flag), `brand_id`, ' +
        '`category[]` (repeat the field), `barcode` (blank: an in-store EAN-13 is made), `plu` (5-digit scale ' +
        'item code), `variations[i][title|title_bn|price|offprice|buyprice|qty]`. Answers the main product, then ' +
        'one per variation (same `group_id`); `link_qty` makes the group share one stock count.',
      handler: async (req) => {
        const { fields, files } = await readMultipart(req, productFields, ['image']);
        return {
          data: await service.addProduct(ctx, fields, files.image, currentUser(req).id, priceRights(req)),
        };
      },
    });

    route(scope, 'POST /api/product/edit/:id', {
      config: {
        access: 'admin',
        permission: 'products.edit',
        hides: { 'products.buy_prices': ['buyprice'] },
      },
      tags,
      description:
        'multipart/form-data as add, without `link_qty` and `variations`; `image` and `unit` optional (left out, ' +
        'they stay); `plu` left out keeps the item code, sent empty removes it; a Bangla field left out keeps it.',
      handler: async (req) => {
        const { fields, files } = await readMultipart(req, productEditFields, ['image']);
        return {
          data: await service.editProduct(
            ctx,
            req.params.id,
            fields,
            files.image,
            currentUser(req).id,
            priceRights(req),
          ),
        };
      },
    });
  });

  route(app, 'POST /api/product/edit-quick/:id', {
    config: { access: 'admin', permission: 'products.edit', hides: { 'products.buy_prices': ['buyprice'] } },
    tags,
    handler: async (req) => ({
      data: await service.quickEdit(ctx, req.params.id, req.body, currentUser(req).id, priceRights(req)),
    }),
  });

  route(app, 'GET /api/product/edit-list/:id', {
    config: { access: 'admin', permission: 'products.view' },
    tags,
    description: "The product's size group (every row sharing its `group_id`).",
    handler: async (req) => ({ data: await service.editList(ctx, req.params.id) }),
  });

  route(app, 'DELETE /api/product/delete/:id', {
    config: { access: 'admin', permission: 'products.edit' },
    tags,
    handler: async (req) => {
      await service.deleteProduct(ctx, req.params.id, actorOf(req));
      return { message: 'Product deleted' };
    },
  });
}
