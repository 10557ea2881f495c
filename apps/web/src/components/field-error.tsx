import { useTranslation } from '../lib/i18n/i18n';

/**
 * The message under a form control, with the id its control names in aria-describedby
 * (`describedBy`). Nothing is rendered without a message, so a fixed field loses it at once.
 * A schema's English words (the contracts') are shown in the screen's language; the catalogue's
 * and the server's (already in it) are shown as they are.
 */
export function FieldError({
  id,
  message,
  className = '',
}: {
  /** The control's id; the message gets `${id}-error`. */
  id: string;
  message: string | undefined;
  className?: string;
}) {
  const { message: inLanguage } = useTranslation();
  if (!message) return null;
  return (
    <div id={`${id}-error`} className={`invalid-feedback d-block ${className}`.trim()}>
      {inLanguage(message)}
    </div>
  );
}

/** The ids a control's aria-describedby lists: its help text and its message, when shown. */
export const describedBy = (id: string, { help, error }: { help?: unknown; error?: unknown }) =>
  [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
