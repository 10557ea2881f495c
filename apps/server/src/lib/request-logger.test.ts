import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './request-logger';

/** A Fastify app with the shop's logger set-up, writing its JSON lines into `lines`. */
function appWithLog(lines: Array<Record<string, unknown>>) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return Fastify({ logger: { level: 'warn', stream }, childLoggerFactory: lazyChildLogger });
}

describe('lazyChildLogger', () => {
  it('logs each request’s lines with its request id, at the logger’s level', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = appWithLog(lines);
    app.get('/quiet', async () => 'ok');
    app.get('/loud', async (req) => {
      req.log.info('not at warn');
      req.log.warn({ detail: 1 }, 'something odd');
      req.log.child({ part: 'inner' }).error('inner trouble');
      return { level: req.log.level };
    });
    await app.inject({ url: '/quiet' });
    const res = await app.inject({ url: '/loud' });
    await app.close();
    expect(res.json()).toEqual({ level: 'warn' });
    expect(lines.map((l) => [l.msg, l.reqId, l.detail, l.part])).toEqual([
      ['something odd', 'req-2', 1, undefined],
      ['inner trouble', 'req-2', undefined, 'inner'],
    ]);
  });

  it('lets a request change its own level', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = appWithLog(lines);
    app.get('/', async (req) => {
      req.log.level = 'info';
      req.log.info('now heard');
      return 'ok';
    });
    await app.inject({ url: '/' });
    await app.close();
    // From then on this request's info lines are written ("request completed" too), not before.
    expect(lines.map((l) => l.msg)).toEqual(['now heard', 'request completed']);
  });
});
