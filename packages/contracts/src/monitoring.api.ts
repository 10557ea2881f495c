import { one } from './common';
import type { Endpoints } from './endpoint';
import { diskSpace, healthAnswer, readyAnswer } from './monitoring';

/** What a load balancer and a supervisor ask: is the process up, can it serve; and the disk's free space. */
export const monitoringApi = {
  'GET /api/health': { answer: healthAnswer },
  // 503 with the same body, naming the check that failed.
  'GET /api/ready': { answer: readyAnswer, refusals: { 503: readyAnswer } },
  // The dashboard's free space of DATA_DIR (admins).
  'GET /api/disk-space': { answer: one(diskSpace) },
} satisfies Endpoints;
