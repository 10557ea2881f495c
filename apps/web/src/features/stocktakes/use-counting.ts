import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { newClientId } from '../../lib/client-id';
import { isServerFailure, serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { addCount, stocktakeKey, withTallies, type StocktakeDetail } from './stocktakes-api';

/** One count this device sent (a scan, a typed quantity) and what became of it. */
export type CountEntry = {
  /** Made once for the count and sent with every try of it: the server keeps it once. */
  clientId: string;
  productId: number;
  qty: number;
  /** sending; saved; failed (no answer: send it again); refused (the server said no, `message`). */
  state: 'sending' | 'saved' | 'failed' | 'refused';
  message?: string;
  /** A count taken back by a later negative one (Undo): it offers no second undo. */
  undone?: boolean;
};

/** How many of the last counts the page lists (those not saved stay whatever their age). */
const KEPT = 12;

/**
 * The counts this device sends to a stocktake, one after another in the order they were made, each
 * with its own client id. A count whose answer never came (no network, the server down) stays as
 * "not saved" and can be sent again with the same id, so it counts once however often it goes. Each
 * answer's tallies (the caller's and everyone's) go straight into the count's cached lines.
 */
export function useCounting(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<CountEntry[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = (clientId: string, change: Partial<CountEntry>) =>
    setEntries((list) => list.map((e) => (e.clientId === clientId ? { ...e, ...change } : e)));

  const send = (entry: CountEntry) => {
    queue.current = queue.current.then(async () => {
      try {
        const tallies = await addCount(id, entry.productId, entry.qty, entry.clientId);
        // A read of the count that left before this count was saved would bring older tallies back.
        await queryClient.cancelQueries({ queryKey: stocktakeKey(id) });
        queryClient.setQueryData<StocktakeDetail>(stocktakeKey(id), (detail) =>
          detail ? withTallies(detail, tallies) : detail,
        );
        update(entry.clientId, { state: 'saved' });
      } catch (error) {
        if (isServerFailure(error)) {
          update(entry.clientId, { state: 'failed' });
          return;
        }
        update(entry.clientId, {
          state: 'refused',
          message: serverMessage(error, t('stocktakes.review.failed')),
        });
        // Closed meanwhile (approved or cancelled): the page reads the count again and says so.
        if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: stocktakeKey(id) });
      }
    });
  };

  /** Adds `qty` of the product to this person's tally (negative: takes it back). */
  const add = (productId: number, qty: number) => {
    const entry: CountEntry = { clientId: newClientId(), productId, qty, state: 'sending' };
    setEntries((list) => [entry, ...list.filter((e, i) => i < KEPT - 1 || e.state !== 'saved')]);
    send(entry);
  };

  /** Sends a count that was not saved again, with its own id. */
  const retry = (clientId: string) => {
    const entry = entries.find((e) => e.clientId === clientId);
    if (!entry || entry.state !== 'failed') return;
    update(clientId, { state: 'sending' });
    send(entry);
  };

  /** Takes a saved count back from this person's tally: the same quantity, negative, as a count of its own. */
  const undo = (clientId: string) => {
    const entry = entries.find((e) => e.clientId === clientId);
    if (!entry || entry.state !== 'saved' || entry.qty <= 0 || entry.undone) return;
    update(clientId, { undone: true });
    add(entry.productId, -entry.qty);
  };

  return { entries, add, retry, undo, sending: entries.some((e) => e.state === 'sending') };
}
