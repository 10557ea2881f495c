import type { AnswerOf, Api } from '@bazar/contracts/api';
import { customerPayBody } from '@bazar/contracts/customers';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { MethodSelect } from '../../components/method-select';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm, numberField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { CUSTOMER_DUES_KEY, CUSTOMERS_LIST_KEY, payCustomerDues, type DuesPayment } from './customers-api';

/** Dues are taken in hand: cash, bKash, Nagad or card (not from the advance). */
const METHODS: readonly DuesPayment['method'][] = ['cash', 'bkash', 'nagad', 'card'];
const FIELDS = ['amount', 'method', 'reference'] as const;

type Settled = AnswerOf<Api['POST /api/customer/pay/:id']>['data'] & { amount: number };

/**
 * "Take a payment": an amount against the customer's dues (POST /api/customer/pay/{id}); the
 * server settles the oldest orders first. More than they owe is refused here ("Amount is large").
 */
export function DuesPaymentForm({ customerId, owed }: { customerId: number; owed: number }) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState<Settled | null>(null);
  // Each payment starts a fresh form (an empty amount) that keeps the method and the SMS choice.
  const [round, setRound] = useState({ n: 0, method: 'cash' as DuesPayment['method'], sms: false });

  return (
    <section className="border rounded p-3" aria-labelledby="dues-pay-title">
      <h2 id="dues-pay-title" className="h5 mb-3">
        {t('adminCustomers.page.pay')}
      </h2>
      <PayForm
        key={round.n}
        customerId={customerId}
        owed={owed}
        method={round.method}
        sms={round.sms}
        onPaid={(result, values) => {
          setSettled(result);
          setRound((current) => ({ n: current.n + 1, ...values }));
        }}
      />
      {settled && (
        <div className="alert alert-success mt-3 mb-0 py-2" role="status" data-testid="dues-settled">
          <p className="fw-semibold mb-1">
            {t('adminCustomers.page.saved', { amount: settled.amount, due: settled.due })}
          </p>
          <ul className="mb-0 ps-3 small">
            {settled.paid.map((item) => (
              <li key={item.order_id}>
                {t('adminCustomers.page.settled', { amount: item.amount, id: item.order_id })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

interface PayFormProps {
  customerId: number;
  owed: number;
  method: DuesPayment['method'];
  sms: boolean;
  onPaid: (result: Settled, keep: { method: DuesPayment['method']; sms: boolean }) => void;
}

function PayForm({ customerId, owed, method, sms, onPaid }: PayFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState } = useZodForm(customerPayBody, {
    defaultValues: { amount: undefined, method, reference: '', sms },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (values: z.output<typeof customerPayBody>) => {
    setFailure(null);
    if (values.amount > owed) {
      setError('amount', { type: 'manual', message: t('adminCustomers.page.amountLarge') });
      return;
    }
    const body: DuesPayment = {
      amount: values.amount,
      method: values.method,
      sms: values.sms,
      ...(values.reference && { reference: values.reference }),
    };
    try {
      const answer = await payCustomerDues(customerId, body);
      toast.success(t('adminCustomers.page.saved', { amount: values.amount, due: answer.due }));
      // The dues page and the list's Due column read the server again.
      void queryClient.invalidateQueries({ queryKey: CUSTOMER_DUES_KEY });
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_LIST_KEY });
      onPaid({ amount: values.amount, ...answer }, { method: values.method, sms: values.sms });
    } catch (error) {
      if (!setServerErrors(error, setError, FIELDS))
        setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <fieldset disabled={owed === 0 || isSubmitting}>
        <TextField
          id="dues-amount"
          label={t('adminCustomers.page.amount')}
          help={t('adminCustomers.page.amountHelp', { due: owed })}
          {...numberField('whole')}
          max={owed}
          step={1}
          autoComplete="off"
          error={fieldMessage(errors.amount, t('adminCustomers.page.amountInvalid'))}
          {...numberInput(register, 'amount')}
        />
        <div className="mb-3">
          <MethodSelect
            id="dues-method"
            label={t('adminCustomers.page.method')}
            methods={METHODS}
            {...register('method')}
          />
        </div>
        <TextField
          id="dues-reference"
          label={t('adminCustomers.page.reference')}
          help={t('adminCustomers.page.referenceHelp')}
          maxLength={20}
          autoComplete="off"
          error={errors.reference?.message}
          {...register('reference')}
        />
        <div className="form-check mb-3">
          <input id="dues-sms" type="checkbox" className="form-check-input" {...register('sms')} />
          <label htmlFor="dues-sms" className="form-check-label">
            {t('adminCustomers.page.sms')}
          </label>
        </div>
        <div aria-live="polite">
          {failure && (
            <div className="alert alert-danger py-2" role="alert">
              {failure}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-primary w-100">
          {isSubmitting ? t('adminCustomers.page.saving') : t('adminCustomers.page.save')}
        </button>
      </fieldset>
    </form>
  );
}
