import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../src/plugins/security-headers';
import { testApp, type TestApp } from './helpers';

/**
 * The app shell of a page the web build lists in page-preloads.json carries that page's chunks as
 * `<link rel="modulepreload">` (and the rest of the page in an inert template): one round trip less
 * before its first screen. Every other path, and the file itself, goes as it is. Each form (brotli,
 * gzip, none) has its own ETag, and the security headers are helmet's.
 */
let t: TestApp;
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

const indexHtml =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Bazar</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n' +
  `  <body><div id="root">${'<p>Bazar</p>'.repeat(100)}</div></body>\n</html>\n`;
const preloads = {
  pages: [
    {
      path: '/login',
      scripts: ['/assets/shop-a1.js', '/assets/account-b2.js'],
      styles: ['/assets/shop-c3.css'],
    },
    {
      path: '/admin/pos',
      scripts: ['/assets/admin-layout-d4.js'],
      styles: [],
      later: ['/assets/till-page-e5.js', '/assets/till-page-f6.css'],
    },
    { path: '/category/:id', scripts: ['/assets/category-g7.js'], styles: [] },
  ],
};

/** Writes a build as `npm run build` leaves it: index.html with its .br and .gz, and the list. */
function writeBuild(html: string, list: unknown) {
  fs.writeFileSync(path.join(web, 'index.html'), html);
  fs.writeFileSync(path.join(web, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(web, 'index.html.gz'), zlib.gzipSync(html));
  fs.writeFileSync(path.join(web, 'page-preloads.json'), JSON.stringify(list));
}

/** What @fastify/helmet itself sets, per request, with the shop's options. */
let reference: Record<string, string>;

beforeAll(async () => {
  const bare = Fastify();
  await bare.register(helmet, HELMET_OPTIONS);
  bare.get('/', (_req, reply) => reply.send('x'));
  const res = await bare.inject({ method: 'GET', url: '/' });
  await bare.close();
  reference = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!['content-type', 'content-length', 'date', 'connection'].includes(name))
      reference[name] = String(value);

  fs.mkdirSync(path.join(web, 'assets'));
  writeBuild(indexHtml, preloads);
  t = await testApp({ config: { webDist: web } });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });
const decode = (encoding: unknown, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe("a listed page's app shell", () => {
  it("holds the page's preloads before </head>, the rest of the page in a template", async () => {
    const res = await get('/admin/pos');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.payload).toBe(
      indexHtml.replace(
        '  </head>',
        '    <link rel="modulepreload" crossorigin href="/assets/admin-layout-d4.js">\n' +
          '    <template id="later-chunks"><link rel="modulepreload" crossorigin href="/assets/till-page-e5.js">' +
          '<link rel="preload" as="style" crossorigin href="/assets/till-page-f6.css"></template>\n  </head>',
      ),
    );
    const login = await get('/login');
    expect(login.payload).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/shop-a1.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/account-b2.js">\n' +
        '    <link rel="preload" as="style" crossorigin href="/assets/shop-c3.css">\n  </head>',
    );
    expect(login.payload).not.toContain('<template');
  });

  it('matches its path as the router does: any case, a trailing slash, a query, a parameter', async () => {
    for (const url of ['/ADMIN/pos', '/admin/pos/', '/admin/pos?then=1'])
      expect([url, (await get(url)).payload]).toEqual([url, expect.stringContaining('admin-layout-d4.js')]);
    expect((await get('/category/15')).payload).toContain('category-g7.js');
    for (const url of ['/admin/posx', '/admin/pos/x', '/category', '/category/15/x', '/', '/register']) {
      const res = await get(url);
      expect([url, res.statusCode, res.payload]).toEqual([url, 200, indexHtml]);
    }
  });

  it('goes as brotli, gzip or as it is, each form with its own ETag and a 304 for it', async () => {
    const plain = await get('/admin/pos');
    const tags = new Set<unknown>();
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get('/admin/pos', { 'accept-encoding': accept });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, encoding]);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decode(encoding, res.rawPayload).toString()).toBe(plain.payload);
      tags.add(res.headers.etag);
      const again = await get('/admin/pos', {
        'accept-encoding': accept,
        'if-none-match': String(res.headers.etag),
      });
      expect([accept, again.statusCode, again.payload]).toEqual([accept, 304, '']);
      // Another page's tag is not this page's.
      const other = await get('/login', {
        'accept-encoding': accept,
        'if-none-match': String(res.headers.etag),
      });
      expect(other.statusCode).toBe(200);
    }
    expect(tags.size).toBe(3);
    const head = await get('/admin/pos', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.payload).toBe('');
    expect(head.headers['content-encoding']).toBe('br');
  });

  it("carries helmet's security headers, as every answer does", async () => {
    for (const res of [await get('/admin/pos'), await get('/admin/pos', { 'accept-encoding': 'br' })]) {
      for (const [name, value] of Object.entries(reference))
        expect([name, res.headers[name]]).toEqual([name, value]);
    }
  });
});

describe('index.html itself and other builds', () => {
  it('/index.html is the built file, as the service worker caches it', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.payload).toBe(indexHtml);
  });

  it('follows a new build, and serves every page as it is when the list is not usable', async () => {
    const next = indexHtml.replace('index-abc.js', 'index-xyz.js');
    writeBuild(next, { pages: [{ path: '/login', scripts: ['/assets/shop-new.js'], styles: [] }] });
    let login = await get('/login');
    expect(login.payload).toContain('index-xyz.js');
    expect(login.payload).toContain('shop-new.js');
    expect((await get('/admin/pos')).payload).toBe(next);

    // A list the build did not write (a quote would end the attribute): nothing is added anywhere.
    writeBuild(indexHtml, {
      pages: [{ path: '/login', scripts: ['/assets/x.js" onload="alert(1)'], styles: [] }],
    });
    login = await get('/login');
    expect([login.statusCode, login.payload]).toEqual([200, indexHtml]);
    writeBuild(indexHtml, preloads);
    expect((await get('/login')).payload).toContain('shop-a1.js');
  });
});
