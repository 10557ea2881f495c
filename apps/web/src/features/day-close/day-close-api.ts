import type { DayClose } from '@bazar/contracts/money.api';
import { call } from '../../lib/api';

export type { DayClose };

/** The day's query key; '' is "today" as the server counts it (its shop day). */
export const dayCloseKey = (date: string) => ['admin', 'day-close', date] as const;

/** A shop day's close from the money ledger; today on the server's clock when `date` is ''. */
export const fetchDayClose = (date: string) =>
  call('GET /api/day-close', { query: { date } }).then((answer) => answer.data);

/** The YYYY-MM-DD day `by` days after `day` (calendar arithmetic in UTC: a day has no zone). */
export function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}
