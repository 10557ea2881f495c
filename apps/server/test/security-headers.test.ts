import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { HELMET_OPTIONS } from '../src/plugins/security-headers';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * Issue 11: the security headers are worked out once at start instead of by @fastify/helmet on
 * every request, and cached catalogue reads skip the hooks they do not need. Every kind of answer
 * must still carry exactly what @fastify/helmet sends, and no access check may loosen.
 */
let t: TestApp;
let admin: string;
let customer: string;
const clock = new ManualClock();
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

/** What @fastify/helmet itself sets, per request, with the shop's options. */
let reference: Record<string, string>;

beforeAll(async () => {
  const bare = Fastify();
  await bare.register(helmet, HELMET_OPTIONS);
  bare.get('/', (_req, reply) => reply.send('x'));
  const res = await bare.inject({ method: 'GET', url: '/' });
  await bare.close();
  reference = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!['content-type', 'content-length', 'date', 'connection'].includes(name)) {
      reference[name] = String(value);
    }
  }

  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Bazar</title>');
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1);\n');
  t = await testApp({ config: { webDist: web }, clock });
  admin = await adminToken(t);
  customer = (await registerCustomer(t.app, { verified: true, database: t.database })).token;
  const brand = await makeBrand(t.app, admin);
  for (let i = 0; i < 8; i++) {
    await makeProduct(t.app, admin, brand, { popular: 'on', desc: 'Fresh '.repeat(40) });
  }
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('security headers', () => {
  it('are the full set @fastify/helmet sends', () => {
    expect(Object.keys(reference).sort()).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]),
    );
    expect(reference['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('come with every kind of answer, each with the same value as helmet gives', async () => {
    const popular = await t.app.inject({ url: '/api/productpopular', headers: { 'accept-encoding': 'br' } });
    expect(popular.headers['content-encoding']).toBe('br');
    const answers = {
      'cached read, brotli': popular,
      'cached read, as it is': await t.app.inject({ url: '/api/productpopular' }),
      'cached read, 304': await t.app.inject({
        url: '/api/productpopular',
        headers: { 'accept-encoding': 'br', 'if-none-match': String(popular.headers.etag) },
      }),
      'cached read, HEAD': await t.app.inject({ method: 'HEAD', url: '/api/productpopular' }),
      'cached read, unknown category': await t.app.inject({ url: '/api/showcategory/2147483000' }),
      'cached read, bad id': await t.app.inject({ url: '/api/showcategory/abc' }),
      'guest read': await t.app.inject({ url: '/api/settings' }),
      'admin route as guest': await t.app.inject({ url: '/api/products' }),
      'admin route as customer': await t.app.inject({ url: '/api/products', headers: bearer(customer) }),
      'admin route as admin': await t.app.inject({ url: '/api/products', headers: bearer(admin) }),
      'bad JSON': await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      'unknown API path': await t.app.inject({ url: '/api/no-such-route' }),
      'the shop page': await t.app.inject({ url: '/login' }),
      'a built file': await t.app.inject({ url: '/assets/app-abc123.js' }),
    };
    for (const [what, res] of Object.entries(answers)) {
      for (const [name, value] of Object.entries(reference)) {
        expect([what, res.statusCode, name, res.headers[name]]).toEqual([what, res.statusCode, name, value]);
      }
    }
    expect(answers['cached read, 304'].statusCode).toBe(304);
    expect(answers['cached read, unknown category'].statusCode).toBe(404);
    expect(answers['cached read, bad id'].statusCode).toBe(422);
    expect(answers['admin route as admin'].statusCode).toBe(200);
  });
});

describe('access on the fast path', () => {
  it('a HEAD request keeps its GET route’s access check', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/products' })).statusCode).toBe(401);
    const cust = await t.app.inject({ method: 'HEAD', url: '/api/products', headers: bearer(customer) });
    expect(cust.statusCode).toBe(403);
    const adm = await t.app.inject({ method: 'HEAD', url: '/api/products', headers: bearer(admin) });
    expect(adm.statusCode).toBe(200);
  });

  it('a cached read does not look the caller up; other guest routes still do', async () => {
    const lastUsed = async () => {
      const res = await t.database.pool.query<{ at: Date }>(
        'SELECT max(last_used_at) AS at FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE u.role <> 23314',
      );
      return res.rows[0]?.at?.getTime();
    };
    clock.advance(5 * 60_000); // past the minute between two touches of a session
    const before = await lastUsed();
    for (const url of ['/api/productpopular', '/api/categories', '/api/product/search/fresh']) {
      const res = await t.app.inject({ url, headers: bearer(customer) });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    // A token that is no token at all changes nothing either.
    expect((await t.app.inject({ url: '/api/productoffer', headers: bearer('x') })).statusCode).toBe(200);
    expect(await lastUsed()).toBe(before);

    // A guest route whose answer depends on the caller still reads the token (and keeps it alive).
    expect((await t.app.inject({ url: '/api/settings', headers: bearer(customer) })).statusCode).toBe(200);
    expect(await lastUsed()).toBeGreaterThan(before ?? 0);
  });
});
