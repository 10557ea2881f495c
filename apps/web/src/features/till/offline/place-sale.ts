import type { Order } from '@bazar/contracts/orders';
import { sendTillOrder, type TillOrderPayload } from '../till-api';
import { forgetRefused, markOffline, readSale, saveSale, syncOutbox } from './outbox';
import { serverReachable } from './till-connection';
import type { QueuedSale } from './till-db';

/** How long Save waits for the server before printing the till's own receipt (the sale stays queued). */
const SAVE_WAIT_MS = 6_000;
/** The same when the server was not reachable a moment ago: a quick try, then the till's receipt. */
const SAVE_WAIT_OFFLINE_MS = 1_500;

/** What Save ends with: the server's order, the till's own receipt of a queued sale, or a refusal. */
export type Placed =
  | { kind: 'synced'; order: Order }
  | { kind: 'local'; sale: QueuedSale }
  | {
      kind: 'refused';
      message: string;
      /** The server's reason (`approval_required`, `expired_stock`, …) and a 403's approval kind. */
      code?: string;
      approval?: string;
    };

/** Runs one sync (or waits for the one running) for at most `ms`, then reads the sale as it is. */
async function syncWithin(clientId: string, ms: number): Promise<QueuedSale | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    syncOutbox().catch((error: unknown) => console.error('The till could not sync', error)),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
  return readSale(clientId);
}

/**
 * Save: the sale goes into the outbox (before anything is printed), then the outbox syncs at once.
 * Answered in time, the receipt is the server's order; refused, the sale stays in the cart and its
 * copy goes (a refused fix stays in the refused list); not answered, the sale waits and the receipt
 * is the till's own, so it is sent as made offline (the customer paid the till's prices).
 * A browser that cannot keep the sale (no IndexedDB) sends it straight away, as before the outbox:
 * a failure then throws, and Save pressed again resends the same id.
 */
export async function placeSale(input: {
  client_id: string;
  body: TillOrderPayload;
  change: number;
  fixing: boolean;
}): Promise<Placed> {
  const reachable = serverReachable();
  let queued: QueuedSale;
  try {
    queued = await saveSale({ ...input, offline: !reachable });
  } catch (error) {
    console.error('The till could not keep the sale', error);
    const order = await sendTillOrder({
      ...input.body,
      client_id: input.client_id,
      sold_at: new Date().toISOString(),
    });
    return { kind: 'synced', order };
  }
  const after =
    (await syncWithin(queued.client_id, reachable ? SAVE_WAIT_MS : SAVE_WAIT_OFFLINE_MS)) ?? queued;
  if (after.state === 'synced' && after.order) return { kind: 'synced', order: after.order };
  if (after.state === 'refused') {
    if (!input.fixing) await forgetRefused(after.client_id);
    return {
      kind: 'refused',
      message: after.error ?? '',
      ...(after.refusal?.code && { code: after.refusal.code }),
      ...(after.refusal?.kind && { approval: after.refusal.kind }),
    };
  }
  return { kind: 'local', sale: (await markOffline(after.client_id)) ?? after };
}
