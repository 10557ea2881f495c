/**
 * The benchmark's server: what apps/server/src/main.ts does (config from the environment, database,
 * app), plus two in-memory routes that measure the HTTP stack alone (Fastify, helmet, the access hook):
 *
 *   GET /api/bench/memory         a ~30 KB JSON document serialized once at start (no JSON.stringify per request)
 *   GET /api/bench/memory-object  the same document as a plain object (Fastify's JSON.stringify per request)
 *
 * No SMS sender, housekeeping, seeding or admin: they do not answer requests. Run by bench/run.ts as its
 * own process, so the load generator and the server do not share an event loop. It prints one line
 * `BENCH_READY {"port":…,"pid":…,"memoryBytes":…}` on stdout when it listens.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/open';
import { memoryDocument } from './payload';

// Rate limits would turn the load into 429s and info logs would measure the logger: both are off here.
process.env.RATE_LIMIT ??= 'off';
process.env.LOG_LEVEL ??= 'warn';
process.env.HOST ??= '127.0.0.1';

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
