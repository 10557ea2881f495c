import type { Endpoints } from './endpoint';

/** The calls of the settings module (apps/server/src/modules/settings). */
export const settingsApi = {} satisfies Endpoints;
