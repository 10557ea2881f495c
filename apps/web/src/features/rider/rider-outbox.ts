import type { RiderDelivery } from '@bazar/contracts/riders';
import { call, isApiError } from '../../lib/api';
import { newClientId } from '../../lib/client-id';
import { riderDb, type QueuedAction, type RiderAction, type RiderDb } from './rider-db';

/**
 * The rider's outbox (issue 27). Every action (picked up, delivered, failed) is written to the
 * phone first and sent from there, online or not, one at a time in the order made: an action made
 * with no network waits, one whose answer never came is sent again. The server makes each step once
 * however often it is sent (a resend answers the delivery as it stands), so sending until an answer
 * comes never doubles a payment. An answer that refuses it (404 not theirs, 409, 422) ends it: the
 * card shows why. The last list the server answered is kept too, so the screen opens offline.
 */

/** How long a send may take before the phone counts the server as gone (the action stays waiting). */
const SEND_TIMEOUT_MS = 15_000;

/** Why a pass stopped with actions still waiting. */
type Stop = 'unreachable' | 'server' | 'signedOut';

interface SendResult {
  sent: number;
  refused: number;
  stopped: Stop | null;
}

class SendTimeout extends Error {
  constructor() {
    super('The server did not answer in time.');
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout()), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** No answer from the server: no network, a timeout, or a proxy in front of it that found none. */
const isUnreachable = (error: unknown): boolean =>
  error instanceof SendTimeout || (isApiError(error) && [0, 502, 503, 504].includes(error.status));

/** A failure that keeps the action waiting (and ends this pass), or null for the server's refusal. */
function stopFor(error: unknown): Stop | null {
  if (isUnreachable(error)) return 'unreachable';
  if (!isApiError(error)) return 'server';
  if (error.status === 401) return 'signedOut';
  if (error.status >= 500 || error.status === 408 || error.status === 429) return 'server';
  return null;
}

/** The server's words for a refusal: its message and each field's, once each. */
function refusalText(error: unknown): string {
  if (!isApiError(error)) return String(error);
  const fields = Object.values(error.errors ?? {})
    .flat()
    .filter((text) => text !== error.message);
  return [error.message, ...fields].join(' ');
}

/**
 * One pass at a time in this browser, tabs included (the Web Locks API where there is one): a
 * pass reads an action, sends it and removes it before another pass may read it, and a list read
 * is never stored over the answer to an action sent after it was asked for.
 */
let chain: Promise<unknown> = Promise.resolve();
async function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return await locks.request('rider-sync', work);
  const next = chain.then(work, work);
  chain = next.catch(() => undefined);
  return next;
}

/** The delivery in the rider's saved list replaced by the server's answer (or added). */
async function keepAnswer(db: RiderDb, phone: string, delivery: RiderDelivery): Promise<void> {
  const list = await db.lists.get(phone);
  if (!list) return;
  const known = list.deliveries.some((d) => d.id === delivery.id);
  const deliveries = known
    ? list.deliveries.map((d) => (d.id === delivery.id ? delivery : d))
    : [...list.deliveries, delivery];
  await db.lists.put({ ...list, deliveries });
}

/**
 * Adds an action to the rider's queue. The same action for the same order already waiting (a
 * double tap) is stored once.
 */
export async function queueAction(
  phone: string,
  orderId: number,
  action: RiderAction,
  db: RiderDb = riderDb(),
  now = new Date(),
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const waiting = await db.outbox.where('phone').equals(phone).toArray();
    const again = waiting.some(
      (row) => row.state === 'waiting' && row.order_id === orderId && row.action.kind === action.kind,
    );
    if (again) return;
    await db.outbox.add({
      phone,
      order_id: orderId,
      // A delivered or failed step carries its own id from the moment it is made: a resend after a
      // lost answer is found made by the server, even if the order came back to this rider since.
      action: action.kind === 'picked-up' ? action : withClientId(action),
      state: 'waiting',
      error: null,
      made_at: now.toISOString(),
      tries: 0,
    });
  });
}

/** The step with the phone's id for it (kept when it has one). */
function withClientId(action: Exclude<RiderAction, { kind: 'picked-up' }>): RiderAction {
  if (action.kind === 'delivered')
    return { ...action, body: { ...action.body, client_id: action.body.client_id ?? newClientId() } };
  return { ...action, body: { ...action.body, client_id: action.body.client_id ?? newClientId() } };
}

/** Removes a refused action once the rider has read why. */
export async function dismissRefusal(seq: number, db: RiderDb = riderDb()): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (row?.state === 'refused') await db.outbox.delete(seq);
  });
}

