import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';

/**
 * The text to show for a failed brand or category call: the 422 message of `field` (or of any
 * field), else the server's own message of a 4xx (409 duplicate or in use, 404), else `fallback`.
 */
export function pickerFailure(error: unknown, field: string, fallback: string): string {
  if (isApiError(error, 422) && error.errors) {
    const messages = error.errors[field] ?? Object.values(error.errors)[0];
    if (messages?.[0]) return messages[0];
  }
  return serverMessage(error, fallback);
}
