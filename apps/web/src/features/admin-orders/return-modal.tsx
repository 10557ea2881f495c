import { hundredths } from '@bazar/contracts/money';
import { paymentMethodSchema, referenceSchema, returnBody } from '@bazar/contracts/orders';
import { useMemo, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { z } from 'zod';
import { FieldError } from '../../components/field-error';
import { methodLabel } from '../../components/order-record';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { errorAt, fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { formatNumber, useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { customerName, namesIn } from '../../lib/line-names';
import { returnMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import {
  isCancelled,
  receiptUrl,
  REFUND_METHODS,
  returnOrder,
  type Order,
  type PayMethod,
  type ReturnInput,
} from './orders-api';

/** One product of the order as it can come back: the first line's price, what is left of it. */
export interface ReturnRow {
  product_id: number;
  title: string;
  attri: string;
  title_bn: string;
  attri_bn: string;
  price: number;
  /** Sold less what came back before, as the server counts it. */
  left: number;
}

/** The order's products that can still come back (lines of one product taken together). */
export function returnRows(order: Order): ReturnRow[] {
  const rows = new Map<number, ReturnRow & { h: number }>();
  for (const line of order.carts) {
    if (line.product_id === null) continue;
    const h = hundredths(line.quantity) - hundredths(line.returned);
    const row = rows.get(line.product_id);
    if (row) row.h += h;
    else
      rows.set(line.product_id, {
        product_id: line.product_id,
        title: line.title || line.product.title,
        attri: line.attri,
        title_bn: line.title_bn ?? '',
        attri_bn: line.attri_bn ?? '',
        price: line.price,
        left: 0,
        h,
      });
  }
  return [...rows.values()]
    .map(({ h, ...row }) => ({ ...row, left: Math.max(0, h) / 100 }))
    .filter((row) => row.left > 0);
}

/** The refund's choices: money in hand, or into the customer's advance balance. */
const BACK_METHODS: readonly PayMethod[] = [...REFUND_METHODS, 'balance'];

const quantityOf = returnBody.shape.lines.element.shape.quantity;

/** The return body as the form holds it: a quantity per row (empty: not coming back). */
function returnSchema(rows: readonly ReturnRow[], t: TFunction) {
  return z
    .object({
      lines: z.array(z.object({ quantity: quantityOf.optional() })),
      method: paymentMethodSchema,
      reference: referenceSchema,
      reason: returnBody.shape.reason,
    })
    .superRefine((values, ctx) => {
      let any = false;
      values.lines.forEach((line, index) => {
        const row = rows[index];
        if (line.quantity === undefined || !row) return;
        any = true;
        if (hundredths(line.quantity) > hundredths(row.left)) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'quantity'],
            message: t('adminOrders.returns.atMost', { available: row.left }),
          });
        }
      });
      if (!any) ctx.addIssue({ code: 'custom', path: ['lines'], message: t('adminOrders.returns.choose') });
    });
}
type ReturnValues = z.output<ReturnType<typeof returnSchema>>;

interface ReturnModalProps {
  order: Order | null;
  onClose: () => void;
  /** Gets the order as the server has it after the return. */
  onReturned: (order: Order) => void;
}

/** "Return": some or all of an order's lines come back, and the money the server will give back. */
export function ReturnModal({ order, onClose, onReturned }: ReturnModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      show={order !== null}
      onHide={onClose}
      centered
      scrollable
      aria-labelledby="return-title"
      onEntered={() => document.getElementById('return-qty-0')?.focus()}
    >
      <Modal.Header closeButton closeLabel={t('adminOrders.returns.close')}>
        <Modal.Title as="h2" id="return-title" className="h5">
          {t('adminOrders.returns.title')}
        </Modal.Title>
      </Modal.Header>
      {order && <ReturnForm key={order.id} order={order} onClose={onClose} onReturned={onReturned} />}
    </Modal>
  );
}

interface Done {
  id: number;
  refund: number;
  method: PayMethod;
}

