import { useSyncExternalStore } from 'react';
import { isApiError } from '../../../lib/api';

/**
 * Whether the till can reach the server, as this tab last found out: the browser's own flag
 * (`navigator.onLine`, false when the network is gone) and the last call's outcome (a network
 * error, a timeout or a proxy's 502/503/504 mean the server is down even with the network up).
 */

let lastCallReached = true;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** True when the till may expect an answer from the server now. */
export const serverReachable = () => browserOnline() && lastCallReached;

/** Records a call's outcome: reached (any answer) or not. */
export function markReachable(reached: boolean): void {
  if (reached === lastCallReached) return;
  lastCallReached = reached;
  notify();
}

/**
 * True for a failure that says nothing about the request itself: no server answered it (lib/api.ts
 * turns a failed fetch into status 0). Anything else, a broken store included, is not "offline".
 */
export const isUnreachable = (error: unknown): boolean =>
  isApiError(error) &&
  (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The till's online/offline badge reads this. */
export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribe, serverReachable, () => true);
}
