import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { ShopInfo } from '../../../lib/shop-api';
import { call } from '../../../lib/api';
import { fetchShopInfo } from '../../../lib/shop-api';
import { readOutbox, readSale, syncOutbox, type OutboxView } from './outbox';
import { markReachable, serverReachable } from './till-connection';
import { tillDb, type QueuedSale, type TillDb } from './till-db';
import { whenIdle } from '../../../lib/when-idle';

/**
 * When the outbox syncs: as the till opens, when the browser is back online, after every save
 * (the till page calls `syncOutbox` itself) and every 15 s while anything waits. After a failed
 * pass the timer waits longer each time (15, 30, 60 s at most). While the server seems gone the till
 * asks `/api/health` every 3 s (a few bytes) and syncs at once when it answers.
 */

const SYNC_EVERY_MS = 15_000;
const MAX_BACKOFF_MS = 60_000;
/** How often a till that lost the server asks `/api/health` whether it is back. */
const PROBE_EVERY_MS = 3_000;
const SHOP_INFO_KEY = 'shop-info';

async function somethingWaits(db: TillDb): Promise<boolean> {
  const [waiting, pending] = await Promise.all([
    db.sales.where('state').equals('waiting').count(),
    db.customers.filter((row) => row.pending).count(),
  ]);
  return waiting + pending > 0;
}

/** The shop's name, address and phone for receipts printed with no server. */
export async function cacheShopInfo(db: TillDb = tillDb()): Promise<ShopInfo | undefined> {
  try {
    const info = await fetchShopInfo();
    await db.meta.put({ key: SHOP_INFO_KEY, value: info });
    return info;
  } catch {
    const cached = await db.meta.get(SHOP_INFO_KEY).catch(() => undefined);
    return cached?.value as ShopInfo | undefined;
  }
}

/** Starts syncing this tab's till; returns the function that stops it. */
function startOutboxSync({
  every = SYNC_EVERY_MS,
  probeEvery = PROBE_EVERY_MS,
  db = tillDb(),
} = {}): () => void {
  let failures = 0;
  let nextAt = 0;
  let stopped = false;
  let probing = false;

  const run = async () => {
    const result = await syncOutbox({ db }).catch((error: unknown) => {
      console.error('The till could not sync', error);
      return null;
    });
    if (result && !result.stopped) {
      failures = 0;
      nextAt = 0;
    } else {
      failures += 1;
      nextAt = Date.now() + Math.min(every * 2 ** (failures - 1), MAX_BACKOFF_MS);
    }
  };

  const runIfWaiting = async () => {
    if (!stopped && Date.now() >= nextAt && (await somethingWaits(db).catch(() => false))) await run();
  };

  // While the server seems gone but the network is up, a small request tells when it is back.
  const probe = async () => {
    if (stopped || probing || serverReachable() || navigator.onLine === false) return;
    probing = true;
    try {
      await call('GET /api/health');
      markReachable(true);
      nextAt = 0;
      await runIfWaiting();
    } catch {
      markReachable(false);
    } finally {
      probing = false;
    }
  };

  const now = () => {
    nextAt = 0;
    void run();
  };
  now();
  window.addEventListener('online', now);
  const timer = setInterval(() => void runIfWaiting(), every);
  const prober = setInterval(() => void probe(), probeEvery);
  return () => {
    stopped = true;
    clearInterval(timer);
    clearInterval(prober);
    window.removeEventListener('online', now);
  };
}

/**
 * Keeps this tab's till syncing while the component is on screen, from the browser's first idle
 * moment after the till shows (its first pass reads the store and may send sales: not before the
 * first screen).
 */
export function useOutboxSync(): void {
  useEffect(() => {
    let stop = () => {};
    const cancel = whenIdle(() => {
      stop = startOutboxSync();
      void cacheShopInfo();
    });
    return () => {
      cancel();
      stop();
    };
  }, []);
}

/**
 * The outbox as it is now (every tab's changes show at once). Null until the first read, which
 * starts in a task after the screen's first: opening the store is a few ms of work of its own.
 */
export function useOutboxView(db: TillDb = tillDb()): OutboxView | null {
  const [view, setView] = useState<OutboxView | null>(null);
  useEffect(() => {
    let subscription: { unsubscribe: () => void } | undefined;
    const start = window.setTimeout(() => {
      subscription = liveQuery(() => readOutbox(db)).subscribe({
        next: setView,
        error: (error: unknown) => console.error('Could not read the outbox', error),
      });
    }, 0);
    return () => {
      window.clearTimeout(start);
      subscription?.unsubscribe();
    };
  }, [db]);
  return view;
}

/** One sale as the till's store holds it now (undefined: not there; null: still reading). */
export function useQueuedSale(clientId: string | undefined): QueuedSale | undefined | null {
  const [sale, setSale] = useState<QueuedSale | undefined | null>(null);
  useEffect(() => {
    if (!clientId) return setSale(undefined);
    const subscription = liveQuery(() => readSale(clientId)).subscribe({
      next: setSale,
      error: (error: unknown) => {
        console.error('Could not read the sale', error);
        setSale(undefined);
      },
    });
    return () => subscription.unsubscribe();
  }, [clientId]);
  return sale;
}
