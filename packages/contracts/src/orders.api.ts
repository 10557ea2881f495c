import { approvalRequired, deleteOrderBody } from './approvals';
import { z } from 'zod';
import { idParamSchema, listOf, messageSchema, one, phoneSchema } from './common';
import { deliveriesQuery } from './delivery';
import { pagedList, type Endpoints } from './endpoint';
import { receiptParams } from './receipt-code';
import {
  order,
  orderFilterQuery,
  ordersQuery,
  orderWithTimeline,
  payBody,
  payResult,
  returnBody,
  returnResult,
  shortLines,
  smsTextBody,
} from './orders';
import { listPageQuery, orderTotals } from './paging';

/** Orders: reading, paying, returning, deleting (placing one is the till module's `POST /api/order/add`). */
export const ordersApi = {
  'GET /api/orders/:phone': {
    params: z.object({ phone: phoneSchema }),
    ...pagedList({ query: listPageQuery, row: order }),
  },
  'GET /api/orders/differences': { answer: listOf(order) },
  'GET /api/orders/deliveries': { query: deliveriesQuery, answer: listOf(order) },
  'GET /api/order/:id': { params: idParamSchema, answer: one(orderWithTimeline) },
  'GET /api/order/receipt/:number': { params: receiptParams, answer: one(orderWithTimeline) },
  'GET /api/orders': pagedList({ query: ordersQuery, row: order, totals: orderTotals }),
  'GET /api/order-filter': pagedList({ query: orderFilterQuery, row: order, totals: orderTotals }),
  'POST /api/order/pay/:id': {
    params: idParamSchema,
    body: payBody,
    answer: one(payResult),
    refusals: { 409: shortLines },
  },
  'POST /api/order/return/:id': {
    params: idParamSchema,
    body: returnBody,
    status: 201,
    answer: one(returnResult),
  },
  'DELETE /api/order/delete/:id': {
    params: idParamSchema,
    body: deleteOrderBody,
    answer: messageSchema,
    refusals: { 403: approvalRequired },
  },
  'POST /api/sms-send/order/:id': { params: idParamSchema, body: smsTextBody, answer: messageSchema },
} satisfies Endpoints;
