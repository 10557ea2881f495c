import type { Endpoints } from './endpoint';

/** The calls of the till module (apps/server/src/modules/till). */
export const tillApi = {} satisfies Endpoints;
