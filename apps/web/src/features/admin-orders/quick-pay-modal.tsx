import { payBody } from '@bazar/contracts/orders';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { z } from 'zod';
import { TextField } from '../../components/text-field';
import { serverMessage } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm } from '../../lib/forms';
import { orderListTotal } from '../../lib/money';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { isKnownStatus, statusLabel } from './order-bits';
import {
  ORDER_STATUSES,
  PAY_METHODS,
  payOrder,
  type Order,
  type PayInput,
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
  const { register, handleSubmit, setError, formState } = useZodForm(payBody, {
    defaultValues: {
      // A status outside 0–4 ("Complete") cannot be sent back; Delivered is the nearest choice.
      status: isKnownStatus(order.status) ? order.status : 3,
      paid: 0,
      method: 'cash',
      reference: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async ({ status, paid, method, reference }: z.output<typeof payBody>) => {
    setFailure(null);
    // Spec §5: more than the due is refused here, and nothing is sent.
    if (paid > order.due) {
      setError('paid', { type: 'manual', message: t('adminOrders.pay.amountLarge') });
      return;
    }
    const body: PayInput = { status, paid, method: method ?? 'cash', ...(reference && { reference }) };
    try {
      const result = await payOrder(order.id, body);
      onPaid(order.id, result);
      toast.success(t('adminOrders.pay.saved'));
      onClose();
    } catch (error) {
      setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  // The modal's one error area (spec §2): the amount's problem, another field's, or the server's.
  const message =
    fieldMessage(errors.paid, t('adminOrders.pay.wholeTaka')) ??
    errors.status?.message ??
    errors.method?.message ??
    errors.reference?.message ??
    failure;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Modal.Body>
        <p className="fw-semibold mb-2">
          {t('adminOrders.pay.order', { id: order.id })} · {order.name}
        </p>
        <dl className="row pay-figures mb-3">
          <dt className="col-5">{t('adminOrders.pay.total')}</dt>
          <dd className="col-7 mb-1">{t('adminOrders.list.amount', { amount: orderListTotal(order) })}</dd>
          <dt className="col-5">{t('adminOrders.pay.paid')}</dt>
          <dd className="col-7 mb-1">{t('adminOrders.list.amount', { amount: order.paid })}</dd>
          <dt className="col-5">{t('adminOrders.pay.due')}</dt>
          <dd className="col-7 mb-0">{t('adminOrders.list.amount', { amount: order.due })}</dd>
        </dl>
        <div aria-live="polite">
          {message && (
            <div id="pay-error" className="alert alert-danger py-2" role="alert">
              {message}
            </div>
          )}
        </div>
        <div className="mb-3">
          <label htmlFor="pay-status" className="form-label">
            {t('adminOrders.pay.status')}
          </label>
          <select id="pay-status" className="form-select" {...numberInput(register, 'status')}>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(t, value)}
              </option>
            ))}
          </select>
        </div>
        <TextField id="pay-due" label={t('adminOrders.pay.dueField')} value={order.due} readOnly />
        {/* An empty amount receives nothing (0): a status change alone. */}
        <TextField
          id="pay-amount"
          label={t('adminOrders.pay.amount')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          invalid={Boolean(errors.paid)}
          aria-describedby={errors.paid ? 'pay-error' : undefined}
          {...numberInput(register, 'paid', { empty: 0 })}
        />
        <div className="mb-3">
          <label htmlFor="pay-method" className="form-label">
            {t('adminOrders.pay.method')}
          </label>
          <select id="pay-method" className="form-select" {...register('method')}>
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
          maxLength={100}
          autoComplete="off"
          className="mb-0"
          {...register('reference')}
        />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminOrders.pay.close')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t('adminOrders.pay.save')}
        </button>
      </Modal.Footer>
    </form>
  );
}
