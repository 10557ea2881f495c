import { ORDER_STATUS } from '@bazar/contracts/orders';

export type StockEffect = 'none' | 'restore' | 'take';

/**
 * The one table of status changes and what each does to stock: the back office may make any
 * change between 0 and 4 (Processing to Canceled); entering Canceled puts the items back, leaving it takes them again.
 */
export function stockEffect(from: number, to: number): StockEffect {
  const canceled = ORDER_STATUS.canceled;
  if (from === to) return 'none';
  if (to === canceled) return 'restore';
  if (from === canceled) return 'take';
  return 'none';
}
