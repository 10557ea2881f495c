import { ORDER_STATUS, payBody, paymentMethodSchema, referenceSchema } from '@bazar/contracts/orders';
import { useMemo, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { z } from 'zod';
import { TextField } from '../../components/text-field';
import { serverMessage } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { orderListTotal } from '../../lib/money';
import { methodLabel, OrderPayments } from '../../components/order-record';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { toast } from '../../lib/toast';
import { isKnownStatus, statusLabel } from './order-bits';
import {
  isCancelled,
  ORDER_STATUSES,
  PAY_METHODS,
  payOrder,
  REFUND_METHODS,
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

/** True when saving this status cancels an order that has money paid: the form asks how it goes back. */
const cancelsPaid = (order: Order, status: unknown) =>
  status === ORDER_STATUS.canceled && !isCancelled(order) && order.paid > 0;

/**
 * The server's pay body (contracts' payBody) with the cancel question as the form asks it: give
 * the money back by a method, keep it as the customer's advance, or leave it recorded as paid.
 */
function quickPaySchema(order: Order, t: TFunction) {
  return payBody
    .omit({ refund: true })
    .extend({
      back: z.enum(['', 'refund', 'balance', 'keep']),
      refund_method: paymentMethodSchema,
      refund_reference: referenceSchema,
    })
    .superRefine((values, ctx) => {
      if (cancelsPaid(order, values.status) && values.back === '') {
        ctx.addIssue({ code: 'custom', path: ['back'], message: t('adminOrders.pay.refund.choose') });
      }
    });
}
type QuickPayValues = z.output<ReturnType<typeof quickPaySchema>>;

function QuickPayForm({ order, onClose, onPaid }: { order: Order } & Omit<QuickPayModalProps, 'order'>) {
  const { t } = useTranslation();
  const schema = useMemo(() => quickPaySchema(order, t), [order, t]);
  const { register, handleSubmit, setError, watch, formState } = useZodForm(schema, {
    defaultValues: {
      // A status outside 0–4 ("Complete") cannot be sent back; Delivered is the nearest choice.
      status: isKnownStatus(order.status) ? order.status : 3,
      paid: 0,
      method: 'cash',
      reference: '',
      back: '',
      refund_method: 'cash',
      refund_reference: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);
  const asking = cancelsPaid(order, watch('status'));
  const back = watch('back');

  const onSubmit = async (values: QuickPayValues) => {
    const { status, paid, method, reference } = values;
    setFailure(null);
    // Spec §5: more than the due is refused here, and nothing is sent.
    if (paid > order.due) {
      setError('paid', { type: 'manual', message: t('adminOrders.pay.amountLarge') });
      return;
    }
    const body: PayInput = { status, paid, method: method ?? 'cash', ...(reference && { reference }) };
    if (cancelsPaid(order, status) && values.back === 'refund') {
      const ref = values.refund_reference;
      body.refund = { method: values.refund_method, ...(ref && { reference: ref }) };
    } else if (cancelsPaid(order, status) && values.back === 'balance') {
      body.refund = { method: 'balance' };
    }
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
    errors.back?.message ??
    errors.refund_method?.message ??
    errors.refund_reference?.message ??
    failure;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Modal.Body>
        <p className="fw-semibold mb-2">
          {t('adminOrders.pay.order', { id: order.id })} · {customerName(t, order)}
        </p>
        <dl className="row pay-figures mb-3">
          <dt className="col-5">{t('adminOrders.pay.total')}</dt>
          <dd className="col-7 mb-1">{t('adminOrders.list.amount', { amount: orderListTotal(order) })}</dd>
          <dt className="col-5">{t('adminOrders.pay.paid')}</dt>
          <dd className="col-7 mb-1">{t('adminOrders.list.amount', { amount: order.paid })}</dd>
          <dt className="col-5">{t('adminOrders.pay.due')}</dt>
          <dd className="col-7 mb-0">{t('adminOrders.list.amount', { amount: order.due })}</dd>
        </dl>
        <OrderPayments order={order} className="small mb-3" />
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
          {...numberField('whole')}
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
                {methodLabel(t, value)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="pay-reference"
          label={t('adminOrders.pay.reference')}
          help={t('adminOrders.pay.referenceHelp')}
          maxLength={20}
          autoComplete="off"
          className={asking ? 'mb-3' : 'mb-0'}
          {...register('reference')}
        />
        {asking && (
          <fieldset
            className={`refund-choice border rounded p-2${errors.back ? ' border-danger' : ''}`}
            aria-describedby={errors.back ? 'pay-error' : undefined}
          >
            <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-1">
              {t('adminOrders.pay.refund.legend', { amount: order.paid })}
            </legend>
            <div className="form-check">
              <input
                id="refund-back"
                type="radio"
                value="refund"
                className="form-check-input"
                {...register('back')}
              />
              <label htmlFor="refund-back" className="form-check-label">
                {t('adminOrders.pay.refund.back')}
              </label>
            </div>
            {back === 'refund' && (
              <div className="row g-2 ms-3 mb-2">
                <div className="col-12 col-sm-6">
                  <label htmlFor="refund-method" className="form-label small mb-1">
                    {t('adminOrders.pay.refund.method')}
                  </label>
                  <select
                    id="refund-method"
                    className="form-select form-select-sm"
                    {...register('refund_method')}
                  >
                    {REFUND_METHODS.map((value) => (
                      <option key={value} value={value}>
                        {methodLabel(t, value)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="col-12 col-sm-6">
                  <label htmlFor="refund-reference" className="form-label small mb-1">
                    {t('adminOrders.pay.refund.reference')}
                  </label>
                  <input
                    id="refund-reference"
                    className="form-control form-control-sm"
                    maxLength={20}
                    autoComplete="off"
                    {...register('refund_reference')}
                  />
                </div>
              </div>
            )}
            <div className="form-check">
              <input
                id="refund-advance"
                type="radio"
                value="balance"
                className="form-check-input"
                {...register('back')}
              />
              <label htmlFor="refund-advance" className="form-check-label">
                {t('adminOrders.pay.refund.advance')}
              </label>
            </div>
            <div className="form-check mb-0">
              <input
                id="refund-keep"
                type="radio"
                value="keep"
                className="form-check-input"
                {...register('back')}
              />
              <label htmlFor="refund-keep" className="form-check-label">
                {t('adminOrders.pay.refund.keep')}
              </label>
            </div>
          </fieldset>
        )}
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
