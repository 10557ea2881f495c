import { MethodSelect } from '../../components/method-select';
import { ORDER_STATUS, payBody, paymentMethodSchema, referenceSchema } from '@bazar/contracts/orders';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { isCancelled, REFUND_METHODS, type Order } from './orders-api';

/** True when saving this status cancels an order that has money paid: the form asks how it goes back. */
export const cancelsPaid = (order: Order, status: unknown) =>
  status === ORDER_STATUS.canceled && !isCancelled(order) && order.paid > 0;

/**
 * The server's pay body (contracts' payBody) with the cancel question as the form asks it: give
 * the money back by a method, keep it as the customer's advance, or leave it recorded as paid.
 */
export function quickPaySchema(order: Order, t: TFunction) {
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
export type QuickPayValues = z.output<ReturnType<typeof quickPaySchema>>;
type QuickPayInput = z.input<ReturnType<typeof quickPaySchema>>;

/**
 * Cancelling a paid order: how the money goes back (a refund by a method, the customer's advance,
 * or kept as paid). Its problem is said in the form's error area (`pay-error`).
 */
export function RefundChoice({
  order,
  back,
  register,
  errors,
}: {
  order: Order;
  back: string | undefined;
  register: UseFormRegister<QuickPayInput>;
  errors: FieldErrors<QuickPayInput>;
}) {
  const { t } = useTranslation();
  const choice = (id: string, value: 'refund' | 'balance' | 'keep', label: string, last = false) => (
    <div className={`form-check${last ? ' mb-0' : ''}`}>
      <input id={id} type="radio" value={value} className="form-check-input" {...register('back')} />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
  return (
    <fieldset
      className={`refund-choice border rounded p-2${errors.back ? ' border-danger' : ''}`}
      aria-describedby={errors.back ? 'pay-error' : undefined}
    >
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-1">
        {t('adminOrders.pay.refund.legend', { amount: order.paid })}
      </legend>
      {choice('refund-back', 'refund', t('adminOrders.pay.refund.back'))}
      {back === 'refund' && (
        <div className="row g-2 ms-3 mb-2">
          <div className="col-12 col-sm-6">
            <MethodSelect
              id="refund-method"
              label={t('adminOrders.pay.refund.method')}
              labelClassName="form-label small mb-1"
              className="form-select form-select-sm"
              methods={REFUND_METHODS}
              {...register('refund_method')}
            />
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
      {choice('refund-advance', 'balance', t('adminOrders.pay.refund.advance'))}
      {choice('refund-keep', 'keep', t('adminOrders.pay.refund.keep'), true)}
    </fieldset>
  );
}
