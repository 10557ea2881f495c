import type { Endpoints } from './endpoint';

/** The calls of the backup module (apps/server/src/modules/backup). */
export const backupApi = {} satisfies Endpoints;
