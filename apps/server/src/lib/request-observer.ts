import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { PAGE_ROUTE, UNMATCHED_ROUTE, type RequestMetrics } from './request-metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Probes and scrapes (health, ready, metrics): left out of the request log and the request metrics. */
    quiet?: boolean;
  }
}

/**
 * Query parameters whose values never reach the log: `token`, `code`, `password`… alone or after a
 * `_` or `-` (`access_token`, `api-key`). None of the shop's routes takes one; a caller may still send it.
 */
const SECRET_PARAM =
  /([?&](?:[^=&#]*[_-])?(?:token|password|passwd|pass|secret|code|key|signature|sig|auth)=)[^&#]*/gi;
/** A URL longer than this is cut in the log (a junk search text can be 100 KB). */
const URL_MAX = 500;

/** The URL as logged: values of secret-looking query parameters replaced, cut to a readable length. */
export function loggedUrl(url: string): string {
  const shown = url.includes('?') ? url.replace(SECRET_PARAM, '$1[redacted]') : url;
  return shown.length > URL_MAX ? `${shown.slice(0, URL_MAX)}…` : shown;
}

/**
 * Fastify's logController, told of every request when its answer is sent (the 404s too), after the
 * route's own onResponse hooks. It writes one log line per request (instead of Fastify's two, or
 * none) and counts the request in the metrics: one place, no hook of its own per route (a hook would
 * make Fastify's hook runner allocate three closures per request).
 *
 * The line: reqId, method, url (no secret query values), route (the pattern), status, ms, userId
 * when signed in. Never headers (the Authorization header carries the token) or bodies (passwords,
 * codes).
 */
export class RequestObserver extends LogController {
  constructor(
    private readonly opts: {
      /** One info line per request (LOG_REQUESTS, and the log level at info or below). */
      log: boolean;
      /** Where requests are counted; undefined while /metrics is off. */
      metrics: RequestMetrics | undefined;
    },
  ) {
    // Fastify's other per-request lines (a stream that broke after its headers) follow LOG_REQUESTS too.
    super({ disableRequestLogging: !opts.log });
  }

  // The one line is written when the answer is sent, with its status and time.
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const { log, metrics } = this.opts;
    if (!log && !metrics) return;
    const options = request.routeOptions;
    if (options.config.quiet) return;
    const status = reply.statusCode;
    // No route matched: the 404 handler either served a page of the web app or answered 404.
    const route = options.url ?? (status < 400 ? PAGE_ROUTE : UNMATCHED_ROUTE);
    const ms = reply.elapsedTime;
    metrics?.route(route).record(request.method, status, ms);
    if (!log) return;
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      userId: request.user?.id,
    };
    if (error) request.log.error({ ...line, err: error }, 'request failed while answering');
    else request.log.info(line, 'request');
  }
}
