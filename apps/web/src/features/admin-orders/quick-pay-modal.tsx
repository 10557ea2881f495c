import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { TextField } from '../../components/text-field';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { isKnownStatus, statusLabel } from './order-bits';
import {
  ORDER_STATUSES,
  orderTotal,
  PAY_METHODS,
  payOrder,
  type Order,
  type PayInput,
  type PayMethod,
  type PayResult,
} from './orders-api';

interface QuickPayModalProps {
  order: Order | null;
  onClose: () => void;
  /** The row takes the answer's paid, due and status (spec §4). */
  onPaid: (id: number, result: PayResult) => void;
}

/** "Order Edit": the order's status and a payment received now (POST /api/order/pay/{id}). */
export function QuickPayModal({ order, onClose, onPaid }: QuickPayModalProps) {
  const { t } = useTranslation();
  return (
    <Modal show={order !== null} onHide={onClose} centered aria-labelledby="quick-pay-title">
      <Modal.Header closeButton closeLabel={t('adminOrders.pay.close')}>
        <Modal.Title as="h2" id="quick-pay-title" className="h5">
          {t('adminOrders.pay.title')}
        </Modal.Title>
      </Modal.Header>
      {order && <QuickPayForm key={order.id} order={order} onClose={onClose} onPaid={onPaid} />}
    </Modal>
  );
}

function QuickPayForm({ order, onClose, onPaid }: { order: Order } & Omit<QuickPayModalProps, 'order'>) {
  const { t } = useTranslation();
  // A status outside 0–4 ("Complete") cannot be sent back; Delivered is the nearest choice.
  const [status, setStatus] = useState<number>(isKnownStatus(order.status) ? order.status : 3);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PayMethod>('cash');
  const [reference, setReference] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = amount.trim();
    const paid = text === '' ? 0 : Number(text);
    if (!Number.isInteger(paid) || paid < 0) {
      setMessage(t('adminOrders.pay.wholeTaka'));
      return;
    }
    // Spec §5: more than the due is refused here, and nothing is sent.
    if (paid > order.due) {
      setMessage(t('adminOrders.pay.amountLarge'));
      return;
    }
    setMessage(null);
    const body: PayInput = { status, paid, method };
    if (reference.trim()) body.reference = reference.trim();
    setPending(true);
    try {
      const result = await payOrder(order.id, body);
      onPaid(order.id, result);
      toast.success(t('adminOrders.pay.saved'));
      onClose();
    } catch (error) {
      setMessage(serverMessage(error, t('common.somethingWrong')));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Modal.Body>
        <p className="fw-semibold mb-2">
          {t('adminOrders.pay.order', { id: order.id })} · {order.name}
        </p>
        <dl className="row pay-figures mb-3">
          <dt className="col-5">{t('adminOrders.pay.total')}</dt>
          <dd className="col-7 mb-1">{t('adminOrders.list.amount', { amount: orderTotal(order) })}</dd>
          <dt className="col-5">{t('adminOrders.pay.paid')}</dt>
          <dd className="col-7 mb-1">{t('adminOrders.list.amount', { amount: order.paid })}</dd>
          <dt className="col-5">{t('adminOrders.pay.due')}</dt>
          <dd className="col-7 mb-0">{t('adminOrders.list.amount', { amount: order.due })}</dd>
        </dl>
        <div aria-live="polite">
          {message && (
            <div className="alert alert-danger py-2" role="alert">
              {message}
            </div>
          )}
        </div>
        <div className="mb-3">
          <label htmlFor="pay-status" className="form-label">
            {t('adminOrders.pay.status')}
          </label>
          <select
            id="pay-status"
            className="form-select"
            value={status}
            onChange={(event) => setStatus(Number(event.target.value))}
          >
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(t, value)}
              </option>
            ))}
          </select>
        </div>
        <TextField id="pay-due" label={t('adminOrders.pay.dueField')} value={order.due} readOnly />
        <TextField
          id="pay-amount"
          label={t('adminOrders.pay.amount')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <div className="mb-3">
          <label htmlFor="pay-method" className="form-label">
            {t('adminOrders.pay.method')}
          </label>
          <select
            id="pay-method"
            className="form-select"
            value={method}
            onChange={(event) => setMethod(event.target.value as PayMethod)}
          >
            {PAY_METHODS.map((value) => (
              <option key={value} value={value}>
                {t(`adminOrders.pay.methods.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="pay-reference"
          label={t('adminOrders.pay.reference')}
          help={t('adminOrders.pay.referenceHelp')}
          value={reference}
          maxLength={100}
          onChange={(event) => setReference(event.target.value)}
          autoComplete="off"
          className="mb-0"
        />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminOrders.pay.close')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('adminOrders.pay.save')}
        </button>
      </Modal.Footer>
    </form>
  );
}
