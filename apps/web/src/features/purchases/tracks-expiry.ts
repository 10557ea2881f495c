import { useQueries } from '@tanstack/react-query';
import { call } from '../../lib/api';

/**
 * Which of these products keep their stock by expiry date (GET /api/product/{id}/batches, read once
 * per product and kept under the back office's prefix): what comes in of them needs the pack's
 * expiry date. The product search does not tell it. A product not yet known, or one this member
 * of staff may not read, counts as not tracking: the server still asks for the date (422).
 */
export function useTracksExpiry(ids: readonly number[]): ReadonlySet<number> {
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['admin', 'product-batches', id] as const,
      queryFn: () => call('GET /api/product/:id/batches', { params: { id } }).then((answer) => answer.data),
      staleTime: 60_000,
      retry: false,
    })),
  });
  return new Set(answers.flatMap((answer) => (answer.data?.track_expiry ? [answer.data.product_id] : [])));
}

/** A date input's value as sent: '' (nothing chosen) is no date. */
export const dayOrNothing = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
