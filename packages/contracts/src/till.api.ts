import { expiredStockRefusal } from './expiry';
import {
  approvalRequired,
  approverAnswer,
  approverBody,
  drawerOpenBody,
  drawerOpened,
  tillSwitchBody,
} from './approvals';
import { authResponse } from './auth';
import { z } from 'zod';
import { errorSchema, one } from './common';
import type { Endpoints } from './endpoint';
import { order, orderAddBody, shortLines } from './orders';
import { tillCatalog, tillCatalogQuery } from './till';

/** A resend of the same attempt carries the same key: one order is made. */
const idempotencyHeader = z.object({ 'idempotency-key': z.string().trim().min(1).max(100).optional() });

/** Placing an order (storefront checkout or a till sale) and the till's catalogue. */
export const tillApi = {
  'POST /api/order/add': {
    headers: idempotencyHeader,
    body: orderAddBody,
    status: 201,
    answer: one(order),
    refusals: { 409: z.union([shortLines, expiredStockRefusal, errorSchema]), 403: approvalRequired },
  },
  'GET /api/till/catalog': { query: tillCatalogQuery, answer: one(tillCatalog) },
  'POST /api/till/switch': { body: tillSwitchBody, answer: authResponse },
  'POST /api/till/approver': { body: approverBody, answer: one(approverAnswer) },
  'POST /api/till/drawer': {
    body: drawerOpenBody,
    status: 201,
    answer: one(drawerOpened),
    refusals: { 403: approvalRequired },
  },
} satisfies Endpoints;
