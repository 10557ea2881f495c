/**
 * Runs `work` once the browser has a quiet moment (requestIdleCallback), and at the latest after
 * `timeout` ms; returns what cancels it. Work that can wait (the till's first syncs, installing the
 * service worker) goes this way, so the first screen is drawn and answers keys first.
 */
export function whenIdle(work: () => void, timeout = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  // No idle callbacks (Safari): after the tasks already queued.
  const id = window.setTimeout(work, 1);
  return () => window.clearTimeout(id);
}
