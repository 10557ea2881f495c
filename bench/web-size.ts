/**
 * Initial JavaScript of the storefront's home route: loads `/` of the built app (apps/web/dist) in
 * headless Chromium with every request answered from the dist folder (API calls get empty lists),
 * waits until the network is idle, and adds up the gzip size of each JavaScript file fetched.
 * Also lists what a shopper never fetches (admin chunks). Run: node --import tsx bench/web-size.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'apps/web/dist');
const LIMIT_KB = Number(process.env.WEB_JS_LIMIT_KB ?? 100);
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
  const admin = all.filter((f) =>
    /admin|product-form|products-page|barcode|story-page|requests-page|settings-page|areas-page/.test(f),
  );
  const leaked = admin.filter((f) => fetched.has(f));
  console.log(
    `Admin chunks fetched by a shopper: ${leaked.length ? leaked.join(', ') : 'none'} (of ${admin.length})`,
  );
  if (total / 1024 > LIMIT_KB || leaked.length) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
