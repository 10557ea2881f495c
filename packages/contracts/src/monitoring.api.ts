import type { Endpoints } from './endpoint';
import { healthAnswer, readyAnswer } from './monitoring';

/** What a load balancer and a supervisor ask: is the process up, can it serve. */
export const monitoringApi = {
  'GET /api/health': { answer: healthAnswer },
  // 503 with the same body, naming the check that failed.
  'GET /api/ready': { answer: readyAnswer, refusals: { 503: readyAnswer } },
} satisfies Endpoints;
