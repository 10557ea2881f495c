import { idParamSchema, listOf, one } from './common';
import type { Endpoints } from './endpoint';
import {
  purchaseOrder,
  purchaseOrderBody,
  purchaseOrderReceiveBody,
  purchaseOrdersQuery,
  reorderLevels,
  reorderLevelsBody,
  reorderSuggestions,
} from './reorder';

/** What to order next, and orders placed with suppliers (apps/server/src/modules/purchases/reorder.*). */
export const reorderApi = {
  'GET /api/reorder-suggestions': { answer: one(reorderSuggestions) },
  'POST /api/product/:id/reorder': {
    params: idParamSchema,
    body: reorderLevelsBody,
    answer: one(reorderLevels),
  },
  'GET /api/purchase-orders': { query: purchaseOrdersQuery, answer: listOf(purchaseOrder) },
  'POST /api/purchase-orders': { body: purchaseOrderBody, status: 201, answer: one(purchaseOrder) },
  'GET /api/purchase-orders/:id': { params: idParamSchema, answer: one(purchaseOrder) },
  'POST /api/purchase-orders/:id/send': { params: idParamSchema, answer: one(purchaseOrder) },
  'POST /api/purchase-orders/:id/receive': {
    params: idParamSchema,
    body: purchaseOrderReceiveBody,
    answer: one(purchaseOrder),
  },
  'POST /api/purchase-orders/:id/close': { params: idParamSchema, answer: one(purchaseOrder) },
} satisfies Endpoints;
