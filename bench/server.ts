/**
 * The benchmark's server: what apps/server/src/main.ts does (config from the environment, database,
 * app), plus in-memory routes that measure the HTTP stack alone (Fastify, helmet, the access hook):
 *
 *   GET /api/bench/memory           a ~30 KB JSON document serialized once at start (no JSON.stringify per request)
 *   GET /api/bench/memory-object    the same document as a plain object (Fastify's JSON.stringify per request)
 *
 * and GET /api/bench/server-times: the server's own time per request since the previous call (from the
 * HTTP server's `request` event to the last byte handed to the socket), by path, then starts afresh;
 * GET /api/bench/password-queue: the password hashes running and waiting now (lib/crypto.ts).
 *
 * Beside the app, in the same process, it runs the "same-bytes limit" of bench/catalog.ts: a bare
 * Fastify (no plugins, hooks or logger) on its own port (`twinPort`) with two routes:
 *
 *   GET /twin/prepare?path=<app path>  asks the app for that path (inject, in process) once per
 *                                      encoding (br, gzip, none; each must be a 200) and keeps each
 *                                      answer's headers and bytes as twin <key>; answers {key, bytes, headers}
 *   GET /twin/<key>                    answers those bytes: negotiates the encoding from
 *                                      Accept-Encoding with the app's own function, answers 304 to a
 *                                      matching If-None-Match, sends the kept headers (security
 *                                      headers, ETag, Cache-Control, Vary…) and the kept body
 *
 * so the twin sends what the app sends, byte for byte, doing only the work any server must do for it.
 *
 * No SMS sender, housekeeping, seeding or admin: they do not answer requests. Run by bench/run.ts and
 * bench/catalog.ts as its own process, so the load generator and the server do not share an event loop.
 * It prints one line `BENCH_READY {"port":…,"twinPort":…,"pid":…,"memoryBytes":…}` on stdout when it listens.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/open';
import { passwordQueue } from '../apps/server/src/lib/crypto';
import { preferredEncoding } from '../apps/server/src/lib/encoding';
import { memoryDocument } from './payload';

// Rate limits would turn the load into 429s and info logs would measure the logger: both are off here.
process.env.RATE_LIMIT ??= 'off';
process.env.LOG_LEVEL ??= 'warn';
process.env.HOST ??= '127.0.0.1';

/** Request times by path (ms), since the last GET /api/bench/server-times. */
const times = new Map<string, number[]>();
const TIMES_PATH = '/api/bench/server-times';

function timeKey(url: string): string {
  const p = url.split('?')[0] ?? url;
  if (p.startsWith('/api/product/search/')) return '/api/product/search/:text';
  return p.startsWith('/api/product/barcode/') ? '/api/product/barcode/:code' : p;
}

/** Times every request of `server` into `times` (the first listener: before Fastify sees it). */
function timeRequests(server: FastifyInstance['server']): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (url.startsWith(TIMES_PATH)) return;
    const t0 = performance.now();
    res.once('finish', () => {
      const key = timeKey(url);
      let list = times.get(key);
      if (!list) times.set(key, (list = []));
      list.push(performance.now() - t0);
    });
  });
}

function timeStats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0) * 1000) / 1000;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    mean: Math.round((sum / Math.max(1, sorted.length)) * 1000) / 1000,
    p50: at(0.5),
    p95: at(0.95),
    p97_5: at(0.975),
    p99: at(0.99),
    max: at(1),
  };
}

type TwinEncoding = 'br' | 'gzip' | 'identity';
type TwinAnswer = { headers: Record<string, string>; body: Buffer };
/** Answers the twin serves, by key: the app's answer to one path, in each encoding. */
const twins = new Map<string, Record<TwinEncoding, TwinAnswer>>();
/** Headers of a connection or a moment, not of the answer: Node and Fastify set them for each response. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The same-bytes limit: a bare Fastify (default options: no logger, plugins or hooks) that answers
 * exactly what the app answered to a path, with the work any server must do for it (route lookup,
 * encoding negotiation, the If-None-Match check, headers, body) and no more.
 */
