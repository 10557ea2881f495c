import { idParamSchema, one } from './common';
import type { Endpoints } from './endpoint';
import {
  batchOfferAnswer,
  batchOfferBody,
  expiring,
  expiringQuery,
  productBatches,
  trackExpiryAnswer,
  trackExpiryBody,
} from './expiry';

/** Expiry dates and batches (apps/server/src/modules/stock/batches.*). */
export const expiryApi = {
  'POST /api/product/:id/expiry': {
    params: idParamSchema,
    body: trackExpiryBody,
    answer: one(trackExpiryAnswer),
  },
  'GET /api/product/:id/batches': { params: idParamSchema, answer: one(productBatches) },
  'GET /api/stock/expiring': { query: expiringQuery, answer: one(expiring) },
  'POST /api/stock/batches/:id/offer': {
    params: idParamSchema,
    body: batchOfferBody,
    answer: one(batchOfferAnswer),
  },
} satisfies Endpoints;
