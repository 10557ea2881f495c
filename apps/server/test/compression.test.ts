import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/lib/encoding';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, testApp, type TestApp } from './helpers';

/** Issue 11: answers and built files reach the browser compressed, by what it accepts. */
let t: TestApp;
let admin: string;
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
afterAll(() => fs.rmSync(web, { recursive: true, force: true }));
const script = `console.log(${JSON.stringify('bazar '.repeat(2000))});\n`;

beforeAll(async () => {
  // A built web app as `npm run build` leaves it: files with their .br and .gz beside them.
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    `<!doctype html><title>Bazar</title>${'<p>x</p>'.repeat(300)}`,
  );
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));
  t = await testApp({ config: { webDist: web } });
  admin = await adminToken(t);
  const brand = await makeBrand(t.app, admin);
  // Enough popular products for an answer worth compressing.
  for (let i = 0; i < 12; i++)
    await makeProduct(t.app, admin, brand, { popular: 'on', desc: 'Fresh '.repeat(40) });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('cached catalogue answers', () => {
  it('go as brotli or gzip by Accept-Encoding, the same JSON, each with its own ETag; 304 for any of them', async () => {
    const plain = await get('/api/productpopular');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get('/api/productpopular', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload).toString()).toBe(plain.payload);
      if (encoding) {
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(res.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${encoding}"`);
        const again = await get('/api/productpopular', { 'accept-encoding': accept });
        expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
        const unchanged = await get('/api/productpopular', {
          'accept-encoding': accept,
          'if-none-match': String(res.headers.etag),
        });
        expect(unchanged.statusCode).toBe(304);
      }
    }
  });
});

describe('other answers', () => {
  it('are compressed when large and the browser takes it, left as they are when small', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', big.rawPayload).toString())).toHaveProperty('data');
    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.payload)).toEqual({ status: 'ok' });
  });

  it('never inflates a compressed request body', async () => {
    const body = zlib.gzipSync(JSON.stringify({ title: 'Zipped brand' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/brand/add',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'x-requested-with': 'XMLHttpRequest',
      },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    const brands = await t.database.pool.query("SELECT id FROM brands WHERE title = 'Zipped brand'");
    expect(brands.rows).toHaveLength(0);
  });
});

describe('built files', () => {
  it('are served from their precompressed copies, with Vary, and as they are to a browser that takes neither', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const res = await get('/assets/app-abc123.js', accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(encoding, res.rawPayload).toString()).toBe(script);
    }
  });

  it('the app shell of any page path is compressed too', async () => {
    const res = await get('/admin/pos', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', res.rawPayload).toString()).toContain('<title>Bazar</title>');
  });
});

describe('preferredEncoding', () => {
  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding(['gzip', 'br'])).toBe('br');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    expect(preferredEncoding('br;q=abc, gzip')).toBe('gzip');
  });
});
