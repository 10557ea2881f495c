import { useMessages } from '../lib/messages';

/**
 * The message under a form control, with the id its control names in aria-describedby
 * (`describedBy`). Nothing is rendered without a message, so a fixed field loses it at once.
 * A schema's message (the contracts', said by key) is written in the screen's language; the
 * catalogue's and the server's (already in it) are shown as they are.
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
  const inLanguage = useMessages();
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
