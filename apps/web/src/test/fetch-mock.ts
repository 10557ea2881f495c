import { api, type Api, type ApiKey } from '@bazar/contracts/api';
import type { Endpoint } from '@bazar/contracts/endpoint';
import { vi } from 'vitest';
import type { z } from 'zod';

export interface MockAnswer {
  status?: number;
  body?: unknown;
  /**
   * An answer the server never sends, on purpose: a test of how a screen defends itself against a
   * broken or foreign answer (a proxy's page, another version's shape). Not checked by the contract.
   */
  offContract?: true;
}

type Handler = MockAnswer | ((init: RequestInit | undefined) => MockAnswer);

/** The mocked answers that did not match their endpoint's contract; setup.ts fails the test on any. */
export const contractBreaks: string[] = [];

const declared = Object.entries(api as Record<string, Endpoint>).map(([key, def]) => {
  const [method = '', path = ''] = key.split(' ');
  const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/?]+')}$`);
  return { key, method, pattern, def };
});

/** The contract of the endpoint a request goes to (static paths win over `:param` ones), if declared. */
function endpointOf(method: string, url: string) {
  const path = url.split('?')[0] ?? url;
  const found = declared.filter((e) => e.method === method && e.pattern.test(path));
  return found.find((e) => !e.key.includes(':')) ?? found[0];
}

/**
 * A mocked success answer as the server would send it: parsed by its endpoint's answer schema (the
 * one the server's serializer applies), so a test mock that no longer matches what the server
 * answers fails the test instead of passing against a shape the server does not send.
 */
function asServerSends(method: string, url: string, status: number, body: unknown): unknown {
  const endpoint = endpointOf(method, url);
  if (!endpoint) {
    // Every call of the API is declared: a mock of another one tests a call the server does not have.
    if (url.startsWith('/api/')) contractBreaks.push(`${method} ${url}: no such call is declared`);
    return body;
  }
  if (status < 200 || status >= 300 || typeof endpoint.def.answer === 'string') return body;
  const parsed = endpoint.def.answer.safeParse(body);
  if (parsed.success) return parsed.data;
  const problem = `${endpoint.key}: the mocked answer does not match the contract: ${parsed.error.message}`;
  contractBreaks.push(problem);
  throw new Error(problem);
}

/**
 * Replaces fetch: each key is "METHOD /path" (exact). An unexpected call fails the test
 * with a 599, so a screen calling the wrong endpoint cannot pass by accident. A success answer to a
 * declared endpoint must match its contract (see asServerSends).
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const key = `${method} ${url}`;
    const handler = handlers[key];
    if (!handler) return new Response(JSON.stringify({ message: `unexpected ${key}` }), { status: 599 });
    const { status = 200, body, offContract } = typeof handler === 'function' ? handler(init) : handler;
    const sent = body === undefined || offContract ? body : asServerSends(method, url, status, body);
    return new Response(sent === undefined ? null : JSON.stringify(sent), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A request as a mockApi handler reads it: a JSON body parsed, a multipart form as the FormData sent. */
export type MockRequest = {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};

/** A download's answer (an endpoint declared `answer: 'file'`): its bytes, type and file name. */
export type MockFile = { file: string | Blob; type: string; name: string };
export const fileAnswer = (file: string | Blob, type: string, name: string): MockFile => ({
  file,
  type,
  name,
});

/** A refusal (4xx, 5xx) with the server's error body. */
export type Refusal = { refused: number; body: unknown };
export const refuse = (status: number, body: unknown): Refusal => ({ refused: status, body });

type Answer<K extends ApiKey> = Api[K]['answer'] extends z.ZodType
  ? z.input<Api[K]['answer']>
  : Api[K]['answer'] extends 'file'
    ? MockFile
    : never;
type ApiHandler<K extends ApiKey> =
  Answer<K> | Refusal | ((req: MockRequest) => Answer<K> | Refusal | Promise<Answer<K> | Refusal>);

/**
 * Replaces fetch with answers by endpoint ("METHOD /path" as the contracts declare it, whatever
 * the query): each answer is typed by its endpoint's schema and parsed by it as the server's
 * serializer would, so a test cannot mock a shape the server does not send. A handler may read the
 * request (params, query, body) and answer or `refuse(status, body)`. Any other call answers 599.
 */
export function mockApi(handlers: { [K in ApiKey]?: ApiHandler<K> }) {
  const entries = Object.entries(handlers) as Array<[ApiKey, ApiHandler<ApiKey>]>;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    );
    const method = init?.method ?? 'GET';
    for (const [key, handler] of entries) {
      const [m = '', path = ''] = key.split(' ');
      if (m !== method) continue;
      const names: string[] = [];
      const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      const match = new RegExp(`^${pattern}$`).exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]));
      const request: MockRequest = {
        params,
        query: url.searchParams,
        body:
          init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init?.headers),
      };
      const answer = typeof handler === 'function' ? await handler(request) : handler;
      if (answer && typeof answer === 'object' && 'refused' in answer) {
        const refusal = answer as Refusal;
        return new Response(JSON.stringify(refusal.body), { status: refusal.refused });
      }
      const def = api[key] as Endpoint;
      const status = def.status ?? 200;
      if (def.answer === 'file') {
        const { file, type, name } = answer as MockFile;
        return new Response(file, {
          status,
          headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
        });
      }
      const sent = asServerSends(method, url.pathname, status, answer);
      return new Response(JSON.stringify(sent), { status, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify({ message: `unexpected ${method} ${url.pathname}${url.search}` }), {
      status: 599,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one endpoint ("METHOD /path" of the contracts), as URL objects. */
export function callsTo(fetchMock: ReturnType<typeof vi.fn>, key: ApiKey): URL[] {
  const [method = '', path = ''] = key.split(' ');
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://shop.test'),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
    }))
    .filter((c) => c.method === method && pattern.test(c.url.pathname))
    .map((c) => c.url);
}

/** The parsed JSON body of the n-th call to `key` ("METHOD /path"). */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, key: string, n = 0): unknown {
  const calls = fetchMock.mock.calls.filter(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key,
  );
  const init = calls[n]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
