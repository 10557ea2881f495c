import Dexie, { type EntityTable } from 'dexie';
import type { CollectedPayment, FailedBody, RiderDelivery } from '@bazar/contracts/riders';

/**
 * The rider's screen in this phone (IndexedDB through Dexie), so it opens and takes actions with
 * no network (issue 27):
 * - `lists`: the last deliveries list the server answered, per rider (their phone), so the screen
 *   opens offline and one rider never sees another's on a shared phone;
 * - `outbox`: each action the rider made, in the order made, until the server has answered it.
 */

/** What the rider did at the door, as its call takes it. */
export type RiderAction =
  | { kind: 'picked-up' }
  | { kind: 'delivered'; body: { payments: CollectedPayment[]; client_id?: string } }
  | { kind: 'failed'; body: FailedBody };

/**
 * One action in the outbox. `waiting`: to be sent (again, until an answer comes); `refused`: the
 * server said no (404, 409, 422…): out of the queue, kept only to show the rider why on the card
 * until they dismiss it.
 */
export interface QueuedAction {
  /** Its place in the queue: actions are sent in this order. */
  seq: number;
  /** The rider who made it (the phone they signed in with): only their session sends it. */
  phone: string;
  order_id: number;
  action: RiderAction;
  state: 'waiting' | 'refused';
  /** The server's reason, in its words, for a refused one. */
  error: string | null;
  made_at: string;
  tries: number;
}

/** The deliveries list as the server last answered it for one rider. */
export interface SavedList {
  phone: string;
  deliveries: RiderDelivery[];
  /** When that answer came (ISO): shown while offline. */
  at: string;
}

export class RiderDb extends Dexie {
  lists!: EntityTable<SavedList, 'phone'>;
  outbox!: EntityTable<QueuedAction, 'seq'>;

  constructor(name = 'bazar-rider') {
    super(name);
    this.version(1).stores({ lists: 'phone', outbox: '++seq, phone' });
  }
}

let shared: RiderDb | undefined;

/** The one store of this browser's rider screen. */
export function riderDb(): RiderDb {
  shared ??= new RiderDb();
  return shared;
}
