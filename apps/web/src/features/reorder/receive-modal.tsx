import { linesTotal } from '@bazar/contracts/money';
import { money, quantity } from '@bazar/contracts/numbers';
import { SUPPLIER_PAY_METHODS } from '@bazar/contracts/purchases';
import { purchaseOrderReceiveBody } from '@bazar/contracts/reorder';
import { useState } from 'react';
import type { z } from 'zod';
import { DataTable } from '../../components/data-table';
import { FieldError } from '../../components/field-error';
import { FormModal, ModalForm } from '../../components/form-modal';
import { MethodSelect } from '../../components/method-select';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, readNumber, useZodForm } from '../../lib/forms';
import { isApiError } from '../../lib/api';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useTracksExpiry } from '../purchases/tracks-expiry';
import { leftOf, receiveOrder, type PurchaseOrder } from './reorder-api';

/** The receipt's own fields; its lines are the table's (a product that did not come is 0, not sent). */
const receiptSchema = purchaseOrderReceiveBody.omit({ lines: true });

/** The contracts' rules of a receipt line's quantity and buy price. */
const lineQuantity = quantity('json');
const buyPrice = money('json', 'buyPrice');

type Line = PurchaseOrder['lines'][number] & { product_id: number };
type Typed = { qty: string; price: string; expiry: string; batch: string };
/** The server's messages about a line's expiry date and batch code (its 422, by product). */
type LineErrors = ReadonlyMap<number, { expiry?: string; batch?: string }>;

/** The 422's messages about the sent lines' `lines.N.expiry` and `lines.N.batch`, by product. */
function lineErrorsOf(error: unknown, sent: ReadonlyArray<{ product_id: number }>): LineErrors {
  const found = new Map<number, { expiry?: string; batch?: string }>();
  if (!isApiError(error, 422) || !error.errors) return found;
  for (const [path, messages] of Object.entries(error.errors)) {
    const match = /^lines\.(\d+)\.(expiry|batch)$/.exec(path);
    const productId = match ? sent[Number(match[1])]?.product_id : undefined;
    if (!match || productId === undefined || !messages[0]) continue;
    found.set(productId, { ...found.get(productId), [match[2] as 'expiry' | 'batch']: messages[0] });
  }
  return found;
}

/** What a line's fields say: its quantity (0: did not come) and price, or null where one is not valid. */
function read(typed: Typed) {
  const qty = readNumber(typed.qty);
  const price = readNumber(typed.price);
  return {
    qty: qty === 0 || lineQuantity.safeParse(qty).success ? (qty ?? null) : null,
    price: buyPrice.safeParse(price).success ? (price ?? null) : null,
  };
}

interface ReceiveModalProps {
  /** The order whose goods came; null: closed. */
  order: PurchaseOrder | null;
  onClose: () => void;
  onReceived: (order: PurchaseOrder) => void;
}

/**
 * "Receive goods" (POST /api/purchase-orders/{id}/receive): each product still to come, with what
 * came now (what is left, until changed) and its buy price (the expected one, until changed), the
 * pack's expiry date and batch code (the date needed for a product that tracks expiry), the
 * supplier's invoice number and what was paid now. The receipt is a purchase: stock in, buy
 * prices, the rest onto the supplier's due.
 */
export function ReceiveModal({ order, onClose, onReceived }: ReceiveModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      show={order !== null}
      id="po-receive"
      title={t('reorder.receive.title')}
      size="xl"
      onClose={onClose}
    >
      {order && <ReceiveForm key={order.id} order={order} onClose={onClose} onReceived={onReceived} />}
    </FormModal>
  );
}