function send(row: QueuedAction): Promise<{ data: RiderDelivery }> {
  const params = { id: row.order_id };
  const { action } = row;
  if (action.kind === 'picked-up') return call('POST /api/rider/deliveries/:id/picked-up', { params });
  if (action.kind === 'delivered')
    return call('POST /api/rider/deliveries/:id/delivered', { params, body: action.body });
  return call('POST /api/rider/deliveries/:id/failed', { params, body: action.body });
}

/** The rider's next waiting action, oldest first. */
async function nextWaiting(db: RiderDb, phone: string): Promise<QueuedAction | undefined> {
  const rows = await db.outbox.where('phone').equals(phone).sortBy('seq');
  return rows.find((row) => row.state === 'waiting');
}

/**
 * Sends the rider's waiting actions, oldest first, each until the server answers. The first with
 * no answer (no network, a timeout, a server error) ends the pass and waits, and so do those after
 * it: they are sent in the order made. A refusal is kept with the server's reason and the next goes.
 */
async function drain(db: RiderDb, phone: string): Promise<SendResult> {
  const result: SendResult = { sent: 0, refused: 0, stopped: null };
  for (let row = await nextWaiting(db, phone); row; row = await nextWaiting(db, phone)) {
    const seq = row.seq;
    try {
      const answer = await withTimeout(send(row), SEND_TIMEOUT_MS);
      await db.transaction('rw', db.outbox, db.lists, async () => {
        await db.outbox.delete(seq);
        await keepAnswer(db, phone, answer.data);
      });
      result.sent += 1;
    } catch (error) {
      const stop = stopFor(error);
      const tries = row.tries + 1;
      if (stop) {
        await db.outbox.update(seq, { tries });
        result.stopped = stop;
        break;
      }
      await db.outbox.update(seq, { tries, state: 'refused', error: refusalText(error) });
      result.refused += 1;
    }
  }
  return result;
}

/** How the list read of a pass went: read and kept, no server, or refused (signed out, not a rider). */
type ListRead = 'read' | 'unreachable' | 'refused';

export interface SyncResult extends SendResult {
  list: ListRead;
}

/** Reads the rider's deliveries from the server and keeps them as the saved list. */
async function readList(db: RiderDb, phone: string, now: () => Date): Promise<ListRead> {
  try {
    const answer = await withTimeout(call('GET /api/rider/deliveries'), SEND_TIMEOUT_MS);
    await db.lists.put({ phone, deliveries: answer.data, at: now().toISOString() });
    return 'read';
  } catch (error) {
    if (isUnreachable(error)) return 'unreachable';
    if (isApiError(error)) return 'refused';
    throw error;
  }
}

export interface SyncOptions {
  db?: RiderDb;
  clock?: () => Date;
}

/** Sends what waits, then reads the list afresh (it then holds what was just sent). */
export function syncRider(
  phone: string,
  { db = riderDb(), clock = () => new Date() }: SyncOptions = {},
): Promise<SyncResult> {
  return exclusive(async () => {
    const result = await drain(db, phone);
    // With the server gone, a list read would only fail the same way.
    if (result.stopped === 'unreachable') return { ...result, list: 'unreachable' };
    return { ...result, list: await readList(db, phone, clock) };
  });
}

// ---- what the screen shows ---------------------------------------------------------------------

/** A delivery as the rider's card shows it: the server's, with what still waits to be sent applied. */
export type ShownDelivery = RiderDelivery & {
  /** An action on it waits to be sent. */
  waiting: boolean;
  /** Actions the server refused, with its reason. */
  refusals: Array<{ seq: number; message: string }>;
};

/**
 * The delivery as it will be once its waiting actions reach the server, in the order made: the
 * rider sees at once what they did, marked as waiting to be sent.
 */
export function withQueued(delivery: RiderDelivery, queued: readonly QueuedAction[]): ShownDelivery {
  const mine = queued.filter((row) => row.order_id === delivery.id);
  let shown: RiderDelivery = delivery;
  for (const row of mine) {
    if (row.state !== 'waiting') continue;
    const { action } = row;
    if (action.kind === 'picked-up') {
      if (shown.state === 'assigned') shown = { ...shown, state: 'picked_up' };
    } else if (action.kind === 'delivered') {
      const sum = action.body.payments.reduce((n, p) => n + p.amount, 0);
      shown = {
        ...shown,
        state: 'delivered',
        paid: shown.paid + sum,
        due: shown.due - sum,
        collected: action.body.payments.map((p) => ({
          method: p.method,
          amount: p.amount,
          reference: p.reference ?? null,
        })),
      };
    } else {
      shown = {
        ...shown,
        state: 'failed',
        reason: action.body.reason,
        reason_note: action.body.note?.trim() ?? '',
      };
    }
  }
  return {
    ...shown,
    waiting: mine.some((row) => row.state === 'waiting'),
    refusals: mine
      .filter((row) => row.state === 'refused')
      .map((row) => ({ seq: row.seq, message: row.error ?? '' })),
  };
}
