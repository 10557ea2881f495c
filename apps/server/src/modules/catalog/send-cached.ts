import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../lib/context';
import {
  COMPRESS_MIN_BYTES,
  encodedBody,
  type CacheBucket,
  type Cached,
  type Form,
  type Sendable,
} from '../../lib/catalog-cache';
import { preferredEncoding } from '../../lib/encoding';

/**
 * Route options of a cached read. Its answer is kept compressed, so the compression plugin's
 * per-request hook would have nothing to do: it is left off the route. (Such a route also declares
 * `config: { access: 'guest', anonymous: true }`: its answer is the same for everyone, so a token
 * sent with it is not looked up.)
 */
export const cachedRead = { compress: false } as const;

/**
 * Answers a public catalogue read from the cache, with an ETag; a matching If-None-Match gets 304.
 * The body is sent pre-serialized and, when the browser accepts it, pre-compressed (brotli, else
 * gzip, made once per cached answer), so a cached read costs no JSON or compression work at all.
 * Each encoding has its own ETag (`"<hash>-br"`), as a cache in between must tell them apart.
 *
 * A kept answer's forms carry their headers, made once with them, so a cache hit is answered at once
 * (no promise, no header built per request); only a miss, or a form not made yet, waits. Returns
 * the reply it sent, as a route's handler does (the body is already on its way: nothing to shape).
 */
export function sendCached(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
  bucket: CacheBucket = 'catalog',
): FastifyReply | Promise<FastifyReply> {
  const hit = ctx.catalog.peek(key, bucket);
  const ready = hit?.ready[formFor(hit, req)];
  if (hit && ready) return send(req, reply, hit, ready);
  return sendSlowly(ctx, req, reply, key, load, bucket);
}

async function sendSlowly(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
  bucket: CacheBucket,
): Promise<FastifyReply> {
  const cached = await ctx.catalog.get(key, load, bucket);
  const form = formFor(cached, req);
  const ready = cached.ready[form] ?? (await sendable(cached, form));
  if (cached.kept) cached.ready[form] = ready;
  return send(req, reply, cached, ready);
}

function formFor(cached: Cached, req: FastifyRequest): Form {
  if (cached.body.length < COMPRESS_MIN_BYTES) return 'identity';
  return preferredEncoding(req.headers['accept-encoding']) ?? 'identity';
}

/** The bytes and headers of one form of an answer. */
async function sendable(cached: Cached, form: Form): Promise<Sendable> {
  const body = form === 'identity' ? Buffer.from(cached.body) : await encodedBody(cached, form);
  const etag = form === 'identity' ? cached.etag : `${cached.etag.slice(0, -1)}-${form}"`;
  const notModified = { etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
  const headers: Record<string, string> = {
    ...notModified,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
  };
  if (form !== 'identity') headers['content-encoding'] = form;
  return { body, headers, notModified };
}

function send(req: FastifyRequest, reply: FastifyReply, cached: Cached, ready: Sendable): FastifyReply {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, cached.etag)) {
    return reply.code(304).headers(ready.notModified).send();
  }
  return reply.headers(ready.headers).send(ready.body);
}

/** Whether If-None-Match names this answer in any of its encodings (or is `*`). */
function matches(header: string, etag: string): boolean {
  const base = etag.slice(0, -1);
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag || t === `${base}-br"` || t === `${base}-gzip"`;
  });
}
