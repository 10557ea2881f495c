import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueryListener } from '../db/client';
import type { CacheBucket, CatalogCache } from './catalog-cache';
import { RequestMetrics } from './request-metrics';

/** Where an order was placed: the storefront, the till, or a till sale made offline and synced later. */
export type OrderChannel = 'storefront' | 'till' | 'till_offline';
const CHANNELS: readonly OrderChannel[] = ['storefront', 'till', 'till_offline'];

/** The outbox's messages by state, shop-wide (every app server reads the same table). */
export type SmsCounts = {
  pending: number;
  sent: number;
  failed: number;
  /** Seconds the oldest pending message has waited, or null when none waits. */
  oldestPendingSeconds: number | null;
};

type Log = { warn(obj: object, msg: string): void };

/** What the gauges read at scrape time; app.ts wires them to the shop's parts. */
export type MetricSources = {
  pool: pg.Pool;
  /** Starts timing the pool's queries; returns how to stop. */
  onQuery: (listener: QueryListener) => () => void;
  catalog: CatalogCache;
  sms: () => Promise<SmsCounts>;
  /**
   * When the newest backup was taken, and whether the last attempt failed (this server's backup
   * folder; with STORAGE=s3 the bucket's, the same for every server).
   */
  backups: () => Promise<{ newest: Date | undefined; failing: boolean }>;
  /** The free and total bytes of the disk DATA_DIR is on (this server's own). */
  disk: () => Promise<{ free: number; total: number }>;
  /** Online payments that need a look: a refund pending, an attempt pending for 15 minutes or more. */
  onlineAttention: () => Promise<number>;
  now: () => Date;
  log: Log;
};

const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The shop's metrics, in a registry of this app's own (tests build several apps in one process).
 * Counters that services bump (orders) cost little and exist whether or not /metrics is on; the
 * gauges that read the database, the pool, the cache and the backups, the query timer and Node's
 * process metrics are set up only by `watch()`, when METRICS_TOKEN turns /metrics on.
 *
 * HELP texts say which numbers are this server's own (sum them over the servers) and which are
 * the shop's (every server reports the same).
 */
