import type { AnswerOf, Api, ApiKey, BodyOf, ParamsOf, QueryOf } from '@bazar/contracts/api';
import type { Endpoint } from '@bazar/contracts/endpoint';
import { currentLanguage } from './i18n/i18n';
import { getToken } from './session';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's machine-readable reason (contracts ERROR_CODES: `unverified`, `order_limit`, …). */
  readonly code?: string;
  readonly errors?: Record<string, string[]>;
  /** The whole answer, for calls whose errors carry more (a 409's short `lines`). */
  readonly body?: unknown;

  constructor(status: number, message: string, errors?: Record<string, string[]>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (errors) this.errors = errors;
    if (body !== undefined) this.body = body;
    const code = (body as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') this.code = code;
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The headers of every call: the session's token, the screen's language, JSON unless a form. */
export function headersFor(body: unknown, extra?: Record<string, string>): Headers {
  const headers = new Headers({
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    // The server answers its messages (a 422's field errors) in the language on screen.
    'Accept-Language': currentLanguage(),
    ...extra,
  });
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A refused answer as an ApiError: the server's message, field errors and whole body. */
export function toApiError(status: number, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof fields.message === 'string' ? fields.message : `Request failed with status ${status}`;
  const errors =
    typeof fields.errors === 'object' && fields.errors !== null
      ? (fields.errors as Record<string, string[]>)
      : undefined;
  return new ApiError(status, message, errors, body);
}

/** Calls the API; resolves with the parsed JSON body or rejects with an ApiError. */
async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: headersFor(body, extraHeaders),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  const data = await readBody(response);
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/**
 * Downloads a file the API makes (a CSV export) with the session's token, and hands it to the
 * browser as a download named as the server names it (Content-Disposition) or `fallback`.
 */
export async function download(path: string, fallback: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: headersFor(undefined, { Accept: '*/*' }) });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) throw toApiError(response.status, await readBody(response));
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? fallback;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A query's value as a URL carries it; empty ones are left out. */
type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL of a call: the path with its `:name` parameters filled in (encoded), then the query's
 * non-empty values in the order given.
 */
export function urlOf<K extends ApiKey>(
  key: K,
  input: { params?: ParamsOf<Api[K]> | undefined; query?: QueryOf<Api[K]> | undefined } = {},
): string {
  const path = key.slice(key.indexOf(' ') + 1);
  const params = (input.params ?? {}) as Record<string, string | number>;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** The calls that answer a file to download (`answer: 'file'`: a backup, an export, a template). */
export type FileKey = { [K in ApiKey]: Api[K]['answer'] extends 'file' ? K : never }[ApiKey];

/** Downloads the file of a declared call (its params and query typed by its declaration); see `download`. */
export const downloadFile = <K extends FileKey>(
  key: K,
  input: { params?: ParamsOf<Api[K]>; query?: QueryOf<Api[K]> },
  fallback: string,
): Promise<void> => download(urlOf(key, input), fallback);

/** What a call takes: the path parameters, the query and the body its endpoint declares. */
export type CallInput<E extends Endpoint> = (E extends { params: object }
  ? { params: ParamsOf<E> }
  : unknown) &
  (E extends { query: object } ? { query?: QueryOf<E> } : unknown) &
  (E extends { body: unknown }
    ? undefined extends BodyOf<E>
      ? { body?: BodyOf<E> }
      : { body: BodyOf<E> }
    : unknown) & {
    /** Extra request headers (an Idempotency-Key). */
    headers?: Record<string, string>;
  };

/** The input may be left out when nothing in it is required. */
type CallArgs<K extends ApiKey> =
  object extends CallInput<Api[K]> ? [input?: CallInput<Api[K]>] : [input: CallInput<Api[K]>];

/**
 * Calls one endpoint of the contracts (packages/contracts/src/api.ts) by its "METHOD /path": the
 * params, query and body are typed by its schemas, and so is the answer.
 */
export function call<K extends ApiKey>(key: K, ...[input]: CallArgs<K>): Promise<AnswerOf<Api[K]>> {
  const method = key.slice(0, key.indexOf(' ')) as Method;
  const given = (input ?? {}) as {
    params?: ParamsOf<Api[K]>;
    query?: QueryOf<Api[K]>;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const body = given.body ?? (method === 'POST' ? {} : undefined);
  return request<AnswerOf<Api[K]>>(method, urlOf(key, given), body, given.headers);
}
