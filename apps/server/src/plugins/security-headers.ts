import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The shop's security headers: helmet's defaults with this content security policy. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly may compile (not JavaScript eval): the stock count's camera reads barcodes with
      // a WebAssembly decoder where the browser has no BarcodeDetector of its own.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // Shops often run on plain http inside their network: do not force https for assets.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers of an empty answer from a bare Fastify, with `setup` applied to it first. */
async function probe(setup: (app: FastifyInstance) => Promise<void>): Promise<Record<string, string>> {
  const app = Fastify();
  await setup(app);
  app.get('/', (_req, reply) => reply.send(''));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers[name] = String(value);
  return headers;
}

/**
 * The headers helmet adds to every answer under `options`, asked of helmet itself (on a bare
 * instance, once). They depend on the options alone (the shop uses no CSP nonces), never on the
 * request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const bare = await probe(async () => undefined);
  const secured = await probe(async (app) => {
    await app.register(helmet, options);
  });
  return Object.fromEntries(Object.entries(secured).filter(([name]) => !(name in bare)));
}

/**
 * Security headers on every answer (docs/adr/0011-security-headers.md), those of @fastify/helmet, worked out once at
 * start. @fastify/helmet builds helmet's middleware again for every request (its options read, the
 * content security policy checked and joined, each header set one by one): a fifth of the CPU of a
 * cached catalogue read. Here one hook puts the same, precomputed set on each answer.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    const headers = Object.entries(await helmetHeaders(HELMET_OPTIONS));
    app.addHook('onRequest', (_req, reply, done) => {
      for (let i = 0; i < headers.length; i++) {
        const [name, value] = headers[i] as [string, string];
        reply.header(name, value);
      }
      done();
    });
  },
  { name: 'security-headers' },
);