function ReturnForm({ order, onClose, onReturned }: { order: Order } & Omit<ReturnModalProps, 'order'>) {
  const { t, language } = useTranslation();
  const rows = useMemo(() => returnRows(order), [order]);
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
  const [done, setDone] = useState<Done | null>(null);
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
    const lines = picked.map(({ row, quantity }) => ({ product_id: row.product_id, quantity }));
    const sent = returnMoney(
      order,
      picked.map(({ row, quantity }) => ({ price: row.price, quantity })),
    );
    const body: ReturnInput = { lines, reason: values.reason };
    if (sent.refund > 0) {
      body.refund = {
        method: values.method,
        amount: sent.refund,
        ...(values.reference && { reference: values.reference }),
      };
    }
    try {
      const answer = await returnOrder(order.id, body);
      onReturned(answer.order);
      toast.success(t('adminOrders.returns.saved', { id: answer.id }));
      setDone({ id: answer.id, refund: sent.refund, method: values.method });
    } catch (error) {
      setFailure(returnFailure(error, t));
    }
  };

  if (done) {
    return (
      <>
        <Modal.Body>
          <div className="alert alert-success mb-0" role="status">
            <p className="fw-semibold mb-1">{t('adminOrders.returns.saved', { id: done.id })}</p>
            {done.refund > 0 && (
              <p className="mb-0">
                {t('adminOrders.returns.savedBack', {
                  amount: done.refund,
                  method: methodLabel(t, done.method),
                })}
              </p>
            )}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Link to={receiptUrl(order.id, done.id)} className="btn btn-outline-primary">
            {t('adminOrders.returns.printReceipt')}
          </Link>
          <button type="button" className="btn btn-primary" onClick={onClose} autoFocus>
            {t('adminOrders.returns.close')}
          </button>
        </Modal.Footer>
      </>
    );
  }

  const closeOnly = (text: string) => (
    <>
      <Modal.Body>
        <p className="mb-0">{text}</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminOrders.returns.close')}
        </button>
      </Modal.Footer>
    </>
  );
  if (isCancelled(order)) return closeOnly(t('adminOrders.returns.cancelled'));
  if (rows.length === 0) return closeOnly(t('adminOrders.returns.nothingLeft'));

  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  const messages = [linesError, errors.reference?.message, errors.reason?.message, ...failure].filter(
    (text): text is string => Boolean(text),
  );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="return-title">
      <Modal.Body>
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
            {rows.map((row, index) => {
              const id = `return-qty-${index}`;
              const names = namesIn(language, row);
              const name = `${names.title} ${names.attri}`.trim();
              const error = errorAt(errors, `lines.${index}.quantity`);
              const message = fieldMessage(
                error,
                error?.type === 'custom' ? undefined : t('adminOrders.returns.quantityInvalid'),
              );
              return (
                <li key={row.product_id} className="list-group-item" data-product-id={row.product_id}>
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <div className="me-auto">
                      <div>
                        {names.title}
                        {names.attri && <span className="text-secondary"> {names.attri}</span>}
                      </div>
                      <div className="small text-secondary">
                        {t('adminOrders.returns.columns.price')} {formatNumber(row.price)} ·{' '}
                        {t('adminOrders.returns.columns.left')} {formatNumber(row.left)}
                      </div>
                    </div>
                    <div className="input-group input-group-sm return-qty">
                      <input
                        id={id}
                        {...numberField('decimal')}
                        className={`form-control${error ? ' is-invalid' : ''}`}
                        aria-label={t('adminOrders.returns.quantity', { title: name })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        {...numberInput(register, `lines.${index}.quantity`)}
                      />
                      <button
                        type="button"
                        className="btn btn-outline-secondary"
                        aria-label={t('adminOrders.returns.allLabel', { title: name })}
                        onClick={() =>
                          setValue(`lines.${index}.quantity`, row.left, {
                            shouldValidate: formState.isSubmitted,
                          })
                        }
                      >
                        {t('adminOrders.returns.all')}
                      </button>
                    </div>
                  </div>
                  <FieldError id={id} message={message} className="text-end" />
                </li>
              );
            })}
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
              <label htmlFor="return-method" className="form-label">
                {t('adminOrders.returns.method')}
              </label>
              <select id="return-method" className="form-select" {...register('method')}>
                {BACK_METHODS.map((value) => (
                  <option key={value} value={value}>
                    {methodLabel(t, value)}
                  </option>
                ))}
              </select>
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
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminOrders.returns.close')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('adminOrders.returns.saving') : t('adminOrders.returns.save')}
        </button>
      </Modal.Footer>
    </form>
  );
}

/** What a refused return says: the lines that cannot come back (409), the refund's message (422), else the server's. */
function returnFailure(error: unknown, t: TFunction): string[] {
  if (isApiError(error, 409)) {
    const lines = (
      error.body as { lines?: { title: string; attri: string; available: number }[] } | undefined
    )?.lines;
    if (lines?.length) return lines.map((line) => t('adminOrders.returns.short', line));
  }
  if (isApiError(error, 422) && error.errors) {
    const texts = Object.values(error.errors).flat();
    if (texts.length) return texts;
  }
  return [serverMessage(error, t('common.somethingWrong'))];
}
