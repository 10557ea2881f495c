import { z } from 'zod';
import { listOf } from './common';
import type { Endpoints } from './endpoint';
import { MONEY_CHECKS } from './money';
import { dayFilter } from './numbers';
import { statementColumns, statementMatch } from './statements';

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

/** `GET /api/day-close`: the shop day to close (today when left out). */
export const dayCloseQuery = z.object({ date: dayFilter('date') });

/**
 * One way money came in or went out on the day: what was taken (`received`: payment rows, cash as
 * handed over), in how many payments and with how many distinct references (bKash TrxIDs, gateway
 * ids: what a statement is matched by), what was given back (`refunds`) and, for cash, the change
 * handed back; `net` = received − refunds − change.
 */
export const dayCloseMethod = z.object({
  method: z.string(),
  received: z.number().int(),
  count: z.number().int(),
  references: z.number().int(),
  refunds: z.number().int(),
  change: z.number().int(),
  net: z.number().int(),
});

/** A shift of the day: its drawer's expected cash (as it closed, or now), counted and difference. */
export const dayCloseShift = z.object({
  id: z.number().int(),
  cashier: z.string().nullable(),
  opened: z.string(),
  closed: z.string().nullable(),
  float: z.number().int(),
  expected: z.number().int(),
  counted: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});

/**
 * The day close: a shop day's money from the money ledger, by method, with the cash drawers. The
 * cash "in drawer (expected)" is every cash row of the day: floats, cash sales less change, cash
 * refunds, cash put in or taken out, expenses and suppliers paid in cash; the same number the till
 * shows for its shift and Analytics for the day, when the day's cash went through one shift.
 */
export const dayClose = z.object({
  day: z.string(),
  methods: z.array(dayCloseMethod),
  cash: z.object({
    float: z.number().int(),
    /** Cash taken for sales and dues, less change. */
    sales: z.number().int(),
    refunds: z.number().int(),
    /** Put in (+) or taken out (−) with a reason. */
    moves: z.number().int(),
    expenses: z.number().int(),
    suppliers: z.number().int(),
    expected: z.number().int(),
    /** Of it, what went through no till shift (the back office's cash). */
    outside_shifts: z.number().int(),
    /** The closed shifts' counts, and counted − what those shifts expected (null: none closed). */
    counted: z.number().int().nullable(),
    difference: z.number().int().nullable(),
  }),
  shifts: z.array(dayCloseShift),
  /** Credit: what the day's sales left owing, and what customers paid of earlier orders. */
  dues: z.object({ given: z.number().int(), collected: z.number().int() }),
  /** Customers' advances: put in (+) and used (as a positive amount). */
  advance: z.object({ added: z.number().int(), used: z.number().int() }),
  /** Paid to suppliers by every method (cash is also in `cash.suppliers`). */
  suppliers: z.number().int(),
  expenses: z.number().int(),
});
export type DayClose = z.infer<typeof dayClose>;

/** The money ledger's audit, the day close and statement matching (apps/server/src/modules/money). */
export const moneyApi = {
  'GET /api/money/check': { answer: listOf(moneyMismatch) },
  'GET /api/day-close': { query: dayCloseQuery, answer: z.object({ data: dayClose }) },
  'POST /api/statements/columns': { body: 'form', answer: z.object({ data: statementColumns }) },
  'POST /api/statements/match': { body: 'form', answer: z.object({ data: statementMatch }) },
} as const satisfies Endpoints;
