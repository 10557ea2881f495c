import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LocalStorage, type Storage } from '../lib/storage';
import { notFoundAnswer, sendError } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /uploads/<key>: the uploaded pictures. A local folder is served by @fastify/static (ranges,
 * ETag, 304s); a bucket without a public URL is proxied, streamed, with the same year-long
 * immutable caching (the key is a content hash, so an answer never goes stale). With S3_PUBLIC_URL
 * the pages link to the bucket or CDN directly and this route only serves links made before.
 */
export async function serveUploads(app: FastifyInstance, storage: Storage): Promise<void> {
  if (storage instanceof LocalStorage) {
    await storage.checkWritable().catch(() => undefined); // makes the folder (static needs it)
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE);
      },
    });
    return;
  }
  app.get<{ Params: { key: string } }>(
    '/uploads/:key',
    { schema: { hide: true }, compress: false },
    async (req, reply) => {
      const etag = `"${req.params.key}"`;
      if (req.headers['if-none-match'] === etag) {
        return reply.code(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
      }
      const file = await storage.get(req.params.key);
      if (!file) return sendError(req, reply, 404, notFoundAnswer(req.url));
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      reply.type(file.contentType ?? 'application/octet-stream');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
}
