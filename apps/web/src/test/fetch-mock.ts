import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

type Handler = MockAnswer | ((init: RequestInit | undefined) => MockAnswer);

/**
 * Replaces fetch: each key is "METHOD /path" (exact). An unexpected call fails the test
 * with a 599, so a screen calling the wrong endpoint cannot pass by accident.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) return new Response(JSON.stringify({ message: `unexpected ${key}` }), { status: 599 });
    const { status = 200, body } = typeof handler === 'function' ? handler(init) : handler;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The parsed JSON body of the n-th call to `key` ("METHOD /path"). */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, key: string, n = 0): unknown {
  const calls = fetchMock.mock.calls.filter(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key,
  );
  const init = calls[n]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
