import { z } from 'zod';
import { idParamSchema, listOf, messageSchema } from '@bazar/contracts/common';
import { shortLines } from '@bazar/contracts/orders';
import {
  listPageQuery,
  paginatedWithTotals,
  stockTotals as stockTotalsSchema,
} from '@bazar/contracts/paging';
import { stockAddBody, stockEntry, stockProduct } from '@bazar/contracts/stock';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { inSnapshot } from '../../db/client';
import { pageAnswer, pageLinks, pageWindow } from '../../lib/paginate';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { imageUrls } from '../../lib/images';
import { addStockEntry, deleteStockEntry, stockEntryPage } from './stock-entries.service';
import { ledgerMismatches, stockList, stockTotals } from './stock.service';

/** Products at or below this many units are "low stock" on the dashboard. */
const LOW_STOCK_AT = 5;
const LOW_STOCK_LIMIT = 50;

export async function stockRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['stock'];
  const withImage = <T extends { image: string | null }>(p: T) => ({
    ...p,
    image: imageUrls(ctx.storage, p.image).image,
  });

  // The audit: products whose quantity is not the sum of their stock ledger (an empty list is healthy).
  app.get('/api/stock/check', {
    config: { access: 'admin' },
    schema: {
      tags,
      response: { 200: listOf(z.object({ id: z.number().int(), qty: z.number(), ledger: z.number() })) },
    },
    handler: async () => ({ data: await ledgerMismatches(ctx.db) }),
  });

  app.get('/api/stocks', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'One page of the stock entries, newest first; `meta.totals.invested` is what every entry cost.',
      querystring: listPageQuery,
      response: { 200: paginatedWithTotals(stockEntry, stockTotalsSchema) },
    },
    handler: async (req) => {
      const { page, per_page } = req.query;
      return stockEntryPage(ctx, page, per_page, pageLinks('/api/stocks', {}, per_page));
    },
  });

  app.post('/api/stock/add', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Adds qty of each listed product (Bind Stock groups move together) and sets their buy price.',
      body: stockAddBody,
      response: { 201: z.object({ data: stockEntry }), 409: shortLines },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await addStockEntry(ctx, currentUser(req).id, req.body) }),
  });

  app.delete('/api/stock/delete/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: "Takes the entry's quantity back from each of its products (buy prices stay).",
      params: idParamSchema,
      response: { 200: messageSchema },
    },
    handler: async (req) => {
      await deleteStockEntry(ctx, currentUser(req).id, req.params.id);
      return { message: 'Stock entry deleted' };
    },
  });

  app.get('/api/live-stock', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'One page of the products by title with their stock; `meta.totals.invested` is what the ' +
        'whole stock on hand cost (buy price × quantity of every product not below zero).',
      querystring: listPageQuery,
      response: { 200: paginatedWithTotals(stockProduct, stockTotalsSchema) },
    },
    handler: async (req) => {
      const { page, per_page } = req.query;
      const { rows, count, invested } = await inSnapshot(ctx.db, async (tx) => ({
        rows: await stockList(tx, pageWindow(page, per_page)),
        ...(await stockTotals(tx)),
      }));
      const link = pageLinks('/api/live-stock', {}, per_page);
      const answer = pageAnswer({ data: rows.map(withImage), total: count, page, perPage: per_page, link });
      return { ...answer, meta: { ...answer.meta, totals: { invested } } };
    },
  });

  // The spec calls this without a token; it carries buy prices, so here it is for admins only.
  app.get('/api/low-stock-products', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: `Products with at most ${LOW_STOCK_AT} units, fewest first (at most ${LOW_STOCK_LIMIT}).`,
      response: { 200: listOf(stockProduct) },
    },
    handler: async () => ({
      data: (await stockList(ctx.db, { atMost: LOW_STOCK_AT, limit: LOW_STOCK_LIMIT })).map(withImage),
    }),
  });
}
