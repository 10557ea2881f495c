import { type FormEvent, useState } from 'react';
import { FormModal, ModalForm } from '../../components/form-modal';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { toast } from '../../lib/toast';
import { onlineRefundable, refundOnline, type Order, type Refunded } from './orders-api';

interface RefundOnlineModalProps {
  order: Order | null;
  onClose: () => void;
  /** The row takes the answer's paid and due. */
  onRefunded: (id: number, result: Refunded) => void;
}

/** "Refund": part or all of an order's online payment back through its gateway (bKash, SSLCommerz). */
export function RefundOnlineModal({ order, onClose, onRefunded }: RefundOnlineModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      show={order !== null}
      id="refund-online"
      title={t('adminOrders.refund.title')}
      onClose={onClose}
    >
      {order && <RefundForm key={order.id} order={order} onClose={onClose} onRefunded={onRefunded} />}
    </FormModal>
  );
}

function RefundForm({
  order,
  onClose,
  onRefunded,
}: { order: Order } & Omit<RefundOnlineModalProps, 'order'>) {
  const { t } = useTranslation();
  const most = onlineRefundable(order);
  const [amount, setAmount] = useState(String(most));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(amount);
    if (!/^\d+$/.test(amount.trim()) || n < 1) return setError(t('adminOrders.refund.amountInvalid'));
    if (n > most) return setError(t('adminOrders.refund.tooMuch', { amount: most }));
    if (reason.trim() === '') return setError(t('adminOrders.refund.reasonRequired'));
    setError(null);
    setSending(true);
    try {
      const result = await refundOnline(order.id, { amount: n, reason: reason.trim() });
      onRefunded(order.id, result);
      toast.success(t('adminOrders.refund.done', { amount: n }));
      onClose();
    } catch (failure) {
      // The gateway's refusal (502) or the server's limit (422), in the server's words.
      setError(serverMessage(failure, t('common.somethingWrong')));
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      submitting={sending}
      submitLabel={t('adminOrders.refund.submit')}
      submitClass="btn-danger"
      onClose={onClose}
    >
      <p className="fw-semibold mb-1">
        {t('adminOrders.refund.order', { id: order.id, name: customerName(t, order) })}
      </p>
      <p className="text-secondary small">{t('adminOrders.refund.refundable', { amount: most })}</p>
      <div aria-live="polite">
        {error && (
          <div id="refund-online-error" className="alert alert-danger py-2" role="alert">
            {error}
          </div>
        )}
      </div>
      <div className="mb-3">
        <label htmlFor="refund-online-amount" className="form-label">
          {t('adminOrders.refund.amount')}
        </label>
        <input
          id="refund-online-amount"
          className="form-control"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-describedby={error ? 'refund-online-error' : undefined}
        />
      </div>
      <div className="mb-0">
        <label htmlFor="refund-online-reason" className="form-label">
          {t('adminOrders.refund.reason')}
        </label>
        <input
          id="refund-online-reason"
          className="form-control"
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
    </ModalForm>
  );
}
