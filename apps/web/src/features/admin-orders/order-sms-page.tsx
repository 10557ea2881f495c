import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { sendOrderSms } from './orders-api';

/** /admin/order/send-sms/{id}: an SMS to the order's customer; afterwards back to the orders. */
export function OrderSmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (!Number.isInteger(id) || id <= 0) return <NotFound />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setPending(true);
    try {
      await sendOrderSms(id, text);
      toast.success(t('adminOrders.sms.sent'));
      await navigate('/admin/orders');
    } catch (error) {
      setMessage(serverMessage(error, t('common.somethingWrong')));
      setPending(false);
    }
  };

  return (
    <section className="card shadow-sm" aria-labelledby="order-sms-title">
      <div className="card-body">
        <div className="d-flex align-items-center gap-2 mb-3">
          <Link
            to="/admin/orders"
            className="btn btn-outline-secondary"
            aria-label={t('adminOrders.sms.back')}
          >
            <span aria-hidden="true">←</span>
          </Link>
          <h1 id="order-sms-title" className="h4 mb-0">
            {t('adminOrders.sms.title', { id })}
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
            <label htmlFor="order-sms-text" className="form-label">
              {t('adminOrders.sms.text')}
            </label>
            <textarea
              id="order-sms-text"
              className="form-control"
              rows={5}
              maxLength={1000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {t('adminOrders.sms.send')}
          </button>
        </form>
      </div>
    </section>
  );
}
