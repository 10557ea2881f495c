import type { Order } from '@bazar/contracts/orders';
import { SOLD_AT_MAX_AGE_MS, SOLD_AT_MAX_AHEAD_MS } from '@bazar/contracts/till';
import { newClientId } from '../../../lib/client-id';
import { isApiError } from '../../../lib/api';
import { sendTillOrder, type TillOrderPayload } from '../till-api';
import { isUnreachable, markReachable } from './till-connection';
import { adjustCachedAdvance, syncPendingCustomers } from './till-customers';
import { tillDb, type QueuedSale, type TillDb } from './till-db';

/**
 * The till's outbox (issue 10). Save writes the sale to IndexedDB first, with the ids that make it
 * one sale on the server whatever happens next (the sale's, each line's and each payment's UUID)
 * and its provisional number; only then is anything printed. `syncOutbox` sends the waiting sales
 * one at a time in the order they were made; the server stores each `client_id` once and answers a
 * resend with the order it already has, so a retry, a lost answer or a second tab never makes a
 * second sale. A sale leaves the browser only after the server has confirmed it.
 */

const COUNTER_KEY = 'sale-counter';
const TILL_ID_KEY = 'till-id';
const PERSIST_KEY = 'persist-asked';
/** How long a send may take before the till counts the server as gone (the sale stays waiting). */
const SEND_TIMEOUT_MS = 15_000;
/** Synced sales stay this long after their sync, so Reprint maps a provisional number to its order. */
const KEEP_SYNCED_MS = 24 * 60 * 60 * 1000;

const TILL_ID_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A till id: 6 letters and digits (no 0/O, 1/I), random, made once per browser's store. */
function newTillId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => TILL_ID_CHARS[b % TILL_ID_CHARS.length]).join('');
}

export interface NewSale {
  /** The sale's id: the cart's attempt key, so a Save pressed again stores it once. */
  client_id: string;
  body: TillOrderPayload;
  /** The till could not reach the server: its prices hold (the body gets `offline: true`). */
  offline: boolean;
  /** The cash to give back, as the till worked it out. */
  change: number;
  /** A refused sale being saved again after a fix: its number and time are kept. */
  fixing?: boolean;
}

/** The time a fixed sale keeps: its own, unless the server could no longer take it (too old, or ahead). */
function fixedSoldAt(original: string, now: Date): string {
  const at = Date.parse(original);
  const ok =
    at >= now.getTime() - SOLD_AT_MAX_AGE_MS + 60 * 60 * 1000 && at <= now.getTime() + SOLD_AT_MAX_AHEAD_MS;
  return ok ? original : now.toISOString();
}

function withIds(
  body: TillOrderPayload,
  ids: { client_id: string; provisional: string; sold_at: string; offline: boolean },
): TillOrderPayload {
  const { offline: _drop, ...rest } = body;
  return {
    ...rest,
    carts: body.carts.map((line) => ({ ...line, client_id: newClientId() })),
    ...(body.payments && {
      payments: body.payments.map((payment) => ({ ...payment, client_id: newClientId() })),
    }),
    client_id: ids.client_id,
    sold_at: ids.sold_at,
    provisional: ids.provisional,
    ...(ids.offline && { offline: true as const }),
  };
}

/** The body of a queued sale (the outbox wrote it from a TillOrderPayload). */
export const payloadOf = (sale: QueuedSale) => sale.body as TillOrderPayload;

const advanceUsed = (body: TillOrderPayload) =>
  (body.payments ?? []).filter((p) => p.method === 'balance').reduce((sum, p) => sum + p.amount, 0);

let persistAsked = false;

