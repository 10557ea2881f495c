import type { Shrinkage } from '@bazar/contracts/stocktakes';
import { call } from '../../lib/api';
import type { DayRange } from '../../lib/shop-time';

export type { Shrinkage };

/** GET /api/reports/shrinkage for a range of shop days (an empty end is open). */
export const shrinkageKey = (range: DayRange) => ['admin', 'shrinkage', range.from, range.to] as const;

export const fetchShrinkage = (range: DayRange) =>
  call('GET /api/reports/shrinkage', {
    query: { ...(range.from && { from: range.from }), ...(range.to && { to: range.to }) },
  }).then((answer) => answer.data);
