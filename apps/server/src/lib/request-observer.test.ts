import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './request-logger';
import { RequestMetrics } from './request-metrics';
import { loggedUrl, RequestObserver } from './request-observer';

/** An app with the shop's logger set-up and observer, writing its JSON lines into `raw`. */
function appWithLog(opts: { log: boolean; metrics?: RequestMetrics }) {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream, redact: ['req.headers.authorization', 'req.body.password'] },
    childLoggerFactory: lazyChildLogger,
    logController: new RequestObserver({ log: opts.log, metrics: opts.metrics }),
  });
  app.decorateRequest('user', null);
  app.get('/api/things/:id', {
    preHandler: async (req) => {
      // As the access hook does for a signed-in caller.
      if (req.headers.authorization) req.user = { id: 42 } as NonNullable<typeof req.user>;
    },
    handler: async () => ({ ok: true }),
  });
  app.post('/api/login', async () => ({ token: 'secret-session-token' }));
  app.get('/api/health', { config: { quiet: true } }, async () => ({ status: 'ok' }));
  return { app, raw, lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('the request log', () => {
  it('writes one JSON line per request: method, url, route, status, ms, reqId, userId; never the token', async () => {
    const { app, raw, lines } = appWithLog({ log: true });
    await app.inject({
      url: '/api/things/7?q=rice&token=abc123&api_key=k9',
      headers: { authorization: 'Bearer very-secret-bearer', cookie: 'sid=1' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: '01711111111', password: 'hunter22', code: '123456' },
    });
    await app.inject({ url: '/api/nothing-here' });
    await app.inject({ url: '/api/health' });
    await app.close();

    const [thing, login, missing, ...rest] = lines();
    expect(rest).toEqual([]);
    expect(thing).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: 'req-1',
      msg: 'request',
      method: 'GET',
      url: '/api/things/7?q=rice&token=[redacted]&api_key=[redacted]',
      route: '/api/things/:id',
      status: 200,
      ms: expect.any(Number),
      userId: 42,
    });
    expect(login).toMatchObject({ method: 'POST', url: '/api/login', route: '/api/login', status: 200 });
    expect(login).not.toHaveProperty('userId');
    expect(missing).toMatchObject({ route: '(unmatched)', status: 404, url: '/api/nothing-here' });
    const all = raw.join('\n');
    for (const secret of [
      'very-secret-bearer',
      'abc123',
      'k9',
      'hunter22',
      '123456',
      'secret-session-token',
      'sid=1',
    ])
      expect(all).not.toContain(secret);
    expect(all.toLowerCase()).not.toContain('authorization');
  });

  it('writes nothing with LOG_REQUESTS off, and still counts the requests for the metrics', async () => {
    const metrics = new RequestMetrics();
    const { app, raw } = appWithLog({ log: false, metrics });
    await app.inject({ url: '/api/things/1' });
    await app.inject({ url: '/api/things/2' });
    await app.inject({ method: 'HEAD', url: '/api/things/2' });
    await app.inject({ url: '/api/nothing/3' });
    await app.inject({ url: '/api/health' });
    await app.close();
    expect(raw).toEqual([]);
    const counts = metrics
      .exposition()
      .split('\n')
      .filter((l) => l.startsWith('bazar_http_requests_total{'));
    expect(counts).toEqual([
      'bazar_http_requests_total{method="GET",route="(unmatched)",status="404"} 1',
      'bazar_http_requests_total{method="GET",route="/api/things/:id",status="200"} 2',
      'bazar_http_requests_total{method="HEAD",route="/api/things/:id",status="200"} 1',
    ]);
  });
});

describe('loggedUrl', () => {
  it('hides the values of secret-looking query parameters only', () => {
    expect(loggedUrl('/api/product/search/rice')).toBe('/api/product/search/rice');
    expect(loggedUrl('/x?barcode=123&code=9&access_token=t&Password=p&page=2')).toBe(
      '/x?barcode=123&code=[redacted]&access_token=[redacted]&Password=[redacted]&page=2',
    );
    expect(loggedUrl(`/api/product/search/${'x'.repeat(2000)}`)).toHaveLength(501);
  });
});
