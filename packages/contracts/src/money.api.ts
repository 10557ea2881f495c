import { z } from 'zod';
import { listOf } from './common';
import type { Endpoints } from './endpoint';
import { MONEY_CHECKS } from './money';

/**
 * A figure that does not match the money ledger: which check, the row (an order, a customer, a
 * supplier, a payment, an expense, a shift or a drawer move by id), what the row says and what the
 * ledger adds up to.
 */
export const moneyMismatch = z.object({
  check: z.enum(MONEY_CHECKS),
  id: z.number().int(),
  recorded: z.number().int(),
  ledger: z.number().int(),
});
export type MoneyMismatch = z.infer<typeof moneyMismatch>;

/** The money ledger's audit (apps/server/src/modules/money). */
export const moneyApi = {
  'GET /api/money/check': { answer: listOf(moneyMismatch) },
} as const satisfies Endpoints;
