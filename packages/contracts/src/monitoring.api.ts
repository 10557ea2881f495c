import type { Endpoints } from './endpoint';

/** The calls of the monitoring module (apps/server/src/modules/monitoring). */
export const monitoringApi = {} satisfies Endpoints;
