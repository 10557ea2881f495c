import type { Endpoints } from './endpoint';

/** The calls of the sms module (apps/server/src/modules/sms). */
export const smsApi = {} satisfies Endpoints;
