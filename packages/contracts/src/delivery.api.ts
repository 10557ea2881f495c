import type { Endpoints } from './endpoint';

/** The calls of the delivery module (apps/server/src/modules/delivery). */
export const deliveryApi = {} satisfies Endpoints;
