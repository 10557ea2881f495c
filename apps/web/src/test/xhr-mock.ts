import { vi } from 'vitest';
import type { MockAnswer } from './fetch-mock';

/** What a screen sent through XMLHttpRequest: "METHOD /path", its headers and its form. */
export interface SentForm {
  key: string;
  headers: Record<string, string>;
  body: FormData;
}

type Handler = MockAnswer | ((body: FormData) => MockAnswer | Promise<MockAnswer>);

/**
 * Replaces XMLHttpRequest (uploads with progress, lib/upload.ts): each key is "METHOD /path". A
 * send reports half the body sent, waits for `halfway` (when given: the screen shows the upload
 * half done meanwhile), reports all of it, then answers; a handler may return a promise to hold
 * the answer back (the screen then shows the server at work). An unexpected call answers 599.
 */
export function mockXhr(handlers: Record<string, Handler>, opts: { halfway?: Promise<void> } = {}) {
  const sent: SentForm[] = [];
  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private key = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.key = `${method} ${url}`;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    send(body: FormData) {
      sent.push({ key: this.key, headers: this.headers, body });
      const progress = (loaded: number) =>
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 100 }),
        );
      void (async () => {
        await Promise.resolve();
        progress(50);
        await opts.halfway;
        progress(100);
        this.upload.dispatchEvent(new Event('load'));
        const handler = handlers[this.key];
        const answer: MockAnswer = !handler
          ? { status: 599, body: { message: `unexpected ${this.key}` } }
          : typeof handler === 'function'
            ? await handler(body)
            : handler;
        this.status = answer.status ?? 200;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.dispatchEvent(new Event('load'));
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
