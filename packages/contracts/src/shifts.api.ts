import type { Endpoints } from './endpoint';

/** The calls of the shifts module (apps/server/src/modules/shifts). */
export const shiftsApi = {} satisfies Endpoints;
