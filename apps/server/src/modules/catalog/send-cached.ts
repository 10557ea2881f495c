import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../lib/context';
import type { CacheBucket } from '../../lib/catalog-cache';

/**
 * Answers a public catalogue read from the cache, with an ETag; a matching If-None-Match gets 304.
 * The body is sent pre-serialized, so a cached answer costs no JSON work at all.
 */
export async function sendCached(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
  bucket: CacheBucket = 'catalog',
): Promise<void> {
  const { body, etag } = await ctx.catalog.get(key, load, bucket);
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (req.headers['if-none-match'] === etag) {
    await reply.code(304).send();
    return;
  }
  await reply
    .type('application/json; charset=utf-8')
    .serializer((p) => p as string)
    .send(body);
}