function bareTwin(app: FastifyInstance): FastifyInstance {
  const twin = Fastify();
  timeRequests(twin.server);
  twin.get<{ Querystring: { path?: string } }>('/twin/prepare', async (req, reply) => {
    const target = req.query.path ?? '';
    if (!target.startsWith('/api/')) return reply.code(400).send({ message: 'path must start with /api/' });
    const answers: Partial<Record<TwinEncoding, TwinAnswer>> = {};
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const res = await app.inject({ method: 'GET', url: target, headers: { 'accept-encoding': encoding } });
      if (res.statusCode !== 200) {
        return reply
          .code(502)
          .send({ message: `${target} answered ${res.statusCode}: ${res.body.slice(0, 200)}` });
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined && !PER_RESPONSE.has(name)) headers[name] = String(value);
      }
      answers[encoding] = { headers, body: res.rawPayload };
    }
    const key = String(twins.size + 1);
    const kept = answers as Record<TwinEncoding, TwinAnswer>;
    twins.set(key, kept);
    return {
      key,
      bytes: { br: kept.br.body.length, gzip: kept.gzip.body.length, identity: kept.identity.body.length },
      headers: kept.br.headers,
    };
  });
  twin.get<{ Params: { key: string } }>('/twin/:key', (req, reply) => {
    const answers = twins.get(req.params.key);
    if (!answers) return reply.code(404).send();
    const answer = answers[preferredEncoding(req.headers['accept-encoding']) ?? 'identity'];
    const etag = answer.headers.etag;
    if (etag !== undefined && req.headers['if-none-match'] === etag) {
      return reply.code(304).headers(answer.headers).send();
    }
    return reply.headers(answer.headers).send(answer.body);
  });
  return twin;
}

const say = {
  info: (msg: string) => console.log(`[bench-server] ${msg}`),
  warn: (msg: string) => console.warn(`[bench-server] ${msg}`),
};

async function main() {
  if (process.env.RATE_LIMIT !== 'off') throw new Error('bench/server.ts must run with RATE_LIMIT=off');
  // Never the shop's own ./data: the benchmark registers users and logs in thousands of times.
  if (!process.env.DATA_DIR && !process.env.DATABASE_URL) throw new Error('Set DATA_DIR to a scratch folder');
  const config = loadConfig(process.env);
  const database = await openDatabase(config, say);

  const document = memoryDocument();
  const serialized = JSON.stringify(document);

  const extend = (app: FastifyInstance) => {
    app.get(
      '/api/bench/memory',
      { config: { access: 'guest' }, schema: { hide: true } },
      async (_req, reply) => reply.type('application/json; charset=utf-8').send(serialized),
    );
    app.get(
      '/api/bench/memory-object',
      { config: { access: 'guest' }, schema: { hide: true } },
      async () => document,
    );
    app.get(
      '/api/bench/password-queue',
      { config: { access: 'guest' }, schema: { hide: true } },
      async () => passwordQueue.size,
    );
    timeRequests(app.server);
    app.get(TIMES_PATH, { config: { access: 'guest' }, schema: { hide: true } }, async () => {
      const result = Object.fromEntries([...times].map(([key, values]) => [key, timeStats(values)]));
      times.clear();
      return result;
    });
  };

  let app: FastifyInstance | undefined;
  let twin: FastifyInstance | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say.info(`${signal}: shutting down`);
    await twin?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    // Handlers of requests whose client has gone may still be querying: let them finish (5 s at most).
    const pool = database.pool;
    for (let i = 0; i < 100 && (pool.totalCount > pool.idleCount || pool.waitingCount > 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    ({ app } = await buildApp({ config, database, extend }));
    await app.listen({ port: config.port, host: config.host });
    twin = bareTwin(app);
    await twin.listen({ port: 0, host: config.host });
  } catch (err) {
    await twin?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.stop();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const twinAddress = twin.server.address();
  const twinPort = typeof twinAddress === 'object' && twinAddress ? twinAddress.port : 0;
  console.log(
    `BENCH_READY ${JSON.stringify({ port, twinPort, pid: process.pid, memoryBytes: Buffer.byteLength(serialized) })}`,
  );
}

main().catch((err: unknown) => {
  console.error(`[bench-server] Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
