import { smsTextBody } from '@bazar/contracts/orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../lib/form-errors';
import { useZodForm } from '../lib/forms';
import { useTranslation } from '../lib/i18n/i18n';

type Props = {
  id: string;
  title: string;
  textLabel: string;
  sendLabel: string;
  back: { to: string; label: string };
  /** Sends the text; resolves when the server took it (then `onSent` runs). */
  send: (text: string) => Promise<unknown>;
  onSent: () => void | Promise<void>;
};

/**
 * A page with one SMS text (5 rows) and Send; an empty text, or the server's refusal (429 when the
 * day's SMS budget is spent, in the server's words), shows above the text.
 */
export function SmsCompose({ id, title, textLabel, sendLabel, back, send, onSent }: Props) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useZodForm(smsTextBody, { defaultValues: { text: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const message = formState.errors.text?.message ?? failure;

  const submit = async ({ text }: { text: string }) => {
    setFailure(null);
    try {
      await send(text);
      await onSent();
    } catch (error) {
      setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  return (
    <section className="card shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex align-items-center gap-2 mb-3">
          <Link to={back.to} className="btn btn-outline-secondary" aria-label={back.label}>
            <span aria-hidden="true">←</span>
          </Link>
          <h1 id={`${id}-title`} className="h4 mb-0">
            {title}
          </h1>
        </div>
        <form onSubmit={handleSubmit(submit)} noValidate>
          <div aria-live="polite">
            {message && (
              <div id={`${id}-error`} className="alert alert-danger py-2" role="alert">
                {message}
              </div>
            )}
          </div>
          <div className="mb-3">
            <label htmlFor={`${id}-text`} className="form-label">
              {textLabel}
            </label>
            <textarea
              id={`${id}-text`}
              className={`form-control${formState.errors.text ? ' is-invalid' : ''}`}
              rows={5}
              maxLength={1000}
              aria-invalid={formState.errors.text ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              {...register('text')}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {sendLabel}
          </button>
        </form>
      </div>
    </section>
  );
}
