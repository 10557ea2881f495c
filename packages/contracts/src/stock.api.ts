import type { Endpoints } from './endpoint';

/** The calls of the stock module (apps/server/src/modules/stock). */
export const stockApi = {} satisfies Endpoints;