/** Asks once for storage the browser will not clear under pressure (the outbox must survive). */
async function askPersistence(db: TillDb): Promise<void> {
  if (persistAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  persistAsked = true;
  try {
    if (await db.meta.get(PERSIST_KEY)) return;
    const granted = await navigator.storage.persist();
    await db.meta.put({ key: PERSIST_KEY, value: { granted, at: new Date().toISOString() } });
  } catch (error) {
    console.error('Could not ask for persistent storage', error);
  }
}

/**
 * Stores a sale as waiting, in one transaction with its number: `T-{till}-{n}`, n the till's
 * counter (also the sale's place in the queue). A sale already stored under this id is returned as
 * it is; a refused one being fixed gets the new body and waits again under its old number.
 */
export async function saveSale(sale: NewSale, db: TillDb = tillDb(), now = new Date()): Promise<QueuedSale> {
  const stored = await db.transaction('rw', db.sales, db.meta, db.customers, async () => {
    const existing = await db.sales.get(sale.client_id);
    if (existing && !(sale.fixing && existing.state === 'refused')) return existing;
    let row: QueuedSale;
    if (existing) {
      const sold_at = fixedSoldAt(existing.sold_at, now);
      const offline = sale.offline || existing.offline;
      row = {
        ...existing,
        sold_at,
        offline,
        body: withIds(sale.body, {
          client_id: existing.client_id,
          provisional: existing.provisional,
          sold_at,
          offline,
        }),
        state: 'waiting',
        error: null,
        refusal: null,
        change: sale.change,
        tries: 0,
        last_try: null,
      };
    } else {
      const counter = await db.meta.get(COUNTER_KEY);
      const n = (typeof counter?.value === 'number' ? counter.value : 0) + 1;
      let tillId = (await db.meta.get(TILL_ID_KEY))?.value;
      if (typeof tillId !== 'string') {
        tillId = newTillId();
        await db.meta.put({ key: TILL_ID_KEY, value: tillId });
      }
      const provisional = `T-${String(tillId)}-${n}`;
      const sold_at = now.toISOString();
      await db.meta.put({ key: COUNTER_KEY, value: n });
      row = {
        client_id: sale.client_id,
        seq: n,
        provisional,
        sold_at,
        offline: sale.offline,
        body: withIds(sale.body, { client_id: sale.client_id, provisional, sold_at, offline: sale.offline }),
        state: 'waiting',
        error: null,
        order: null,
        change: sale.change,
        tries: 0,
        last_try: null,
      };
    }
    await db.sales.put(row);
    // The advance this sale takes is not there for the next sale made before the server answers.
    if (existing) await adjustCachedAdvance(db, payloadOf(existing).phone, advanceUsed(payloadOf(existing)));
    await adjustCachedAdvance(db, sale.body.phone, -advanceUsed(sale.body));
    return row;
  });
  void askPersistence(db);
  return stored;
}

/**
 * The receipt of a waiting sale came from the till (the server did not answer in time): its
 * prices are what the customer paid, so it is sent as made offline.
 */
export async function markOffline(clientId: string, db: TillDb = tillDb()): Promise<QueuedSale | undefined> {
  return db.transaction('rw', db.sales, async () => {
    const row = await db.sales.get(clientId);
    if (!row || row.state !== 'waiting' || row.offline) return row;
    const next = { ...row, offline: true, body: { ...row.body, offline: true } };
    await db.sales.put(next);
    return next;
  });
}

/**
 * Drops a sale the admin chose to discard (only a refused one: the others are or will be orders);
 * the advance it took goes back to the customer's copy.
 */
export async function discardSale(clientId: string, db: TillDb = tillDb()): Promise<boolean> {
  return db.transaction('rw', db.sales, db.customers, async () => {
    const row = await db.sales.get(clientId);
    if (row?.state !== 'refused') return false;
    await db.sales.delete(clientId);
    const body = payloadOf(row);
    await adjustCachedAdvance(db, body.phone, advanceUsed(body));
    return true;
  });
}

/** A sale the server refused just as Save was pressed: the cart still holds it, so the copy goes. */
export async function forgetRefused(clientId: string, db: TillDb = tillDb()): Promise<void> {
  await discardSale(clientId, db);
}

export const readSale = (clientId: string, db: TillDb = tillDb()) => db.sales.get(clientId);

// ---- sync ----------------------------------------------------------------------------------------

/** Why a sync stopped before the queue was empty: the sales stay waiting. */
type SyncStop = 'unreachable' | 'server' | 'signedOut';

export interface SyncResult {
  synced: number;
  refused: number;
  stopped: SyncStop | null;
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

/** A failure that keeps the sale waiting (and ends this sync), or null for a refusal. */
function stopFor(error: unknown): SyncStop | null {
  if (error instanceof SendTimeout || isUnreachable(error)) return 'unreachable';
  if (!isApiError(error)) return 'server';
  if (error.status === 401) return 'signedOut';
  if (error.status >= 500 || error.status === 408 || error.status === 429) return 'server';
  return null;
}

function refusalText(error: unknown): string {
  if (!isApiError(error)) return String(error);
  const fields = Object.values(error.errors ?? {})
    .flat()
    .filter((text) => text !== error.message);
  return [error.message, ...fields].join(' ');
}

async function markSynced(db: TillDb, clientId: string, order: Order, now: Date) {
  await db.transaction('rw', db.sales, async () => {
    const row = await db.sales.get(clientId);
    // Another tab may have synced it meanwhile: the server answered both with the same order.
    if (!row || row.state === 'synced') return;
    // The manager's PIN the sale carried is not kept once the server has it.
    const { approval: _approval, ...body } = row.body;
    await db.sales.put({
      ...row,
      body,
      state: 'synced',
      order,
      error: null,
      tries: row.tries + 1,
      last_try: now.toISOString(),
    });
  });
}

/** A refusal's code, and the approval's kind of a 403 `approval_required`; null without a code. */
function refusalOf(error: unknown): QueuedSale['refusal'] {
  if (!isApiError(error) || !error.code) return null;
  const kind = (error.body as { kind?: unknown } | undefined)?.kind;
  return { code: error.code, ...(typeof kind === 'string' && { kind }) };
}

async function markTried(db: TillDb, clientId: string, now: Date, refused?: unknown) {
  await db.transaction('rw', db.sales, async () => {
    const row = await db.sales.get(clientId);
    if (row?.state !== 'waiting') return;
    await db.sales.put({
      ...row,
      ...(refused !== undefined && {
        state: 'refused' as const,
        error: refusalText(refused),
        refusal: refusalOf(refused),
      }),
      tries: row.tries + 1,
      last_try: now.toISOString(),
    });
  });
}

/** The waiting sale to send next: the oldest, leaving out those this run already sent. */
async function nextWaiting(db: TillDb, done: ReadonlySet<string>): Promise<QueuedSale | undefined> {
  const waiting = await db.sales.where('state').equals('waiting').sortBy('seq');
  return waiting.find((sale) => !done.has(sale.client_id));
}

/** Removes synced sales a day after their sync. */
export async function pruneSynced(db: TillDb = tillDb(), now = new Date()): Promise<number> {
  const cutoff = now.getTime() - KEEP_SYNCED_MS;
  return db.sales
    .where('state')
    .equals('synced')
    .filter((sale) => Date.parse(sale.last_try ?? sale.sold_at) < cutoff)
    .delete();
}

export interface SyncOptions {
  db?: TillDb;
  /** Take the browser's `till-sync` lock (one tab at a time); off only to test the server's guarantee. */
  exclusive?: boolean;
  clock?: () => Date;
}

async function drain(db: TillDb, clock: () => Date): Promise<SyncResult> {
  const result: SyncResult = { synced: 0, refused: 0, stopped: null };
  // Customers added offline first: their sales link to their accounts and may use their advance.
  try {
    await syncPendingCustomers(db);
  } catch (error) {
    result.stopped = stopFor(error) ?? 'server';
    markReachable(result.stopped !== 'unreachable');
    return result;
  }
  const done = new Set<string>();
  for (let sale = await nextWaiting(db, done); sale; sale = await nextWaiting(db, done)) {
    done.add(sale.client_id);
    try {
      const order = await withTimeout(sendTillOrder(payloadOf(sale)), SEND_TIMEOUT_MS);
      markReachable(true);
      await markSynced(db, sale.client_id, order, clock());
      result.synced += 1;
    } catch (error) {
      const stop = stopFor(error);
      markReachable(stop !== 'unreachable');
      if (stop) {
        await markTried(db, sale.client_id, clock());
        result.stopped = stop;
        break;
      }
      await markTried(db, sale.client_id, clock(), error);
      result.refused += 1;
    }
  }
  if (!result.stopped) await pruneSynced(db, clock());
  return result;
}

/**
 * One pass over the outbox: pending customers, then every waiting sale in order. It stops at the
 * first sale the server did not answer (it stays waiting, and so do the ones after it); a refusal
 * is kept with the server's reason and the next sale goes on.
 */
export async function runSync({
  db = tillDb(),
  exclusive = true,
  clock = () => new Date(),
}: SyncOptions = {}) {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (exclusive && locks) return locks.request('till-sync', () => drain(db, clock));
  return drain(db, clock);
}

let running: Promise<SyncResult> | null = null;
let queued: Promise<SyncResult> | null = null;

/**
 * Syncs this browser's outbox. A call while a pass is running waits for one more pass after it
 * (a sale saved meanwhile is sent), and calls made meanwhile share that pass.
 */
export function syncOutbox(options: SyncOptions = {}): Promise<SyncResult> {
  if (!running) {
    running = runSync(options).finally(() => {
      running = null;
    });
    return running;
  }
  queued ??= running
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return syncOutbox(options);
    });
  return queued;
}

// ---- what the till shows -----------------------------------------------------------------------

export interface OutboxView {
  waiting: number;
  refused: QueuedSale[];
}

/** What the till's status shows: how many sales wait, and the refused ones, oldest first. */
export async function readOutbox(db: TillDb = tillDb()): Promise<OutboxView> {
  const [waiting, refused] = await Promise.all([
    db.sales.where('state').equals('waiting').count(),
    db.sales.where('state').equals('refused').sortBy('seq'),
  ]);
  return { waiting, refused };
}
