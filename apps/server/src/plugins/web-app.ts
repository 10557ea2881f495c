import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { preferredEncoding } from '../lib/encoding';

/**
 * `page-preloads.json` as the web build writes it (apps/web/vite.config.ts, `pagePreloads`): per
 * page path, the built chunks and stylesheets of its first screen that index.html does not load,
 * and those of the rest of the page (`later`), which it fetches once that screen is drawn.
 */
const assetUrl = z.string().regex(/^\/[\w./-]+\.(js|css)$/);
const preloadsFile = z.object({
  pages: z.array(
    z.object({
      path: z.string().regex(/^\/[\w/:-]*$/),
      scripts: z.array(assetUrl),
      styles: z.array(assetUrl),
      later: z.array(assetUrl).default([]),
    }),
  ),
});

type Form = { body: Buffer; etag: string; encoding: 'br' | 'gzip' | null };
type Page = { pattern: RegExp; html: string; forms: Record<'br' | 'gzip' | 'identity', Form> };

/**
 * What the server writes into one page's shell (a product's or category's page): its title and
 * description, more tags for the head (Open Graph, canonical, structured data) and the page's
 * content in HTML, shown before the app starts and to whatever reads the page without running it
 * (a link preview, a search engine, a browser with JavaScript off). Every value is HTML already.
 */
export type PageExtras = { title: string; description: string; head: string; body: string; status?: number };

/**
 * index.html with a page's extras: React's first render replaces the content in #root. Each text
 * goes in through a replacer function, never as a replacement string: there `$&`, `` $` `` and `$'`
 * would be read as "the match" and "the text before or after it", so a product named `Oil $'` would
 * copy the rest of the page into its title.
 */
function withExtras(html: string, extras: PageExtras): string {
  const withHead = html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${extras.title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${extras.description}" />`,
    )
    .replace('</head>', () => `  ${extras.head}\n  </head>`);
  // The root element's content, to the </div> that closes it (it may hold nested elements).
  const open = '<div id="root">';
  const start = withHead.indexOf(open);
  if (start < 0) return withHead;
  const tags = /<\/?div\b[^>]*>/g;
  tags.lastIndex = start + open.length;
  let depth = 1;
  for (let tag = tags.exec(withHead); tag; tag = tags.exec(withHead)) {
    depth += tag[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return withHead.slice(0, start + open.length) + extras.body + withHead.slice(tag.index);
  }
  return withHead;
}

/** `/category/:id` → a regular expression for the path, case-insensitive as the router matches. */
function pathPattern(pagePath: string): RegExp {
  const parts = pagePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`, 'i');
}

/** A built script or stylesheet fetched ahead of its use (Vite's own tags carry `crossorigin` too). */
const preloadLink = (href: string) =>
  href.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="${href}">`
    : `<link rel="modulepreload" crossorigin href="${href}">`;

/** The page's index.html in each form a browser may take, each with its own ETag. */
function pageForms(html: string): Page['forms'] {
  const body = Buffer.from(html);
  const tag = createHash('sha1').update(body).digest('base64url');
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  return {
    br: { body: br, etag: `"${tag}-br"`, encoding: 'br' },
    gzip: { body: zlib.gzipSync(body, { level: 9 }), etag: `"${tag}-gzip"`, encoding: 'gzip' },
    identity: { body, etag: `"${tag}"`, encoding: null },
  };
}

/**
 * The app shell of each listed page: index.html with `<link rel="modulepreload">` (and a preload of
 * its stylesheets) for that page's chunks, so the browser fetches them with the entry's instead of
 * after the entry has run and the router has matched the path; the rest of the page's code in an
 * inert template. Made once per build, in every form a browser may take; made again when the build
 * changes (a rebuild while the server runs).
 */
class PageShells {
  /** The build the pages were made from: index.html's and the list's times and sizes. */
  private stamp = '';
  private pages: Page[] = [];

  constructor(
    private readonly webDist: string,
    private readonly log: FastifyInstance['log'],
  ) {}

  /** The shell for `pathname`, or null where index.html goes as it is. */
  find(pathname: string): Page | null {
    this.refresh();
    for (const page of this.pages) if (page.pattern.test(pathname)) return page;
    return null;
  }

  /** The HTML of `pathname`'s shell (index.html itself where no page is listed). */
  html(pathname: string): string {
    const page = this.find(pathname);
    if (page) return page.html;
    this.index ??= fs.readFileSync(path.join(this.webDist, 'index.html'), 'utf8');
    return this.index;
  }

  private index: string | undefined;

  private refresh() {
    const index = path.join(this.webDist, 'index.html');
    const list = path.join(this.webDist, 'page-preloads.json');
    const stamp = [index, list]
      .map((file) => {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        return stat ? `${stat.mtimeMs}:${stat.size}` : '-';
      })
      .join('|');
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    this.pages = [];
    this.index = undefined;
    if (!fs.existsSync(list)) return;
    try {
      const html = fs.readFileSync(index, 'utf8');
      const { pages } = preloadsFile.parse(JSON.parse(fs.readFileSync(list, 'utf8')));
      if (!html.includes('</head>')) return;
      this.pages = pages.map((page) => {
        const tags = [
          ...page.scripts.map(preloadLink),
          ...page.styles.map(preloadLink),
          // Inert until the page adds it to the document (apps/web/src/lib/later-chunks.ts).
          ...(page.later.length
            ? [`<template id="later-chunks">${page.later.map(preloadLink).join('')}</template>`]
            : []),
        ];
        const withLinks = html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
        return { pattern: pathPattern(page.path), html: withLinks, forms: pageForms(withLinks) };
      });
    } catch (error) {
      // A broken list costs the preloads, never the page: index.html then goes as it is.
      this.log.warn({ err: error }, 'page-preloads.json not used');
    }
  }
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Sends the app shell of the request's page; with `extras`, that page's own title and content. */
export type SendPage = (req: FastifyRequest, reply: FastifyReply, extras?: PageExtras) => FastifyReply;

/**
 * Serves the built web app at `webDist`: its files (precompressed at build time, scripts/precompress.mjs)
 * and, through the returned function, the app shell for a page path (the single-page app owns every
 * path that is not the API's or a file's). Null when there is no build.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<SendPage | null> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`No built web app at ${webDist}: run "npm run build" to serve the shop's pages.`);
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz beside every text file (scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite names assets by content hash: they never change, so browsers may keep them a year.
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });

  const shells = new PageShells(webDist, app.log);
  return (req, reply, extras) => {
    const pathname = req.url.split('?')[0] ?? '/';
    reply.header('cache-control', 'no-cache');
    if (extras) {
      // Made per request (prices change); the compression plugin compresses it.
      const html = withExtras(shells.html(pathname), extras);
      return reply
        .code(extras.status ?? 200)
        .type('text/html; charset=utf-8')
        .send(html);
    }
    const page = shells.find(pathname);
    if (!page) return reply.sendFile('index.html');
    const encoding = preferredEncoding(req.headers['accept-encoding']) ?? 'identity';
    const form = page.forms[encoding];
    reply.header('vary', 'accept-encoding').header('etag', form.etag);
    if (matchesEtag(req.headers['if-none-match'], form.etag)) return reply.code(304).send();
    if (form.encoding) reply.header('content-encoding', form.encoding);
    return reply.code(200).type('text/html; charset=utf-8').send(form.body);
  };
}
