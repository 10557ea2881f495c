import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PROFILE_KEY } from '../auth/use-profile';
import { riderDb, type QueuedAction, type RiderAction, type RiderDb, type SavedList } from './rider-db';
import { queueAction, syncRider, type SyncResult } from './rider-outbox';

/** What the phone holds for the rider: the last list the server answered and their actions. */
interface RiderStore {
  list: SavedList | undefined;
  queued: QueuedAction[];
}

/** The rider's store as it is now (every change, from any tab, shows at once); null while read. */
function useRiderStore(phone: string, db: RiderDb = riderDb()): RiderStore | null {
  const [store, setStore] = useState<RiderStore | null>(null);
  useEffect(() => {
    const subscription = liveQuery(async () => ({
      list: await db.lists.get(phone),
      queued: await db.outbox.where('phone').equals(phone).sortBy('seq'),
    })).subscribe({
      next: setStore,
      error: (error: unknown) => {
        console.error('Could not read the rider’s deliveries', error);
        setStore({ list: undefined, queued: [] });
      },
    });
    return () => subscription.unsubscribe();
  }, [db, phone]);
  return store;
}

/**
 * Where the server stands for this screen: not asked yet, answered the last pass, not reachable
 * (the list shown is the saved one), or refused the list (the session is checked again).
 */
type Reach = 'checking' | 'online' | 'offline' | 'refused';

/** While something waits, a pass this often; the list is read afresh every fourth tick anyway. */
const TICK_MS = 15_000;

/**
 * The rider's deliveries as the phone holds them, kept in step with the server while the screen is
 * open: a pass (send what waits, then read the list) as it opens, when the phone is back online,
 * after each action, every 15 s while something waits and every minute to see new deliveries.
 * Passes never overlap: one asked for while another runs follows it.
 */
export function useRider(phone: string, db: RiderDb = riderDb()) {
  const queryClient = useQueryClient();
  const store = useRiderStore(phone, db);
  const [reach, setReach] = useState<Reach>('checking');
  const state = useRef({ running: false, again: false, live: true, waiting: 0 });
  const waiting = store?.queued.filter((row) => row.state === 'waiting').length ?? 0;
  useEffect(() => {
    state.current.waiting = waiting;
  }, [waiting]);

  const run = useCallback(async () => {
    const now = state.current;
    if (now.running) {
      now.again = true;
      return;
    }
    now.running = true;
    try {
      do {
        now.again = false;
        const result: SyncResult | null = await syncRider(phone, { db }).catch((error: unknown) => {
          console.error('The rider’s deliveries could not sync', error);
          return null;
        });
        if (!now.live || !result) continue;
        if (result.list === 'read') setReach('online');
        else if (result.list === 'unreachable') setReach('offline');
        else {
          setReach('refused');
          // A dead session or a role taken away: the screen's guard asks for the profile again.
          void queryClient.invalidateQueries({ queryKey: [PROFILE_KEY] });
        }
      } while (now.again && now.live);
    } finally {
      now.running = false;
    }
  }, [db, phone, queryClient]);

  useEffect(() => {
    const now = state.current;
    now.live = true;
    void run();
    let ticks = 0;
    const onOnline = () => void run();
    const onOffline = () => setReach('offline');
    const timer = window.setInterval(() => {
      ticks += 1;
      if (navigator.onLine === false) return;
      if (now.waiting > 0 || ticks % 4 === 0) void run();
    }, TICK_MS);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      now.live = false;
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [run]);

  /** Keeps the action in the phone first, then tries to send it. */
  const act = useCallback(
    async (orderId: number, action: RiderAction) => {
      await queueAction(phone, orderId, action, db);
      void run();
    },
    [db, phone, run],
  );

  return { store, reach, refresh: run, act };
}
