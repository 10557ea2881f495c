/**
 * Initial JavaScript and CSS of the storefront's home route: loads `/` of the built app
 * (apps/web/dist) in headless Chromium with every request answered from the dist folder (API calls
 * get empty lists), waits until the network is idle, and adds up the gzip size of each JavaScript
 * file fetched (limit 100 KB) and the brotli size of each stylesheet (limit 25 KB, as the server
 * sends them: scripts/precompress.mjs). Also lists what a shopper never fetches (admin chunks).
 * Run: node --import tsx bench/web-size.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

import { ROOT, writeJson } from './lib';
const DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'apps/web/dist');
const LIMIT_KB = Number(process.env.WEB_JS_LIMIT_KB ?? 100);
const CSS_LIMIT_KB = Number(process.env.WEB_CSS_LIMIT_KB ?? 25);
const brotli = (body: Buffer) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html')))
    throw new Error('Build the web app first: npm run build');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const fetched = new Map<string, number>();
  const styles = new Map<string, { raw: number; gzip: number; br: number }>();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.startsWith('/api/')) return route.fulfill({ json: { data: [] } });
      const file = path.join(DIST, url.pathname);
      const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(DIST, 'index.html');
      const body = fs.readFileSync(target);
      if (target.endsWith('.js'))
        fetched.set(path.basename(target), zlib.gzipSync(body, { level: 9 }).length);
      if (target.endsWith('.css'))
        styles.set(path.basename(target), {
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          br: brotli(body),
        });
      return route.fulfill({ body, contentType: TYPES[path.extname(target)] ?? 'application/octet-stream' });
    });
    await page.goto('http://shop.test/', { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
  }
  const all = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  const total = [...fetched.values()].reduce((a, b) => a + b, 0);
  console.log('Storefront home, JavaScript fetched (gzip -9):');
  for (const [name, size] of [...fetched].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${name}`);
  console.log(`  ${(total / 1024).toFixed(1).padStart(6)} KB  total (limit ${LIMIT_KB} KB)`);
  const css = [...styles.values()].reduce(
    (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br }),
    {
      raw: 0,
      gzip: 0,
      br: 0,
    },
  );
  console.log('Storefront home, CSS fetched (raw / gzip -9 / brotli 11):');
  for (const [name, size] of [...styles].sort((a, b) => b[1].br - a[1].br))
    console.log(
      `  ${(size.raw / 1024).toFixed(1).padStart(6)} / ${(size.gzip / 1024).toFixed(1).padStart(5)} / ${(size.br / 1024).toFixed(1).padStart(5)} KB  ${name}`,
    );
  console.log(
    `  ${(css.raw / 1024).toFixed(1).padStart(6)} / ${(css.gzip / 1024).toFixed(1).padStart(5)} / ${(css.br / 1024).toFixed(1).padStart(5)} KB  total (limit ${CSS_LIMIT_KB} KB brotli)`,
  );
  const admin = all.filter((f) =>
    /admin|product-form|products-page|barcode|story-page|requests-page|settings-page|areas-page/.test(f),
  );
  const leaked = admin.filter((f) => fetched.has(f));
  console.log(
    `Admin chunks fetched by a shopper: ${leaked.length ? leaked.join(', ') : 'none'} (of ${admin.length})`,
  );
  // The home page has no form: zod must stay out of its chunks (src/lib/zod-jitless.ts relies on it).
  const zod = [...fetched.keys()].filter((f) => f.startsWith('zod-'));
  if (zod.length) console.log(`The home page fetched zod (${zod.join(', ')}): it should not.`);
  // `npm run bench` keeps the figures for the report (docs/performance.md); the test run does not.
  if (process.env.BENCH_RECORD === '1') {
    await writeJson(path.join(ROOT, 'bench/results/web-size-latest.json'), {
      date: new Date().toISOString(),
      jsKb: Math.round((total / 1024) * 10) / 10,
      jsLimitKb: LIMIT_KB,
      cssBrotliKb: Math.round((css.br / 1024) * 10) / 10,
      cssLimitKb: CSS_LIMIT_KB,
      adminChunks: leaked,
      zod,
    });
  }
  if (total / 1024 > LIMIT_KB || css.br / 1024 > CSS_LIMIT_KB || leaked.length || zod.length)
    process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
