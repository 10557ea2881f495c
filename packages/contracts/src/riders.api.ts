import { idParamSchema, listOf, one } from './common';
import type { Endpoints } from './endpoint';
import { orderWithTimeline } from './orders';
import {
  assignAnswer,
  deliveredBody,
  deliveriesAssignBody,
  deliveriesSummary,
  failedBody,
  pickList,
  pickListQuery,
  rider,
  riderAssignBody,
  riderDelivery,
  settlement,
  settlementBody,
  settlementQuery,
  shortBody,
} from './riders';

/** Riders, their deliveries and their cash (apps/server/src/modules/riders). */
export const ridersApi = {
  'GET /api/riders': { answer: listOf(rider) },
  'POST /api/order/:id/rider': { params: idParamSchema, body: riderAssignBody, answer: one(assignAnswer) },
  'POST /api/deliveries/assign': { body: deliveriesAssignBody, answer: one(assignAnswer) },
  'GET /api/deliveries/pick-list': { query: pickListQuery, answer: one(pickList) },
  'GET /api/deliveries/summary': { query: settlementQuery, answer: one(deliveriesSummary) },
  'POST /api/order/:id/short': { params: idParamSchema, body: shortBody, answer: one(orderWithTimeline) },
  'GET /api/rider/deliveries': { answer: listOf(riderDelivery) },
  'POST /api/rider/deliveries/:id/picked-up': { params: idParamSchema, answer: one(riderDelivery) },
  'POST /api/rider/deliveries/:id/delivered': {
    params: idParamSchema,
    body: deliveredBody,
    answer: one(riderDelivery),
  },
  'POST /api/rider/deliveries/:id/failed': {
    params: idParamSchema,
    body: failedBody,
    answer: one(riderDelivery),
  },
  'GET /api/riders/:id/settlement': {
    params: idParamSchema,
    query: settlementQuery,
    answer: one(settlement),
  },
  'POST /api/riders/:id/settlement': {
    params: idParamSchema,
    body: settlementBody,
    status: 201,
    answer: one(settlement),
  },
} satisfies Endpoints;
