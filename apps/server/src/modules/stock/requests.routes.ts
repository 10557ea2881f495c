import { productRequest } from '@bazar/contracts/catalog';
import { idParamSchema, messageSchema } from '@bazar/contracts/common';
import { listPageQuery, paginated } from '@bazar/contracts/paging';
import type { FastifyInstance } from 'fastify';
import { inSnapshot } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Conflict, NotFound } from '../../lib/errors';
import { pageAnswer, pageLinks, pageWindow } from '../../lib/paginate';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { findAvailability, listRequests, openRequest, requestCount } from './requests.repository';
import { isAvailable } from './stock.service';

/** "Notify me": a customer asks for an SMS when a product is back (sent by the stock core). */
export async function requestRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['stock'];

  // Verified phones only: the request ends in an SMS the shop pays for.
  app.get('/api/request/add/:id', {
    config: { access: 'verified' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      const product = await findAvailability(ctx.db, req.params.id);
      if (!product) throw new NotFound('Product not found.');
      if (isAvailable(product)) throw new Conflict('This product is in stock: you can order it now.');
      await openRequest(ctx.db, currentUser(req).id, product.id);
      return { message: 'Request send successfuly' };
    },
  });

  app.get('/api/requests', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'One page of the product requests, newest first.',
      querystring: listPageQuery,
      response: { 200: paginated(productRequest) },
    },
    handler: async (req) => {
      const { page, per_page } = req.query;
      const { rows, count } = await inSnapshot(ctx.db, async (tx) => ({
        rows: await listRequests(tx, pageWindow(page, per_page)),
        count: await requestCount(tx),
      }));
      return pageAnswer({
        data: rows.map((r) => ({ ...r, created: r.created.toISOString() })),
        total: count,
        page,
        perPage: per_page,
        link: pageLinks('/api/requests', {}, per_page),
      });
    },
  });
}
