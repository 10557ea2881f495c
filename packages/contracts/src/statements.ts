import { z } from 'zod';
import { required, say } from './messages';
import { dayFilter } from './numbers';

/**
 * Matching a merchant statement (a bKash or Nagad merchant statement, a card terminal's or
 * SSLCommerz's settlement) with what the shop recorded: by transaction id against the money
 * ledger's payments and refunds of that method.
 */
export const STATEMENT_METHODS = ['bkash', 'nagad', 'card', 'sslcommerz'] as const;
export type StatementMethod = (typeof STATEMENT_METHODS)[number];

const method = z.enum(STATEMENT_METHODS, { error: say('statements.method') });
/** A column named as the file's header row names it. */
const column = z.string().trim().max(200);

/** `POST /api/statements/columns` (multipart, with `file`): which columns the file has. */
export const statementColumnsFields = z.object({ method });

/** The columns that hold the transaction id, the amount and (optionally) the time. */
export const statementMapping = z.object({ trx: z.string(), amount: z.string(), time: z.string() });
export type StatementMapping = z.infer<typeof statementMapping>;

export const statementColumns = z.object({
  /** The header row's cells (the first row of the file with three or more cells filled). */
  header: z.array(z.string()),
  /** The first few data rows, as the file has them. */
  sample: z.array(z.array(z.string())),
  /** The columns remembered for this method, or guessed from the header's names; null: none fits. */
  mapping: statementMapping.nullable(),
  remembered: z.boolean(),
});
export type StatementColumns = z.infer<typeof statementColumns>;

/**
 * `POST /api/statements/match` (multipart, with `file`): the method, the columns (remembered for
 * the method afterwards) and the shop days the statement covers (from its time column when left
 * out).
 */
export const statementMatchFields = z.object({
  method,
  trx_column: column.min(1, required('trxColumn')),
  amount_column: column.min(1, required('amountColumn')),
  time_column: column.default(''),
  from: dayFilter('fromDate'),
  to: dayFilter('toDate'),
});

/** A payment or refund the shop recorded (the money ledger). */
const shopRow = z.object({
  reference: z.string(),
  /** Signed: a payment in is positive, a refund negative. */
  amount: z.number().int(),
  kind: z.enum(['payment', 'refund']),
  order_id: z.number().int().nullable(),
  at: z.string(),
});

/** A row of the statement: its row number in the file, the id, the amount and the time as written. */
const statementRow = z.object({
  row: z.number().int(),
  reference: z.string(),
  amount: z.number(),
  time: z.string(),
});

export const statementMatch = z.object({
  method,
  from: z.string(),
  to: z.string(),
  /** Found on both sides; `differs` when the amounts are not the same (in whole taka, sign aside). */
  matched: z.array(z.object({ shop: shopRow, statement: statementRow, differs: z.boolean() })),
  /** Recorded by the shop in those days, and not on the statement. */
  missing: z.array(shopRow),
  /** On the statement, and never recorded by the shop. */
  extra: z.array(statementRow),
  /** Statement rows with no transaction id (headers, totals, blank lines between sections). */
  skipped: z.number().int(),
});
export type StatementMatch = z.infer<typeof statementMatch>;
