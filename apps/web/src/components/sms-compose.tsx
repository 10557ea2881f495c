import { smsTextBody } from '@bazar/contracts/orders';
import { smsSize } from '@bazar/contracts/sms-segments';
import { useState } from 'react';
import { AdminConfirmModal } from './admin-confirm-modal';
import { Link } from 'react-router';
import { serverMessage } from '../lib/form-errors';
import { fieldMessage, useZodForm } from '../lib/forms';
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
  /**
   * How many numbers a send reaches (GET /api/sms-send/{id}); null while it is being counted.
   * Left out for one number (an order's customer).
   */
  recipients?: number | null;
  /** Ask before sending (a send to every customer). */
  confirm?: boolean;
};

/**
 * A page with one SMS text (5 rows) and Send; an empty text, or the server's refusal (429 when the
 * day's SMS budget is spent, in the server's words), shows above the text. Under the text: its
 * length and how many SMS one message takes (160/153 for English letters, 70/67 once a Bangla
 * letter is in it), and with `recipients` how many SMS the whole send costs; with `confirm`, Send
 * asks first.
 */
export function SmsCompose(props: Props) {
  const { id, title, textLabel, sendLabel, back, send, onSent, recipients, confirm = false } = props;
  const { t } = useTranslation();
  const { register, handleSubmit, formState, watch } = useZodForm(smsTextBody, {
    defaultValues: { text: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const message = fieldMessage(formState.errors.text) ?? failure;
  // What the server sends: the text trimmed (smsTextBody).
  const size = smsSize(watch('text').trim());
  const total = recipients === undefined || recipients === null ? undefined : recipients * size.segments;

  const deliver = async (text: string) => {
    setFailure(null);
    setSending(true);
    try {
      await send(text);
      await onSent();
    } catch (error) {
      setFailure(serverMessage(error, t('common.somethingWrong')));
    } finally {
      setSending(false);
    }
  };
  const submit = async ({ text }: { text: string }) => {
    if (confirm) setAsking(text);
    else await deliver(text);
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
              aria-describedby={message ? `${id}-error ${id}-size` : `${id}-size`}
              {...register('text')}
            />
            <div id={`${id}-size`} className="form-text" aria-live="polite" data-testid="sms-size">
              <span className="d-block fw-semibold">
                {t('adminSms.compose.size', { chars: size.units, segments: size.segments })}
              </span>
              <span className="d-block">
                {t(size.encoding === 'ucs2' ? 'adminSms.compose.unicode' : 'adminSms.compose.plain')}
              </span>
              {recipients === undefined ? null : (
                <span className="d-block" data-testid="sms-cost">
                  {total === undefined
                    ? t('adminSms.compose.counting')
                    : t('adminSms.compose.cost', { recipients: recipients ?? 0, total })}
                </span>
              )}
            </div>
          </div>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting || sending}>
            {sendLabel}
          </button>
        </form>
        <AdminConfirmModal
          show={asking !== null}
          title={t('adminSms.compose.confirmTitle')}
          confirmLabel={t('adminSms.compose.confirmSend')}
          pending={sending}
          onClose={() => setAsking(null)}
          onConfirm={() => {
            const text = asking;
            setAsking(null);
            if (text !== null) void deliver(text);
          }}
        >
          {t('adminSms.compose.confirmText', { recipients: recipients ?? 0, total: total ?? 0 })}
        </AdminConfirmModal>
      </div>
    </section>
  );
}
