import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The base of the local fake SMS gateways (sms-sslwireless.ts, sms-bulksmsbd.ts, sms-alpha.ts): an
 * HTTP server on 127.0.0.1 that reads a request as the real gateway does (JSON, a form or the query
 * string), lets the gateway's own rules check it, and can be told to misbehave the way real
 * gateways do. Tests point a driver, or a whole app, at `url` and count what reached it.
 */

/** A way the gateway can fail one request. */
export type Trouble =
  /** A 5xx with an HTML page, as a proxy in front of the gateway answers. */
  | { kind: 'server-error'; status?: number }
  /** 429 Too Many Requests, with a Retry-After (seconds) if given. */
  | { kind: 'throttle'; retryAfter?: string }
  /** A documented error code in a 200 answer. */
  | { kind: 'error'; code: number }
  /** This answer as it is (another documented shape of an answer). */
  | { kind: 'answer'; body: unknown }
  /** Never answers; the message is not taken. */
  | { kind: 'hang' }
  /** Takes the message (and would charge for it), then never answers. */
  | { kind: 'lose-answer' };

export type GatewayRequest = {
  method: string;
  path: string;
  contentType: string;
  params: Record<string, unknown>;
};

/** An SMS the gateway took: it would reach the phone and be charged. */
export type TakenSms = { to: string; text: string; form: string; id?: string };

/** A gateway's verdict on a request: an SMS to take, or one of its documented error codes. */
export type Verdict = { take: TakenSms } | { error: number };

export abstract class FakeGateway {
  readonly requests: GatewayRequest[] = [];
  readonly taken: TakenSms[] = [];
  url = '';
  private readonly queue: Trouble[] = [];
  private standing: Trouble | undefined;
  private readonly server = http.createServer((req, res) => void this.serve(req, res));

  /** Where the API answers (`/api/v3/send-sms`, …). */
  protected abstract readonly path: string;
  /** Checks a request as the gateway's documentation says; may look at what was taken already. */
  protected abstract check(req: GatewayRequest): Verdict;
  /** The documented success answer for an SMS just taken. */
  protected abstract success(sms: TakenSms, req: GatewayRequest): unknown;
  /** The documented answer of an error code. */
  protected abstract failure(code: number, req: GatewayRequest): unknown;

  /** Starts on 127.0.0.1 at a free port; resolves with the base URL (what SMS_BASE_URL would be). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.base()}`;
    return this.url;
  }

  /** The part of the API's address before `path` (SSL Wireless: none; BulkSMSBD: /api). */
  protected base(): string {
    return '';
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next requests meet these troubles, one each; then all goes well again. */
  next(...troubles: Trouble[]): this {
    this.queue.push(...troubles);
    return this;
  }

  /** Every request meets this trouble until `heal()` (a wrong key, an empty balance). */
  always(trouble: Trouble): this {
    this.standing = trouble;
    return this;
  }

  heal(): this {
    this.standing = undefined;
    this.queue.length = 0;
    return this;
  }

  /** Forgets what it saw (between tests). */
  reset(): this {
    this.requests.length = 0;
    this.taken.length = 0;
    return this.heal();
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://gateway');
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    const request: GatewayRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      contentType,
      params: parse(contentType, raw, url),
    };
    this.requests.push(request);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
        ...headers,
      });
      res.end(text);
    };
    if (request.path !== `${this.base()}${this.path}`) return send(404, '<h1>404 Not Found</h1>');

    const trouble = this.queue.shift() ?? this.standing;
    switch (trouble?.kind) {
      case 'server-error':
        return send(trouble.status ?? 503, '<html><body><h1>503 Service Unavailable</h1></body></html>');
      case 'throttle':
        return send(
          429,
          { message: 'Too Many Requests' },
          trouble.retryAfter ? { 'retry-after': trouble.retryAfter } : {},
        );
      case 'error':
        return send(200, this.failure(trouble.code, request));
      case 'answer':
        return send(200, trouble.body);
      case 'hang':
        return; // the socket stays open until the client gives up
    }
    const verdict = this.check(request);
    if ('error' in verdict) return send(200, this.failure(verdict.error, request));
    this.taken.push(verdict.take);
    if (trouble?.kind === 'lose-answer') return;
    return send(200, this.success(verdict.take, request));
  }
}

/** The request's parameters: a JSON body, a urlencoded form, or (GET) the query string. */
function parse(contentType: string, raw: string, url: URL): Record<string, unknown> {
  if (contentType === 'application/json') {
    try {
      const json: unknown = JSON.parse(raw);
      return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
    } catch {
      return { __invalid_json: raw };
    }
  }
  const form =
    contentType === 'application/x-www-form-urlencoded' ? new URLSearchParams(raw) : url.searchParams;
  return Object.fromEntries(form);
}

/** A text with nothing beyond ASCII (what a gateway sends as a plain, not a Unicode, SMS). */
export const isAscii = (text: string) => /^[\x20-\x7e\r\n]*$/.test(text);

/** A Bangladeshi mobile number as gateways take it: 8801XXXXXXXXX, or the local 01XXXXXXXXX. */
export const isBdNumber = (value: unknown) =>
  typeof value === 'string' && /^(?:88)?01[3-9]\d{8}$/.test(value);
