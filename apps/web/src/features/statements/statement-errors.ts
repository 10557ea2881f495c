import { isApiError } from '../../lib/api';

/** The fields of the two calls, as the server names them in a 422's `errors`. */
const FIELDS = ['method', 'file', 'from', 'to', 'trx_column', 'amount_column', 'time_column'] as const;
type StatementField = (typeof FIELDS)[number];

/** One message per field, shown under the control that field belongs to. */
export type StatementErrors = Partial<Record<StatementField, string>>;

/**
 * The first message of each field a 422 names (the server writes them in the screen's language);
 * empty when the error names none of them, so the screen shows its message above the form instead.
 */
export function statementErrorsOf(error: unknown): StatementErrors {
  if (!isApiError(error, 422) || !error.errors) return {};
  const found: StatementErrors = {};
  for (const field of FIELDS) {
    const message = error.errors[field]?.[0];
    if (message) found[field] = message;
  }
  return found;
}