export class Metrics {
  readonly registry = new Registry();
  private backupLook: Promise<{ newest: Date | undefined; failing: boolean } | undefined> | undefined;
  private diskLook: Promise<{ free: number; total: number } | undefined> | undefined;
  /** Request counts and times by route (lib/request-metrics.ts: kept outside prom-client, for speed). */
  readonly requests = new RequestMetrics();
  private readonly orders = new Counter({
    name: 'bazar_orders_placed_total',
    help:
      'Orders placed through this app server, counted after their transaction committed (per server): ' +
      'channel storefront (online), till, or till_offline (a sale made while the till had no server, synced later).',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  private stops: Array<() => void> = [];

  constructor() {
    for (const channel of CHANNELS) this.orders.inc({ channel }, 0);
  }

  /** An order was placed (its transaction committed; a replayed request does not count). */
  orderPlaced(channel: OrderChannel): void {
    this.orders.inc({ channel });
  }

  /** Sets up the gauges read at scrape time, the query timer and the process metrics. */
  watch(sources: MetricSources): void {
    const register = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    const { pool } = sources;
    new Gauge({
      name: 'bazar_db_pool_connections',
      help: "Connections this app server's pool holds open to the database, busy or idle (per server).",
      registers: register,
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'bazar_db_pool_idle_connections',
      help: "Open connections of this app server's pool that no request is using (per server).",
      registers: register,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'bazar_db_pool_waiting_requests',
      help: "Queries waiting for a free connection of this app server's pool (per server).",
      registers: register,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'bazar_db_pool_max_connections',
      help: "The most connections this app server's pool opens (per server).",
      registers: register,
      collect() {
        this.set(pool.options.max);
      },
    });
    const queries = new Histogram({
      name: 'bazar_db_query_duration_seconds',
      help: 'Time of each database query of this app server, from sending it to its answer (per server).',
      buckets: QUERY_BUCKETS,
      registers: register,
    });
    this.stops.push(sources.onQuery((ms) => queries.observe(ms / 1000)));

    const { catalog } = sources;
    const buckets = Object.keys(catalog.hits) as CacheBucket[];
    new Counter({
      name: 'bazar_catalog_cache_hits_total',
      help: "Catalogue and search answers served from this app server's cache (per server).",
      labelNames: ['bucket'] as const,
      registers: register,
      collect() {
        this.reset();
        for (const bucket of buckets) this.inc({ bucket }, catalog.hits[bucket]);
      },
    });
    new Counter({
      name: 'bazar_catalog_cache_misses_total',
      help: 'Catalogue and search answers this app server had to load from the database (per server).',
      labelNames: ['bucket'] as const,
      registers: register,
      collect() {
        this.reset();
        for (const bucket of buckets) this.inc({ bucket }, catalog.misses[bucket]);
      },
    });

    // One query for both SMS gauges, made once per scrape whichever of them is collected first.
    let reading: Promise<void> | undefined;
    let smsFailing = false;
    const readSms = () =>
      (reading ??= sources
        .sms()
        .then(
          (counts) => {
            sms.set({ status: 'pending' }, counts.pending);
            sms.set({ status: 'sent' }, counts.sent);
            sms.set({ status: 'failed' }, counts.failed);
            oldest.set(counts.oldestPendingSeconds ?? 0);
            smsFailing = false;
          },
          (err: unknown) => {
            // The database is away: no SMS numbers in this scrape rather than a failed scrape.
            sms.reset();
            oldest.set(NaN);
            // Once per outage, not once per scrape.
            if (!smsFailing) sources.log.warn({ err }, 'metrics: could not read the SMS outbox');
            smsFailing = true;
          },
        )
        .finally(() => {
          reading = undefined;
        }));
    const sms = new Gauge({
      name: 'bazar_sms_messages',
      help:
        'SMS in the outbox by status, shop-wide (every app server reads the same table): pending (queued, ' +
        'waiting to be sent), sent, failed (given up or expired); their sum is every SMS ever queued.',
      labelNames: ['status'] as const,
      registers: register,
      collect: readSms,
    });
    const oldest = new Gauge({
      name: 'bazar_sms_oldest_pending_seconds',
      help: 'How long the oldest pending SMS has waited, shop-wide; 0 when none waits.',
      registers: register,
      collect: readSms,
    });

    // One look at the backups for both gauges per scrape (text() forgets it before each scrape).
    const readBackups = () =>
      (this.backupLook ??= sources.backups().catch((err: unknown) => {
        sources.log.warn({ err }, 'metrics: could not read the backups');
        return undefined;
      }));
    new Gauge({
      name: 'bazar_backup_age_seconds',
      help:
        'Seconds since the newest backup was taken; +Inf when there is none (per server from its ' +
        'backup folder; shop-wide with STORAGE=s3, where backups are kept in the bucket).',
      registers: register,
      async collect() {
        const look = await readBackups();
        const newest = look?.newest;
        this.set(
          look === undefined ? NaN : newest ? (sources.now().getTime() - newest.getTime()) / 1000 : Infinity,
        );
      },
    });
    new Gauge({
      name: 'bazar_backup_failing',
      help:
        '1 when the last backup attempt failed and none has succeeded since, else 0 (where the backups ' +
        'are kept, as above).',
      registers: register,
      async collect() {
        const look = await readBackups();
        this.set(look === undefined ? NaN : look.failing ? 1 : 0);
      },
    });

    new Gauge({
      name: 'bazar_online_payments_attention',
      help:
        'Online payments that need a look, shop-wide: refunds whose gateway answer was lost (pending), and ' +
        'attempts still pending 15 minutes or more after they began (the shop keeps asking the gateway).',
      registers: register,
      async collect() {
        this.set(
          await sources.onlineAttention().catch((err: unknown) => {
            sources.log.warn({ err }, 'metrics: could not count the online payments');
            return NaN;
          }),
        );
      },
    });

    // One statfs of DATA_DIR for both gauges per scrape.
    const readDisk = () =>
      (this.diskLook ??= sources.disk().catch((err: unknown) => {
        sources.log.warn({ err }, 'metrics: could not read the free space of DATA_DIR');
        return undefined;
      }));
    new Gauge({
      name: 'bazar_data_dir_free_bytes',
      help:
        'Bytes still free on the disk DATA_DIR is on (the embedded database, uploads, backups; per ' +
        'server). At 0 no order can be taken: the shop answers 503 storage_full.',
      registers: register,
      async collect() {
        this.set((await readDisk())?.free ?? NaN);
      },
    });
    new Gauge({
      name: 'bazar_data_dir_total_bytes',
      help: 'The size of the disk DATA_DIR is on, in bytes (per server).',
      registers: register,
      async collect() {
        this.set((await readDisk())?.total ?? NaN);
      },
    });
  }

  /** Every metric in Prometheus' text format. */
  async text(): Promise<string> {
    // Each scrape looks at the backups and the disk again (a backup finished since the last scrape counts).
    this.backupLook = undefined;
    this.diskLook = undefined;
    return (await this.registry.metrics()) + this.requests.exposition();
  }

  /** Stops timing queries (the app closes; the pool may serve another app). */
  close(): void {
    for (const stop of this.stops) stop();
    this.stops = [];
  }
}
