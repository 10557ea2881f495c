import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The base of the local payment gateway fakes (bkash.ts, sslcommerz.ts): an HTTP server on
 * 127.0.0.1 that reads a request as the real gateway does (JSON, a form or the query string) and
 * answers with the gateway's documented shapes. Tests point the app at `url`.
 */
export type FakeRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  params: Record<string, string>;
};

export type FakeAnswer =
  | { status: number; json: unknown }
  | { status: number; html: string }
  | { status: number; redirect: string }
  /** No answer at all: the client waits until it gives up. */
  | { hang: true };

export abstract class HttpFake {
  url = '';
  readonly requests: FakeRequest[] = [];
  private readonly server = http.createServer((req, res) => void this.serve(req, res));

  protected abstract answer(req: FakeRequest): FakeAnswer | Promise<FakeAnswer>;

  /** Starts on 127.0.0.1 (at `port`, or a free one); resolves with the base URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    let params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (type === 'application/json') {
      try {
        params = { ...params, ...(JSON.parse(raw) as Record<string, string>) };
      } catch {
        params = { __invalid_json: raw };
      }
    } else if (type === 'application/x-www-form-urlencoded') {
      params = { ...params, ...Object.fromEntries(new URLSearchParams(raw)) };
    }
    const request = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, params };
    this.requests.push(request);
    // For a test runner waiting for the fake to be up (playwright.config.ts webServer).
    const a = request.path === '/health' ? { status: 200, json: { ok: true } } : await this.answer(request);
    if ('hang' in a) return;
    if ('redirect' in a) {
      res.writeHead(a.status, { location: a.redirect });
      return res.end();
    }
    if ('html' in a) {
      res.writeHead(a.status, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(a.html);
    }
    res.writeHead(a.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a.json));
  }
}

/** Text safe inside HTML. */
export const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
