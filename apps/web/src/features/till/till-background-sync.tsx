import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { SYNC_EVERY_MS, syncCatalogOnce } from './offline/catalog-sync';
import { useOutboxSync } from './offline/outbox-sync';
import { tillDb } from './offline/till-db';

/**
 * On every back-office page but the till (which does it itself), for staff who sell: the sales a
 * till of this browser kept offline are sent as soon as the server answers, and the till's copy of
 * the catalogue is kept current (at the first idle moment, then every minute and when the browser
 * is back online), so the till is ready for an outage even if it was not open. Renders nothing.
 */
export default function TillBackgroundSync() {
  useOutboxSync();
  useEffect(() => {
    const db = tillDb();
    // A failed sync (no server) is tried again on the next turn; the till shows how old its copy is.
    const run = () => void syncCatalogOnce(db).catch(() => undefined);
    const cancel = whenIdle(run);
    const timer = window.setInterval(() => {
      if (navigator.onLine) run();
    }, SYNC_EVERY_MS);
    window.addEventListener('online', run);
    return () => {
      cancel();
      window.clearInterval(timer);
      window.removeEventListener('online', run);
    };
  }, []);
  return null;
}
