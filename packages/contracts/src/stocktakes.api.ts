import { idParamSchema, listOf, one } from './common';
import type { Endpoints } from './endpoint';
import {
  shrinkage,
  shrinkageQuery,
  stockAdjustAnswer,
  stockAdjustBody,
  stocktake,
  stocktakeApproveBody,
  stocktakeCountAnswer,
  stocktakeCountBody,
  stocktakeCreateBody,
  stocktakeDetail,
  stocktakesQuery,
} from './stocktakes';

/** Counting the shelf, write-offs and what the shop loses (apps/server/src/modules/stock). */
export const stocktakesApi = {
  'GET /api/stocktakes': { query: stocktakesQuery, answer: listOf(stocktake) },
  'POST /api/stocktakes': { body: stocktakeCreateBody, status: 201, answer: one(stocktake) },
  'GET /api/stocktakes/:id': { params: idParamSchema, answer: one(stocktakeDetail) },
  'POST /api/stocktakes/:id/counts': {
    params: idParamSchema,
    body: stocktakeCountBody,
    answer: one(stocktakeCountAnswer),
  },
  'POST /api/stocktakes/:id/approve': {
    params: idParamSchema,
    body: stocktakeApproveBody,
    answer: one(stocktakeDetail),
  },
  'POST /api/stocktakes/:id/cancel': { params: idParamSchema, answer: one(stocktake) },
  'POST /api/stock/adjust': { body: stockAdjustBody, answer: one(stockAdjustAnswer) },
  'GET /api/reports/shrinkage': { query: shrinkageQuery, answer: one(shrinkage) },
} satisfies Endpoints;
