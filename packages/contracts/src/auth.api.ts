import type { Endpoints } from './endpoint';

/** The calls of the auth module (apps/server/src/modules/auth). */
export const authApi = {} satisfies Endpoints;
