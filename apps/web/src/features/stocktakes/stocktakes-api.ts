import type { BarcodeLookup } from '@bazar/contracts/catalog';
import type {
  Stocktake,
  StocktakeCreateBody,
  StocktakeDetail,
  StocktakeLine,
} from '@bazar/contracts/stocktakes';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type { Stocktake, StocktakeDetail, StocktakeLine };

/**
 * The back office's calls about counting the shelf (issue 28): the counts, starting one, adding to
 * one's tally, the review's approvals and cancelling.
 */

const STOCKTAKES_KEY = ['admin', 'stocktakes'] as const;

/** GET /api/stocktakes: every count, newest first. */
export const stocktakesKey = [...STOCKTAKES_KEY, 'list'] as const;
export const fetchStocktakes = () => call('GET /api/stocktakes').then((answer) => answer.data);

/** GET /api/stocktakes/{id}: the count and its lines (blind for a counter: no expected quantities). */
export const stocktakeKey = (id: number) => [...STOCKTAKES_KEY, 'one', id] as const;
export const fetchStocktake = (id: number) =>
  call('GET /api/stocktakes/:id', { params: { id } }).then((answer) => answer.data);

/** POST /api/stocktakes: a new open count of everything, a category, a brand or chosen products. */
export const startStocktake = (body: StocktakeCreateBody) =>
  call('POST /api/stocktakes', { body }).then((answer) => answer.data);

/**
 * POST /api/stocktakes/{id}/counts: adds `qty` to the caller's tally. The `clientId` is made once per
 * scan and sent again with it, so a scan whose answer was lost counts once however often it is sent.
 */
export const addCount = (id: number, productId: number, qty: number, clientId: string) =>
  call('POST /api/stocktakes/:id/counts', {
    params: { id },
    body: { product_id: productId, qty, client_id: clientId },
  }).then((answer) => answer.data);

/** POST /api/stocktakes/{id}/approve: these lines, or (none named) every counted line, which closes it. */
export const approveStocktake = (id: number, productIds?: number[]) =>
  call('POST /api/stocktakes/:id/approve', {
    params: { id },
    body: productIds ? { product_ids: productIds } : {},
  }).then((answer) => answer.data);

/** POST /api/stocktakes/{id}/cancel: closes the count without changing stock. */
export const cancelStocktake = (id: number) =>
  call('POST /api/stocktakes/:id/cancel', { params: { id } }).then((answer) => answer.data);

/**
 * GET /api/product/barcode/{code}: the product a code names, as the till finds it (a scale's
 * label names its product too).
 */
export const lookupBarcode = (code: string): Promise<BarcodeLookup> =>
  call('GET /api/product/barcode/:code', { params: { code } }).then((answer) => answer.data);

/** After a count was started, approved or cancelled: the list and the count are read again. */
export const refreshStocktakes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: STOCKTAKES_KEY });

/** A count's lines with one line's tallies changed (a count's answer), in the cached copy. */
export const withTallies = (
  detail: StocktakeDetail,
  tallies: { product_id: number; mine: number; counted: number },
): StocktakeDetail => ({
  ...detail,
  items: detail.items.map((line) =>
    line.product_id === tallies.product_id ? { ...line, mine: tallies.mine, counted: tallies.counted } : line,
  ),
});
