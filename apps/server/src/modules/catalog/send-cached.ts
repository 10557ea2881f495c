import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../lib/context';
import { COMPRESS_MIN_BYTES, encodedBody, type CacheBucket, type Encoding } from '../../lib/catalog-cache';
import { preferredEncoding } from '../../lib/encoding';

/**
 * Answers a public catalogue read from the cache, with an ETag; a matching If-None-Match gets 304.
 * The body is sent pre-serialized and, when the browser accepts it, pre-compressed (brotli, else
 * gzip, made once per cached answer), so a cached read costs no JSON or compression work at all.
 * Each encoding has its own ETag (`"<hash>-br"`), as a cache in between must tell them apart.
 */
export async function sendCached(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
  bucket: CacheBucket = 'catalog',
): Promise<void> {
  const cached = await ctx.catalog.get(key, load, bucket);
  const encoding: Encoding | null =
    cached.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
  const etag = encoding ? `${cached.etag.slice(0, -1)}-${encoding}"` : cached.etag;
  reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matches(req.headers['if-none-match'], cached.etag)) {
    await reply.code(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8');
  if (!encoding) {
    await reply.serializer((p) => p as string).send(cached.body);
    return;
  }
  const body = await encodedBody(cached, encoding);
  await reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
}

/** Whether If-None-Match names this answer in any of its encodings (or is `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = etag.slice(0, -1);
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag || t === `${base}-br"` || t === `${base}-gzip"`;
  });
}
