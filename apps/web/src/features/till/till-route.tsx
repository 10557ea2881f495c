import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useAdminConfirmed } from '../../lib/admin-check';
import { fetchLaterChunks } from '../../lib/later-chunks';
import { TillSkeleton } from './till-skeleton';
import './till-page.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let loading: Promise<{ default: ComponentType }> | undefined;

/**
 * The till's code, run once its empty screen is on screen, in steps that each run in a task of
 * their own: the shared schemas (building zod schemas is most of the cost, the orders' above
 * all), the till's store (Dexie), then the till. In one go they are a task of 40–90 ms on a laptop,
 * four times that on a cheap phone, during which the page answers no key. Loaded once: a second
 * call answers the first's promise (a test waits on it to know the code is in).
 */
export function loadTill(): Promise<{ default: ComponentType }> {
  loading ??= (async () => {
    await import('@bazar/contracts/common');
    await nextTask();
    await import('@bazar/contracts/till');
    await nextTask();
    await import('@bazar/contracts/orders');
    await nextTask();
    await import('@bazar/contracts/customers');
    await nextTask();
    await import('./offline/till-db');
    await nextTask();
    const { TillPage } = await import('./till-page');
    return { default: TillPage };
  })();
  return loading;
}

const TillPage = lazy(loadTill);

/**
 * /admin/pos: the till's empty screen at once (TillSkeleton), the till once its code is in and the
 * server has confirmed the admin (lib/admin-check.ts).
 */
export function TillRoute() {
  const confirmed = useAdminConfirmed();
  // Effects run after the first paint: the empty screen shows before the till's code is fetched
  // (all of it at once) and run; a task later, so that the profile check started by this same
  // screen (RequireAdmin) is first in the browser's queue. A failure to load reaches the route's
  // error screen through TillPage.
  useEffect(() => {
    const start = window.setTimeout(() => {
      fetchLaterChunks();
      loadTill().catch(() => undefined);
    }, 0);
    return () => window.clearTimeout(start);
  }, []);
  return <Suspense fallback={<TillSkeleton />}>{confirmed ? <TillPage /> : <TillSkeleton />}</Suspense>;
}
