import { z } from 'zod';
import { productRequest } from './catalog';
import { idParamSchema, listOf, messageSchema } from './common';
import { pagedList, type Endpoints } from './endpoint';
import { shortLines } from './orders';
import { listPageQuery, stockTotals } from './paging';
import { liveStockQuery, stockAddBody, stockEntry, stockProduct } from './stock';

/** Stock as staff read it: buy prices and what the stock cost left out for those without `products.buy_prices`. */
const stockRow = stockProduct.partial({ buyprice: true });
const stockTotalsSeen = stockTotals.partial();

/** Stock entries, the stock on hand and "notify me" requests (apps/server/src/modules/stock). */
export const stockApi = {
  'GET /api/stock/check': {
    answer: listOf(z.object({ id: z.number().int(), qty: z.number(), ledger: z.number() })),
  },
  'GET /api/stocks': pagedList({ query: listPageQuery, row: stockEntry, totals: stockTotalsSeen }),
  'POST /api/stock/add': {
    body: stockAddBody,
    status: 201,
    answer: z.object({ data: stockEntry }),
    refusals: { 409: shortLines },
  },
  'DELETE /api/stock/delete/:id': { params: idParamSchema, answer: messageSchema },
  'GET /api/live-stock': pagedList({ query: liveStockQuery, row: stockRow, totals: stockTotalsSeen }),
  'GET /api/low-stock-products': { answer: listOf(stockRow) },
  'GET /api/request/add/:id': { params: idParamSchema, answer: messageSchema },
  'GET /api/requests': pagedList({ query: listPageQuery, row: productRequest }),
} satisfies Endpoints;