function ReceiveForm({
  order,
  onClose,
  onReceived,
}: { order: PurchaseOrder } & Omit<ReceiveModalProps, 'order'>) {
  const { t } = useTranslation();
  // A line whose product is gone cannot come in (a purchase needs the product); nor one that came in full.
  const lines = order.lines.filter((l): l is Line => l.product_id !== null && leftOf(l) > 0);
  const [typed, setTyped] = useState<ReadonlyMap<number, Typed>>(
    () =>
      new Map(
        lines.map((l) => [
          l.product_id,
          { qty: String(leftOf(l)), price: String(l.buy_price), expiry: '', batch: '' },
        ]),
      ),
  );
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverLines, setServerLines] = useState<LineErrors>(new Map());
  // Products that keep their stock by expiry date: what comes of them needs the date on the pack.
  const tracked = useTracksExpiry(lines.map((l) => l.product_id));
  const { register, handleSubmit, setError, formState } = useZodForm(receiptSchema, {
    defaultValues: { invoice: '', method: 'cash' },
  });
  const { errors, isSubmitting } = formState;

  const typedOf = (l: Line): Typed =>
    typed.get(l.product_id) ?? { qty: '', price: '', expiry: '', batch: '' };
  const readLines = lines.map((l) => {
    const { expiry, batch } = typedOf(l);
    const values = read(typedOf(l));
    return {
      line: l,
      ...values,
      expiry,
      batch: batch.trim(),
      // What came of a product that tracks expiry, with no date.
      undated: tracked.has(l.product_id) && Boolean(values.qty) && !expiry,
    };
  });
  const came = readLines.flatMap(({ line, qty, price, expiry, batch }) =>
    qty && price !== null
      ? [
          {
            product_id: line.product_id,
            qty,
            buy_price: price,
            ...(expiry && { expiry }),
            ...(batch && { batch }),
          },
        ]
      : [],
  );
  const total = linesTotal(came.map((l) => ({ price: l.buy_price, quantity: l.qty })));
  const change = (l: Line, field: keyof Typed, value: string) => {
    setTyped((now) => new Map(now).set(l.product_id, { ...typedOf(l), [field]: value }));
    if (field === 'expiry' || field === 'batch')
      setServerLines((now) => {
        const said = now.get(l.product_id);
        if (!said?.[field]) return now;
        return new Map(now).set(l.product_id, { ...said, [field]: undefined });
      });
  };

  const onSubmit = async (values: z.output<typeof receiptSchema>) => {
    setTried(true);
    setFailure(null);
    if (readLines.some((l) => l.qty === null || l.price === null || l.undated)) return;
    if (came.length === 0) {
      setFailure(t('reorder.receive.nothing'));
      return;
    }
    if (values.paid > total) {
      setError('paid', { type: 'manual', message: t('reorder.receive.paidTooMuch') });
      return;
    }
    try {
      const answer = await receiveOrder(order.id, { ...values, lines: came });
      onReceived(answer);
      onClose();
    } catch (error) {
      const said = lineErrorsOf(error, came);
      setServerLines(said);
      if (setServerErrors(error, setError, ['invoice', 'paid', 'method']) || said.size > 0) return;
      // 409: closed meanwhile; 422 about a line: the server's words.
      setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  const label = {
    left: t('reorder.receive.columns.left'),
    now: t('reorder.receive.columns.now'),
    price: t('reorder.receive.columns.price'),
    expiry: t('reorder.receive.columns.expiry'),
    batch: t('reorder.receive.columns.batch'),
  };
  const titleOf = (l: Line) => (l.attri ? `${l.title} ${l.attri}` : l.title);

  return (
    <ModalForm
      onSubmit={(event) => {
        // The lines are this table's, not the form's: their marks show from the first try too.
        setTried(true);
        void handleSubmit(onSubmit)(event);
      }}
      submitting={isSubmitting}
      failure={failure}
      submitLabel={t('reorder.receive.save')}
      onClose={onClose}
    >
      <p className="small text-secondary">{t('reorder.receive.help')}</p>
      <DataTable
        className="table-sm align-middle admin-cards receive-table"
        rows={readLines}
        rowKey={({ line }) => line.product_id}
        rowProps={({ line }) => ({ 'data-product-id': line.product_id })}
        columns={[
          {
            key: 'product',
            header: t('reorder.receive.columns.product'),
            className: 'card-main',
            rowHeader: true,
            cell: ({ line }) => (
              <>
                {titleOf(line)}
                {tracked.has(line.product_id) && (
                  <span className="d-block small fw-normal text-secondary">
                    {t('reorder.receive.tracksExpiry')}
                  </span>
                )}
              </>
            ),
          },
          {
            key: 'left',
            header: label.left,
            label: label.left,
            className: 'num',
            cell: ({ line }) => formatNumber(leftOf(line)),
          },
          {
            key: 'now',
            header: label.now,
            label: label.now,
            className: 'input-col',
            cell: ({ line, qty }) => {
              const id = `po-receive-qty-${line.product_id}`;
              const error = tried && qty === null ? t('reorder.receive.quantityInvalid') : undefined;
              return (
                <>
                  <input
                    id={id}
                    className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                    aria-label={t('reorder.receive.nowOf', { title: titleOf(line) })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    {...numberField('decimal')}
                    value={typedOf(line).qty}
                    onChange={(event) => change(line, 'qty', event.target.value)}
                  />
                  <FieldError id={id} message={error} />
                </>
              );
            },
          },
          {
            key: 'price',
            header: label.price,
            label: label.price,
            className: 'input-col',
            cell: ({ line, price }) => {
              const id = `po-receive-price-${line.product_id}`;
              const error = tried && price === null ? t('reorder.receive.priceInvalid') : undefined;
              return (
                <>
                  <input
                    id={id}
                    className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                    aria-label={t('reorder.receive.priceOf', { title: titleOf(line) })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    {...numberField('whole')}
                    value={typedOf(line).price}
                    onChange={(event) => change(line, 'price', event.target.value)}
                  />
                  <FieldError id={id} message={error} />
                </>
              );
            },
          },
          {
            key: 'expiry',
            header: label.expiry,
            label: label.expiry,
            className: 'date-col',
            cell: ({ line, undated }) => {
              const id = `po-receive-expiry-${line.product_id}`;
              const needed = tracked.has(line.product_id);
              const error =
                serverLines.get(line.product_id)?.expiry ??
                (tried && undated ? t('reorder.receive.expiryNeeded') : undefined);
              return (
                <>
                  <input
                    id={id}
                    type="date"
                    className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                    aria-label={t('reorder.receive.expiryOf', { title: titleOf(line) })}
                    required={needed}
                    aria-required={needed || undefined}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    value={typedOf(line).expiry}
                    onChange={(event) => change(line, 'expiry', event.target.value)}
                  />
                  <FieldError id={id} message={error} />
                </>
              );
            },
          },
          {
            key: 'batch',
            header: label.batch,
            label: label.batch,
            className: 'batch-col',
            cell: ({ line }) => {
              const id = `po-receive-batch-${line.product_id}`;
              const error = serverLines.get(line.product_id)?.batch;
              return (
                <>
                  <input
                    id={id}
                    type="text"
                    maxLength={40}
                    autoComplete="off"
                    className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                    aria-label={t('reorder.receive.batchOf', { title: titleOf(line) })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    value={typedOf(line).batch}
                    onChange={(event) => change(line, 'batch', event.target.value)}
                  />
                  <FieldError id={id} message={error} />
                </>
              );
            },
          },
        ]}
      />

      <div className="row g-3 align-items-start">
        <div className="col-12 col-md-4">
          <TextField
            id="po-receive-invoice"
            className=""
            label={t('reorder.receive.invoice')}
            maxLength={50}
            autoComplete="off"
            error={fieldMessage(errors.invoice)}
            {...register('invoice')}
          />
        </div>
        <div className="col-6 col-md-4">
          <TextField
            id="po-receive-paid"
            className=""
            label={t('reorder.receive.paid')}
            help={t('reorder.receive.paidHelp')}
            placeholder={formatNumber(0)}
            {...numberField('whole')}
            error={fieldMessage(errors.paid, t('reorder.receive.paidInvalid'))}
            {...numberInput(register, 'paid', { empty: 0 })}
          />
        </div>
        <div className="col-6 col-md-4">
          <MethodSelect
            id="po-receive-method"
            label={t('reorder.receive.method')}
            methods={SUPPLIER_PAY_METHODS}
            {...register('method')}
          />
        </div>
      </div>
      <p className="text-end mt-3 mb-0">
        <span className="text-secondary me-2">{t('reorder.receive.total')}</span>
        <span className="fs-5 fw-semibold" data-testid="po-receive-total">
          {t('common.price', { amount: total })}
        </span>
      </p>
    </ModalForm>
  );
}
