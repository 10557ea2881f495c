import type { Endpoints } from './endpoint';

/** The calls of the catalog module (apps/server/src/modules/catalog). */
export const catalogApi = {} satisfies Endpoints;
