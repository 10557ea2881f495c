import type { Endpoints } from './endpoint';

/** The calls of the reports module (apps/server/src/modules/reports). */
export const reportsApi = {} satisfies Endpoints;
