// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built web app, once at
// build time, so the server sends each file compressed without compressing it per request
// (@fastify/static `preCompressed`). Best settings: the cost is paid once per build.
// Usage: node scripts/precompress.mjs [DIR] (default WEB_DIST or apps/web/dist).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
]);
const MIN_BYTES = 1024;

function* files(d) {
  for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
    const full = path.join(d, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.has(path.extname(entry.name))) yield full;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const file of files(dir)) {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = zlib.gzipSync(data, { level: 9 });
  // A copy no smaller than the file is left out: the server then sends the file itself.
  if (brotli.length < data.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < data.length) fs.writeFileSync(`${file}.gz`, gzip);
  count += 1;
  raw += data.length;
  br += Math.min(brotli.length, data.length);
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(
  `precompress: ${count} files in ${path.relative(root, dir) || dir}, ${kb(raw)} → ${kb(br)} brotli`,
);
