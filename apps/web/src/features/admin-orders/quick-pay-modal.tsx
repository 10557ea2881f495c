import { useMemo, useState } from 'react';
import { FormModal, ModalForm } from '../../components/form-modal';
import { methodLabel, OrderPayments } from '../../components/order-record';
import { TextField } from '../../components/text-field';
import { serverMessage } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { orderListTotal } from '../../lib/money';
import { toast } from '../../lib/toast';
import { isKnownStatus, statusLabel } from './order-bits';
import { ORDER_STATUSES, PAY_METHODS, payOrder, type Order, type Paid, type PayBody } from './orders-api';
import { cancelsPaid, quickPaySchema, RefundChoice, type QuickPayValues } from './quick-pay-refund';

interface QuickPayModalProps {
  order: Order | null;
  onClose: () => void;
  /** The row takes the answer's paid, due and status. */
  onPaid: (id: number, result: Paid) => void;
}

/** "Order Edit": the order's status and a payment received now (POST /api/order/pay/{id}). */
export function QuickPayModal({ order, onClose, onPaid }: QuickPayModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal show={order !== null} id="quick-pay" title={t('adminOrders.pay.title')} onClose={onClose}>
      {order && <QuickPayForm key={order.id} order={order} onClose={onClose} onPaid={onPaid} />}
    </FormModal>
  );
}

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

  const onSubmit = async (values: QuickPayValues) => {
    const { status, paid, method, reference } = values;
    setFailure(null);
    // More than the due is refused here, and nothing is sent.
    if (paid > order.due) {
      setError('paid', { type: 'manual', message: t('adminOrders.pay.amountLarge') });
      return;
    }
    const body: PayBody = { status, paid, method: method ?? 'cash', ...(reference && { reference }) };
    if (cancelsPaid(order, status) && values.back === 'refund') {
      const ref = values.refund_reference;
      body.refund = { method: values.refund_method, ...(ref && { reference: ref }) };
    } else if (cancelsPaid(order, status) && values.back === 'balance') {
      body.refund = { method: 'balance' };
    }
    try {
      onPaid(order.id, await payOrder(order.id, body));
      toast.success(t('adminOrders.pay.saved'));
      onClose();
    } catch (error) {
      setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  // The modal's one error area: the amount's problem, another field's, or the server's.
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
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      submitLabel={t('adminOrders.pay.save')}
      onClose={onClose}
    >
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
      {asking && <RefundChoice order={order} back={watch('back')} register={register} errors={errors} />}
    </ModalForm>
  );
}
