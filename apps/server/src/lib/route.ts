import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { api, type Api, type ApiKey, type ListKey } from '@bazar/contracts/api';
import type { Endpoint } from '@bazar/contracts/endpoint';
import { pageAnswer, pageLinks, pageWindow } from './paginate';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request to an endpoint, with its params, query and body as its schemas leave them. */
export type RequestOf<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
  Headers: E['headers'] extends z.ZodType ? z.output<E['headers']> : unknown;
}>;

/** What a handler may return: the success answer before its schema shapes it, or the reply it sent. */
type Returned<E extends Endpoint> = E['answer'] extends z.ZodType
  ? z.input<E['answer']> | FastifyReply
  : FastifyReply | NodeJS.ReadableStream | Buffer | string;

export type RouteOptions<E extends Endpoint> = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  /** Who may call it (`access`), and the access plugin's other flags. */
  config: FastifyContextConfig;
  /** The OpenAPI tags and text of /api/docs. */
  tags: string[];
  description?: string;
  handler: (req: RequestOf<E>, reply: FastifyReply) => Promise<Returned<E>> | Returned<E>;
};

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** The method and path of "METHOD /path". */
function splitKey(key: string): { method: (typeof METHODS)[number]; url: string } {
  const [method, url] = key.split(' ');
  const known = METHODS.find((m) => m === method);
  if (!known || !url) throw new Error(`not an endpoint key: ${key}`);
  return { method: known, url };
}

/** The fastify schema of an endpoint: its request schemas and its answers by status. */
function schemaOf(def: Endpoint, tags: string[], description: string | undefined) {
  const response: Record<number, z.ZodType> = {};
  for (const [code, schema] of Object.entries(def.refusals ?? {}))
    if (schema) response[Number(code)] = schema;
  if (typeof def.answer !== 'string') {
    // A resend of something already made answers 200 with the same body.
    response[200] = def.answer;
    if (def.status) response[def.status] = def.answer;
  }
  return {
    tags,
    ...(description && { description }),
    ...(def.params && { params: def.params }),
    ...(def.query && { querystring: def.query }),
    ...(def.headers && { headers: def.headers }),
    ...(def.body && def.body !== 'form' && { body: def.body }),
    ...(Object.keys(response).length && { response }),
  };
}

/**
 * Registers the route of one endpoint of the contracts (packages/contracts/src/api.ts): its method,
 * path and schemas come from the declaration, so the server cannot answer what the browser's types
 * do not say. The handler returns the answer; a declared 201 (or 202) is set before it runs.
 */
export function route<K extends ApiKey>(app: FastifyInstance, key: K, opts: RouteOptions<Api[K]>): void {
  const def: Endpoint = api[key];
  const { method, url } = splitKey(key);
  const { tags, description, handler, ...rest } = opts;
  const status = def.status;
  app.route({
    ...rest,
    method,
    url,
    schema: schemaOf(def, tags, description),
    handler: async (req, reply) => {
      if (status && status !== 200) reply.code(status);
      return handler(req as RequestOf<Api[K]>, reply);
    },
  });
}

/** One page of a list as a route reads it: its rows, how many rows in all, the totals if any. */
export type ListPage<K extends ListKey> = {
  rows: Array<z.input<Api[K]['list']['row']>>;
  total: number;
} & (Api[K]['list'] extends { totals: z.ZodType } ? { totals: z.input<Api[K]['list']['totals']> } : unknown);

/**
 * Registers a paged list (an endpoint declared with `pagedList`): `page` reads one window of rows
 * (and the count and totals, best in one snapshot); the answer's `meta` and `links` are built here
 * from the query, so every list pages alike.
 */
export function listRoute<K extends ListKey>(
  app: FastifyInstance,
  key: K,
  opts: Omit<RouteOptions<Api[K]>, 'handler'> & {
    page: (req: RequestOf<Api[K]>, window: { limit: number; offset: number }) => Promise<ListPage<K>>;
  },
): void {
  const { page: read, ...rest } = opts;
  const { url } = splitKey(key);
  // The generic answer type cannot be followed through here; the declaration's schema checks it.
  const handler = async (req: RequestOf<Api[K]>): Promise<unknown> => {
    const { page, per_page, ...others } = req.query as { page: number; per_page: number } & Record<
      string,
      string | number | undefined | null
    >;
    const params = req.params as Record<string, string | number>;
    const path = url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
    const found = await read(req, pageWindow(page, per_page));
    const answer = pageAnswer({
      data: found.rows,
      total: found.total,
      page,
      perPage: per_page,
      link: pageLinks(path, others, per_page),
    });
    if (!('totals' in found)) return answer;
    return { ...answer, meta: { ...answer.meta, totals: found.totals } };
  };
  route(app, key, { ...rest, handler: handler as RouteOptions<Api[K]>['handler'] });
}
