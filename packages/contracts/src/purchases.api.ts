import { z } from 'zod';
import { idParamSchema, messageSchema } from './common';
import { pagedList, type Endpoints } from './endpoint';
import {
  purchase,
  purchaseBody,
  purchaseQuery,
  purchaseTotals,
  supplier,
  supplierBody,
  supplierPayBody,
} from './purchases';

/** Suppliers, purchases from them and paying them off (apps/server/src/modules/purchases). */
export const purchasesApi = {
  'GET /api/suppliers': { answer: z.object({ data: z.array(supplier) }) },
  'POST /api/supplier/add': { body: supplierBody, status: 201, answer: z.object({ data: supplier }) },
  'POST /api/supplier/edit/:id': {
    params: idParamSchema,
    body: supplierBody,
    answer: z.object({ data: supplier }),
  },
  'DELETE /api/supplier/:id': { params: idParamSchema, answer: messageSchema },
  'POST /api/supplier/pay/:id': {
    params: idParamSchema,
    body: supplierPayBody,
    answer: z.object({ data: supplier }),
  },
  'GET /api/purchases': pagedList({ query: purchaseQuery, row: purchase, totals: purchaseTotals }),
  'GET /api/purchase/:id': { params: idParamSchema, answer: z.object({ data: purchase }) },
  'POST /api/purchase/add': { body: purchaseBody, status: 201, answer: z.object({ data: purchase }) },
  'DELETE /api/purchase/:id': { params: idParamSchema, answer: messageSchema },
} satisfies Endpoints;
