import { z } from 'zod';
import { label, required, say, tooLong } from './messages';
import { MONEY_MAX, money, wholeNumber } from './numbers';

/** `POST /api/shift/open`: the cash in the drawer when the shift begins. */
export const openShiftBody = z.object({ float: money('json', 'openingFloat') });

/** `POST /api/shift/move`: cash put in (positive) or taken out (negative), and why. */
export const shiftMoveBody = z.object({
  amount: wholeNumber('json', 'amount', -MONEY_MAX, MONEY_MAX).refine(
    (n) => n !== 0,
    say('field.not', { field: label('amount'), value: 0 }),
  ),
  reason: z
    .string({ error: required('reason') })
    .trim()
    .min(1, required('reason'))
    .max(200, tooLong('reason', 200)),
});

/** `POST /api/shift/close`: the cash counted in the drawer. */
export const closeShiftBody = z.object({
  counted: money('json', 'countedCash'),
  note: z.string().trim().max(500).default(''),
});

export const shiftMove = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  created: z.string(),
});

/**
 * A shift and its drawer, from the money ledger: expected = float + cash taken (less change) − cash
 * given back ± cash moved in/out − expenses and suppliers paid from it (`cash_paid_out`). Closed:
 * `expected` as it stood then, `counted` and `difference` (counted − expected).
 */
export const shift = z.object({
  id: z.number().int(),
  cashier: z.string().nullable(),
  opened: z.string(),
  closed: z.string().nullable(),
  opening_float: z.number().int(),
  cash_sales: z.number().int(),
  cash_refunds: z.number().int(),
  cash_moves: z.number().int(),
  cash_paid_out: z.number().int(),
  expected: z.number().int(),
  counted: z.number().int().nullable(),
  difference: z.number().int().nullable(),
  note: z.string(),
  moves: z.array(shiftMove),
});
export type Shift = z.infer<typeof shift>;

/**
 * A shift's Z report (`GET /api/shift/{id}/report`, once it is closed): its sales, returns, refunds
 * and discounts, the drawer's cash in and out with what was expected and counted, and each method's
 * money with its count of payments, all from the money ledger and the orders of the shift.
 */
export const zReport = z.object({
  shift,
  sales: z.object({ count: z.number().int(), amount: z.number().int(), discounts: z.number().int() }),
  voided: z.object({ count: z.number().int(), amount: z.number().int() }),
  returns: z.object({ count: z.number().int(), value: z.number().int() }),
  methods: z.array(
    z.object({
      method: z.string(),
      count: z.number().int(),
      received: z.number().int(),
      refunds: z.number().int(),
      change: z.number().int(),
      net: z.number().int(),
    }),
  ),
});
export type ZReport = z.infer<typeof zReport>;
