import type { Endpoints } from './endpoint';

/** The calls of the exports module (apps/server/src/modules/exports). */
export const exportsApi = {} satisfies Endpoints;
