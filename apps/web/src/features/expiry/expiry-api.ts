import type { Expiring, ExpiringBatch } from '@bazar/contracts/expiry';
import { call } from '../../lib/api';
import { adjustStock } from '../stock/stock-api';

export type { Expiring, ExpiringBatch };

/**
 * The back office's calls about expiry dates (issue 28). Under the back office's prefix: a
 * write-off or an offer changes stock and prices, which other admin lists show.
 */
const EXPIRING_KEY = ['admin', 'expiring'] as const;

/** GET /api/stock/expiring: within `days` (null: the shop's setting, which the answer names). */
export const expiringKey = (days: number | null) => [...EXPIRING_KEY, days ?? 'setting'] as const;
export const fetchExpiring = (days: number | null) =>
  call('GET /api/stock/expiring', { query: days === null ? {} : { days } }).then((answer) => answer.data);

/** POST /api/stock/batches/{id}/offer: the batch's product on offer at `percent` off its price. */
export const offerBatch = (batchId: number, percent: number) =>
  call('POST /api/stock/batches/:id/offer', { params: { id: batchId }, body: { percent } }).then(
    (answer) => answer.data,
  );

/** POST /api/stock/adjust: the whole batch out of stock, with the reason Expired. */
export const writeOffBatch = (batch: Pick<ExpiringBatch, 'id' | 'product_id' | 'qty'>) =>
  adjustStock({
    product_id: batch.product_id,
    qty: -batch.qty,
    reason: 'expired',
    note: '',
    batch_id: batch.id,
  });

/** POST /api/product/{id}/expiry: whether the product tracks expiry (off forgets its batches). */
export const setTracking = (productId: number, track: boolean) =>
  call('POST /api/product/:id/expiry', { params: { id: productId }, body: { track } }).then(
    (answer) => answer.data,
  );

/** The list without a batch written off, its totals less what the batch was worth. */
export function withoutBatch(list: Expiring, batchId: number): Expiring {
  const gone = list.batches.find((b) => b.id === batchId);
  if (!gone) return list;
  const less = (total: number | undefined, counts: boolean) =>
    total === undefined || !counts ? total : Math.max(0, total - (gone.value ?? 0));
  return {
    ...list,
    batches: list.batches.filter((b) => b.id !== batchId),
    ...(list.value !== undefined && { value: less(list.value, true) }),
    ...(list.expired_value !== undefined && { expired_value: less(list.expired_value, gone.expired) }),
  };
}

/** The list with a product's offer price as the server set it (on every batch of the product). */
export function withOffer(list: Expiring, productId: number, offprice: number): Expiring {
  return {
    ...list,
    batches: list.batches.map((b) => (b.product_id === productId ? { ...b, offprice } : b)),
  };
}
