import type { Endpoints } from './endpoint';

/** The calls of the purchases module (apps/server/src/modules/purchases). */
export const purchasesApi = {} satisfies Endpoints;
