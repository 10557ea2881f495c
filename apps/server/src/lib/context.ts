import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import type { Clock } from './clock';
import type { RateLimiter } from './rate-limit';
import type { SmsOutbox } from '../modules/sms/sms.outbox';
import type { CatalogCache } from './catalog-cache';
import type { Storage } from './storage';
import type { Metrics } from './metrics';

/** What every module's services need, built once in app.ts. */
export type Ctx = {
  db: DbOrTx;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  sms: SmsOutbox;
  catalog: CatalogCache;
  storage: Storage;
  /** Counters the services bump (orders placed); read by GET /metrics. */
  metrics: Metrics;
};
