import type { TFunction } from '../../lib/i18n/i18n';
import { isApiError } from '../../lib/api';
import { isServerFailure } from '../../lib/form-errors';

/**
 * The text for a failed account call: the spec's message for a refused answer; the server's own
 * words when it asks to slow down (429) or to come back in a moment (503 `busy`: its password
 * checks are full); a general message when no usable answer came back.
 */
export function failureText(error: unknown, refused: string, t: TFunction): string {
  if (isApiError(error, 429) || (isApiError(error, 503) && error.code === 'busy')) return error.message;
  if (isServerFailure(error)) return t('common.somethingWrong');
  return refused;
}
