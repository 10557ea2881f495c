import type { Endpoints } from './endpoint';

/** The calls of the orders module (apps/server/src/modules/orders). */
export const ordersApi = {} satisfies Endpoints;
