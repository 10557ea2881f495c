import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../lib/form-errors';
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

/** A page with one SMS text (5 rows) and Send; the server's refusal shows above the text. */
export function SmsCompose({ id, title, textLabel, sendLabel, back, send, onSent }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setPending(true);
    try {
      await send(text);
      await onSent();
    } catch (error) {
      setMessage(serverMessage(error, t('common.somethingWrong')));
      setPending(false);
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
        <form onSubmit={(event) => void submit(event)} noValidate>
          <div aria-live="polite">
            {message && (
              <div className="alert alert-danger py-2" role="alert">
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
              className="form-control"
              rows={5}
              maxLength={1000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {sendLabel}
          </button>
        </form>
      </div>
    </section>
  );
}
