import { z } from 'zod';
import { dateRangeQuery } from './cash';

/**
 * `GET /api/analytics/staff`: the shop days from..to (YYYY-MM-DD in the shop's time zone), read as
 * `GET /api/shifts` and `GET /api/daily-report` read theirs; an empty end is open.
 */
export const staffDaysQuery = dateRangeQuery;

/**
 * What one member of staff did on one shop day: till sales (not cancelled) and their total
 * (subtotal + ship − discount), returns taken and what they were worth, the discounts given, the
 * till sales they voided (cancelled, or deleted while not cancelled), and the cash difference of
 * their shifts closed that day (counted − expected: below 0 short, above 0 over). Whole taka.
 */
export const staffDay = z.object({
  day: z.string(),
  staff_id: z.number().int(),
  name: z.string(),
  sales: z.number().int(),
  sales_total: z.number().int(),
  returns: z.number().int(),
  returns_value: z.number().int(),
  discounts: z.number().int(),
  voids: z.number().int(),
  cash_difference: z.number().int(),
});
export type StaffDay = z.infer<typeof staffDay>;
