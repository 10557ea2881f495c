/**
 * The benchmark's server: what apps/server/src/main.ts does (config from the environment, database,
 * app), plus in-memory routes that measure the HTTP stack alone (Fastify, helmet, the access hook):
 *
 *   GET /api/bench/memory           a ~30 KB JSON document serialized once at start (no JSON.stringify per request)
 *   GET /api/bench/memory-object    the same document as a plain object (Fastify's JSON.stringify per request)
 *   GET /api/bench/memory-bytes/:n  a JSON document of exactly n bytes, serialized once per n: the same-size
 *                                   twin of a catalogue answer (bench/catalog.ts)
 *
 * and GET /api/bench/server-times: the server's own time per request since the previous call (from the
 * HTTP server's `request` event to the last byte handed to the socket), by path, then starts afresh.
 *
 * No SMS sender, housekeeping, seeding or admin: they do not answer requests. Run by bench/run.ts and
 * bench/catalog.ts as its own process, so the load generator and the server do not share an event loop.
 * It prints one line `BENCH_READY {"port":…,"pid":…,"memoryBytes":…}` on stdout when it listens.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/open';
import { memoryDocument } from './payload';

// Rate limits would turn the load into 429s and info logs would measure the logger: both are off here.
process.env.RATE_LIMIT ??= 'off';
process.env.LOG_LEVEL ??= 'warn';
process.env.HOST ??= '127.0.0.1';

/** Bodies of GET /api/bench/memory-bytes/:n, by n. */
const sized = new Map<number, string>();
const MAX_SIZED_BYTES = 8 * 1024 * 1024;
const MAX_SIZED_ENTRIES = 100;

/**
 * `{"data":[{"id":1,"title":"…"},…]}` of exactly n bytes (ASCII, so bytes = characters): rows like a
 * catalogue's, the last title cut or padded to the size. At least 64 bytes.
 */
function sizedBody(n: number): string {
  const open = '{"data":[';
  const close = ']}';
  const rows: string[] = [];
  let length = open.length + close.length;
  for (let id = 1; ; id++) {
    const row = JSON.stringify({ id, title: `Bench Product ${id}`, attri: '1 kg', price: 100 + (id % 900) });
    const extra = row.length + (rows.length ? 1 : 0);
    // Stop while a last row of at least its smallest form still fits.
    if (length + extra + 40 > n) break;
    rows.push(row);
    length += extra;
  }
  const prefix = `${rows.length ? ',' : ''}{"id":0,"title":"`;
  const suffix = '"}';
  const fill = n - length - prefix.length - suffix.length;
  const body = `${open}${rows.join(',')}${prefix}${'x'.repeat(Math.max(0, fill))}${suffix}${close}`;
  if (Buffer.byteLength(body) !== n) throw new Error(`sizedBody(${n}) made ${Buffer.byteLength(body)} bytes`);
  return body;
}

/** Request times by path (ms), since the last GET /api/bench/server-times. */
const times = new Map<string, number[]>();
const TIMES_PATH = '/api/bench/server-times';

function timeKey(url: string): string {
  const p = url.split('?')[0] ?? url;
  if (p.startsWith('/api/product/search/')) return '/api/product/search/:text';
  return p.startsWith('/api/product/barcode/') ? '/api/product/barcode/:code' : p;
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
      '/api/bench/memory-bytes/:n',
      { config: { access: 'guest' }, schema: { hide: true } },
      async (req, reply) => {
        const n = Number((req.params as { n: string }).n);
        if (!Number.isInteger(n) || n < 64 || n > MAX_SIZED_BYTES) {
          return reply.code(400).send({ message: `n must be an integer from 64 to ${MAX_SIZED_BYTES}` });
        }
        let body = sized.get(n);
        if (body === undefined) {
          if (sized.size >= MAX_SIZED_ENTRIES) sized.clear();
          body = sizedBody(n);
          sized.set(n, body);
        }
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );

    // First listener: the clock starts before Fastify sees the request.
    app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
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
    app.get(TIMES_PATH, { config: { access: 'guest' }, schema: { hide: true } }, async () => {
      const result = Object.fromEntries([...times].map(([key, values]) => [key, timeStats(values)]));
      times.clear();
      return result;
    });
  };

  let app: FastifyInstance | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say.info(`${signal}: shutting down`);
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
  } catch (err) {
    await app?.close().catch(() => undefined);
    await database.stop();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `BENCH_READY ${JSON.stringify({ port, pid: process.pid, memoryBytes: Buffer.byteLength(serialized) })}`,
  );
}

main().catch((err: unknown) => {
  console.error(`[bench-server] Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
