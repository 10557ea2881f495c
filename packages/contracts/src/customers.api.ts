import type { Endpoints } from './endpoint';

/** The calls of the customers module (apps/server/src/modules/customers). */
export const customersApi = {} satisfies Endpoints;
