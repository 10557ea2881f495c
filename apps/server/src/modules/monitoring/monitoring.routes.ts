import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { prometheusContentType } from 'prom-client';
import { diskSpace } from '../../lib/disk-space';
import { Unauthenticated } from '../../lib/errors';
import type { Metrics } from '../../lib/metrics';
import { route } from '../../lib/route';
import { notFoundAnswer, sendError } from '../../plugins/errors';
import type { Readiness } from './monitoring.service';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * What a load balancer, a supervisor and Prometheus ask: GET /api/health (the process answers),
 * GET /api/ready (it can serve: database, migrations, storage) and GET /metrics. All three are
 * never cached, never rate-limited, and left out of the request log and metrics (`quiet`): a probe
 * every few seconds would drown both.
 */
export async function monitoringRoutes(
  app: FastifyInstance,
  opts: { readiness: Readiness; metrics: Metrics; metricsToken: string | undefined; dataDir: string },
) {
  const tags = ['monitoring'];

  route(app, 'GET /api/disk-space', {
    config: { access: 'admin', permission: 'dashboard.view' },
    tags,
    description:
      'The free and total bytes of the disk DATA_DIR is on (the embedded database, uploads, backups), ' +
      'and `low` when less than 10 % or less than 1 GB is free. A full disk stops orders (503 storage_full).',
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await diskSpace(opts.dataDir) };
    },
  });

  route(app, 'GET /api/health', {
    config: { access: 'guest', anonymous: true, quiet: true },
    tags,
    description: 'Liveness: the server process answers. Touches nothing else (not the database).',
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  });

  route(app, 'GET /api/ready', {
    config: { access: 'guest', anonymous: true, quiet: true },
    tags,
    description:
      'Readiness: 200 when the database answers, every migration is applied and uploads can be ' +
      'written; else 503 naming the failed check (why is in the server log). Each check has 2 s.',
    handler: async (_req, reply) => {
      const answer = await opts.readiness.check();
      return reply
        .code(answer.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  });

  // Outside /api: Prometheus' usual path. Its own bearer token (METRICS_TOKEN), not a staff login:
  // a scraper holds no session. Without a token set it answers as an unknown path does. Not a call
  // of the API (Prometheus' text, hidden from /api/docs): no contract of its own.
  const expected = opts.metricsToken === undefined ? undefined : sha256(opts.metricsToken);
  app.get('/metrics', {
    config: { quiet: true },
    schema: { hide: true },
    handler: async (req, reply) => {
      if (!expected) return sendError(req, reply, 404, notFoundAnswer(req.url));
      const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      // Digests of equal length, compared in constant time: the answer's timing tells nothing of the token.
      if (!timingSafeEqual(sha256(given), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(req, reply, 401, new Unauthenticated().toAnswer());
      }
      return reply
        .header('cache-control', 'no-store')
        .type(prometheusContentType)
        .send(await opts.metrics.text());
    },
  });
}
