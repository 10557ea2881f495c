import { idParamSchema, listOf, messageSchema, one } from './common';
import type { Endpoints } from './endpoint';
import { adminSettings, area, areaBody, settingsBody, settingsResponse, shopInfo } from './settings';
import { shopPages } from './shop-pages';

/** The shop's settings, what invoices print about it, the delivery areas, the footer's pages. */
export const settingsApi = {
  // An admin gets every setting; guests and customers only the delivery charge.
  'GET /api/settings': { answer: settingsResponse },
  'POST /api/settings': { body: settingsBody, answer: one(adminSettings) },
  'GET /api/shop-info': { answer: one(shopInfo) },
  'GET /api/areas': { answer: listOf(area) },
  'POST /api/area/add': { body: areaBody, status: 201, answer: one(area) },
  'POST /api/area/edit/:id': { params: idParamSchema, body: areaBody, answer: one(area) },
  'DELETE /api/area/delete/:id': { params: idParamSchema, answer: messageSchema },
  'GET /api/shop-pages': { answer: one(shopPages) },
  'POST /api/shop-pages': { body: shopPages, answer: one(shopPages) },
} satisfies Endpoints;
