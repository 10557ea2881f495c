import { test as base, type Request } from '@playwright/test';

/**
 * Playwright's `test` with one automatic addition: when a test fails, it prints what the browser
 * was still waiting for (each request not yet answered, how long it had waited, and whether the
 * service worker sent it) and the page's last console messages. A navigation that never reaches
 * its `load` event is otherwise a bare timeout: this says which file held it.
 */
export const test = base.extend<{ requestWatch: void }>({
  requestWatch: [
    async ({ context, page }, use, testInfo) => {
      const started = new Map<Request, number>();
      const onRequest = (request: Request) => started.set(request, Date.now());
      const onDone = (request: Request) => started.delete(request);
      context.on('request', onRequest);
      context.on('requestfinished', onDone);
      context.on('requestfailed', onDone);
      const consoleLines: string[] = [];
      page.on('console', (message) => {
        consoleLines.push(`${message.type()}: ${message.text()}`);
        if (consoleLines.length > 20) consoleLines.shift();
      });

      await use();

      if (testInfo.status === testInfo.expectedStatus) return;
      const now = Date.now();
      const waiting = [...started].map(([request, at]) => {
        const from = request.serviceWorker() ? ' (from the service worker)' : '';
        return `  ${request.method()} ${request.url()} ${request.resourceType()}${from}, ${now - at} ms`;
      });
      const workers = context.serviceWorkers().map((worker) => `  ${worker.url()}`);
      console.log(
        [
          `[${testInfo.title}] requests still unanswered when it failed: ${waiting.length}`,
          ...waiting,
          `service workers: ${workers.length}`,
          ...workers,
          `page at: ${page.isClosed() ? '(closed)' : page.url()}`,
          'last console messages:',
          ...consoleLines.map((line) => `  ${line}`),
        ].join('\n'),
      );
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
