import type { Endpoints } from './endpoint';

/** The calls of the payments module (apps/server/src/modules/payments). */
export const paymentsApi = {} satisfies Endpoints;
