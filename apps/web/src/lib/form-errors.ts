import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';
import { messageInLanguage } from './messages';

/**
 * Puts the messages of a 422 answer under the form's own fields.
 * Returns false when the error carries no message for any of them.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error, 422) || !error.errors) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.errors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** True when no usable answer came back: the network failed or the server broke (5xx). */
export const isServerFailure = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * The server's own message for a refused request (4xx), or `fallback` when no usable answer came.
 * The server writes it in the screens' language (Accept-Language); one this app made itself (the
 * till's own lookups) is written here.
 */
export const serverMessage = (error: unknown, fallback: string) =>
  // A payment gateway's refusal (502 payment_failed) is the server's own words for the screen.
  isApiError(error) && (!isServerFailure(error) || error.code === 'payment_failed')
    ? messageInLanguage(error.message)
    : fallback;
