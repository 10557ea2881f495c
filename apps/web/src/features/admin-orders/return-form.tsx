import { useApproval, withApproval } from '../till/till-staff';
import { MethodSelect } from '../../components/method-select';
import type { ReturnBody } from '@bazar/contracts/orders';
import { useMemo, useState } from 'react';
import { ModalForm } from '../../components/form-modal';
import { errorAt, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { returnMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import { returnOrder, type Order, type PaymentMethod } from './orders-api';
import { ReturnLine } from './return-line';
import {
  BACK_METHODS,
  quantityOf,
  returnFailure,
  returnSchema,
  type ReturnRow,
  type ReturnValues,
} from './return-rows';

/** A saved return: its id, and the money given back and how. */
export interface ReturnDone {
  id: number;
  refund: number;
  method: PaymentMethod;
}

/** The return's lines (a quantity each), the money back and its method, and a reason. */
export function ReturnForm({
  order,
  rows,
  onClose,
  onDone,
}: {
  order: Order;
  rows: readonly ReturnRow[];
  onClose: () => void;
  /** Gets the order after the return, and what the dialog then says. */
  onDone: (order: Order, done: ReturnDone) => void;
}) {
  const { t } = useTranslation();
  const approval = useApproval();
  const schema = useMemo(() => returnSchema(rows, t), [rows, t]);
  const { register, handleSubmit, setValue, watch, formState } = useZodForm(schema, {
    defaultValues: {
      lines: rows.map(() => ({ quantity: undefined })),
      method: 'cash',
      reference: '',
      reason: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string[]>([]);
  const amount = (n: number) => t('adminOrders.returns.amount', { amount: n });

  // What the server will count for the quantities typed so far (those it would accept).
  const typed = watch('lines');
  const back = rows.flatMap((row, index) => {
    const quantity = typed[index]?.quantity;
    return typeof quantity === 'number' && quantityOf.safeParse(quantity).success
      ? [{ price: row.price, quantity }]
      : [];
  });
  const money = returnMoney(order, back);

  const onSubmit = async (values: ReturnValues) => {
    setFailure([]);
    const picked = rows.flatMap((row, index) => {
      const quantity = values.lines[index]?.quantity;
      return quantity === undefined ? [] : [{ row, quantity }];
    });
    const sent = returnMoney(
      order,
      picked.map(({ row, quantity }) => ({ price: row.price, quantity })),
    );
    const body: ReturnBody = {
      lines: picked.map(({ row, quantity }) => ({ product_id: row.product_id, quantity })),
      reason: values.reason,
    };
    if (sent.refund > 0) {
      body.refund = {
        method: values.method,
        amount: sent.refund,
        ...(values.reference && { reference: values.reference }),
      };
    }
    try {
      const answer = await withApproval(
        approval.ask,
        () => t('adminTill.staff.kinds.return'),
        (given) => returnOrder(order.id, { ...body, ...(given && { approval: given }) }),
      );
      toast.success(t('adminOrders.returns.saved', { id: answer.id }));
      onDone(answer.order, { id: answer.id, refund: sent.refund, method: values.method });
    } catch (error) {
      setFailure(returnFailure(error, t));
    }
  };

  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  const messages = [linesError, errors.reference?.message, errors.reason?.message, ...failure].filter(
    (text): text is string => Boolean(text),
  );

  return (
    <>
      {/* Outside the form: a submit in the approval dialog must not reach this form (portals pass events up). */}
      {approval.dialog}
      <ModalForm
        onSubmit={handleSubmit(onSubmit)}
        submitting={isSubmitting}
        submitLabel={isSubmitting ? t('adminOrders.returns.saving') : t('adminOrders.returns.save')}
        onClose={onClose}
      >
        <p className="fw-semibold mb-2">
          {t('adminOrders.returns.order', { id: order.id, name: customerName(t, order) })}
        </p>
        <div aria-live="polite">
          {messages.length > 0 && (
            <div id="return-error" className="alert alert-danger py-2" role="alert">
              {messages.map((text) => (
                <div key={text}>{text}</div>
              ))}
            </div>
          )}
        </div>
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-2">{t('adminOrders.returns.lines')}</legend>
          <ul className="list-group return-lines">
            {rows.map((row, index) => (
              <ReturnLine
                key={row.product_id}
                row={row}
                index={index}
                register={register}
                error={errorAt(errors, `lines.${index}.quantity`)}
                onAll={() =>
                  setValue(`lines.${index}.quantity`, row.left, { shouldValidate: formState.isSubmitted })
                }
              />
            ))}
          </ul>
        </fieldset>

        <dl className="return-money mb-3" aria-live="polite">
          <dt>{t('adminOrders.returns.value')}</dt>
          <dd data-testid="return-value">{amount(money.value)}</dd>
          <dt>{t('adminOrders.returns.newTotal')}</dt>
          <dd>{amount(money.total)}</dd>
          <dt className="fw-semibold">{t('adminOrders.returns.moneyBack')}</dt>
          <dd className="fw-semibold" data-testid="return-refund">
            {amount(money.refund)}
          </dd>
        </dl>

        {money.refund > 0 ? (
          <div className="row g-2 mb-3">
            <div className="col-12 col-sm-6">
              <MethodSelect
                id="return-method"
                label={t('adminOrders.returns.method')}
                methods={BACK_METHODS}
                {...register('method')}
              />
            </div>
            <div className="col-12 col-sm-6">
              <label htmlFor="return-reference" className="form-label">
                {t('adminOrders.returns.reference')}
              </label>
              <input
                id="return-reference"
                className={`form-control${errors.reference ? ' is-invalid' : ''}`}
                maxLength={20}
                autoComplete="off"
                {...register('reference')}
              />
            </div>
          </div>
        ) : (
          <p className="small text-secondary mb-3">{t('adminOrders.returns.nothingBack')}</p>
        )}

        <div className="mb-0">
          <label htmlFor="return-reason" className="form-label">
            {t('adminOrders.returns.reason')}
          </label>
          <input
            id="return-reason"
            className={`form-control${errors.reason ? ' is-invalid' : ''}`}
            maxLength={200}
            autoComplete="off"
            aria-describedby="return-reason-help"
            {...register('reason')}
          />
          <div id="return-reason-help" className="form-text">
            {t('adminOrders.returns.reasonHelp')}
          </div>
        </div>
      </ModalForm>
    </>
  );
}
