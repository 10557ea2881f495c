import type { FoundProduct } from '@bazar/contracts/catalog';
import { lineTotal } from '@bazar/contracts/money';
import { purchaseOrderBody } from '@bazar/contracts/reorder';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useController, useFieldArray, useWatch, type FieldArrayWithId } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { TrashIcon } from '../../components/admin-icons';
import { DataTable } from '../../components/data-table';
import { describedBy, FieldError } from '../../components/field-error';
import { StaffProductSearch } from '../../components/staff-product-search';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { errorAt, fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import { toast } from '../../lib/toast';
import '../../components/admin-cards.css';
import { fetchBuyPrice, fetchSuppliers, SUPPLIERS_KEY } from '../purchases/purchases-api';
import { createOrder, orderChanged, orderPath } from './reorder-api';
import './reorder.css';

/** Like a purchase's, products are searched from 3 characters. */
const SEARCH_MIN = 3;

/** A line of the form: what is sent (quantity and price empty until typed or known), and its names. */
type LineValues = {
  product_id: number;
  qty?: number | undefined;
  buy_price?: number | undefined;
  title: string;
  attri: string;
  title_bn: string;
  attri_bn: string;
};

/** The form's values: contracts' purchaseOrderBody (no supplier chosen yet), lines with names. */
type OrderValues = Omit<z.input<typeof purchaseOrderBody>, 'lines' | 'supplier_id'> & {
  supplier_id?: number | undefined;
  lines: LineValues[];
};

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * /admin/purchase-orders/new: a purchase order by hand (POST /api/purchase-orders): the supplier,
 * the products searched and picked, each with its quantity and expected buy price (the product's
 * buy price now, until another is typed), a note. Saved as a draft, then its page opens.
 */
export function NewOrderPage() {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const suppliers = useQuery({ queryKey: SUPPLIERS_KEY, queryFn: fetchSuppliers, staleTime: 0 });
  const form = useZodForm<typeof purchaseOrderBody, OrderValues>(purchaseOrderBody, {
    defaultValues: { supplier_id: undefined, lines: [], note: '' },
  });
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  const lines = useFieldArray({ control, name: 'lines' });
  const supplier = useController({ control, name: 'supplier_id' });
  const watched = useWatch({ control, name: 'lines' });
  const total = (watched ?? []).reduce(
    (sum, l) => sum + (isNumber(l.qty) && isNumber(l.buy_price) ? lineTotal(l.buy_price, l.qty) : 0),
    0,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const titleOf = (line: Pick<LineValues, 'title' | 'attri' | 'title_bn' | 'attri_bn'>) => {
    const names = namesIn(language, line);
    return names.attri ? `${names.title} (${names.attri})` : names.title;
  };

  const pick = (product: FoundProduct) => {
    const current = getValues('lines');
    const at = current.findIndex((line) => line.product_id === product.id);
    if (at >= 0) {
      toast.error(t('reorder.add.already', { title: titleOf(product) }));
      form.setFocus(`lines.${at}.qty`);
      return;
    }
    const { id, title, attri, title_bn, attri_bn } = product;
    lines.append(
      { product_id: id, title, attri, title_bn, attri_bn, qty: undefined, buy_price: undefined },
      { focusName: `lines.${current.length}.qty` },
    );
    // The buy price it has now, once known, unless one was typed meanwhile.
    void fetchBuyPrice(id)
      .then((price) => {
        const index = getValues('lines').findIndex((line) => line.product_id === id);
        if (index >= 0 && getValues(`lines.${index}.buy_price`) === undefined)
          setValue(`lines.${index}.buy_price`, price);
      })
      .catch(() => undefined);
  };

  const onSubmit = async (values: z.output<typeof purchaseOrderBody>) => {
    setFailure(null);
    try {
      const order = await createOrder(values);
      toast.success(t('reorder.group.created', { id: order.id }));
      orderChanged(queryClient, order);
      void navigate(orderPath(order.id));
    } catch (error) {
      const paths = values.lines.flatMap((_, i) => [`lines.${i}.qty`, `lines.${i}.buy_price`] as const);
      if (!setServerErrors(error, setError, ['supplier_id', 'lines', 'note', ...paths]))
        setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  const supplierError = fieldMessage(errors.supplier_id, t('reorder.add.errors.supplier'));
  const linesError = fieldMessage(
    errors.lines?.root ?? (errors.lines?.message ? errors.lines : undefined),
    t('reorder.add.errors.lines'),
  );
  const label = {
    qty: t('reorder.add.quantity'),
    price: t('reorder.add.buyPrice'),
    amount: t('reorder.order.columns.amount'),
  };
  const numberCell = (
    field: FieldArrayWithId<OrderValues, 'lines'>,
    index: number,
    name: 'qty' | 'buy_price',
  ) => {
    const id = `po-line-${field.id}-${name}`;
    const error = fieldMessage(
      errorAt(errors, `lines.${index}.${name}`),
      name === 'qty' ? t('reorder.add.errors.quantity') : t('reorder.add.errors.buyPrice'),
    );
    return (
      <>
        <input
          id={id}
          className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
          aria-label={
            name === 'qty'
              ? t('reorder.add.quantityOf', { title: titleOf(field) })
              : t('reorder.add.buyPriceOf', { title: titleOf(field) })
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...numberField(name === 'qty' ? 'decimal' : 'whole')}
          {...numberInput(register, `lines.${index}.${name}`)}
        />
        <FieldError id={id} message={error} />
      </>
    );
  };

  return (
    <section className="card shadow-sm new-po" aria-labelledby="new-po-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <Link
            to="/admin/purchase-orders"
            className="btn btn-outline-secondary"
            aria-label={t('reorder.order.back')}
            title={t('reorder.order.back')}
          >
            <span aria-hidden="true">←</span>
          </Link>
          <h1 id="new-po-title" className="h4 mb-0" tabIndex={-1} ref={heading}>
            {t('reorder.add.title')}
          </h1>
        </div>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="new-po-title">
          <div className="row g-3 mb-3">
            <div className="col-12 col-md-6">
              <label htmlFor="new-po-supplier" className="form-label">
                {t('reorder.add.supplier')}
              </label>
              <select
                id="new-po-supplier"
                className={`form-select${supplierError ? ' is-invalid' : ''}`}
                aria-invalid={supplierError ? true : undefined}
                aria-describedby={describedBy('new-po-supplier', { error: supplierError })}
                ref={supplier.field.ref}
                name={supplier.field.name}
                value={supplier.field.value ?? ''}
                onBlur={supplier.field.onBlur}
                onChange={(event) =>
                  supplier.field.onChange(event.target.value ? Number(event.target.value) : undefined)
                }
              >
                <option value="">{t('reorder.add.chooseSupplier')}</option>
                {(suppliers.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              <FieldError id="new-po-supplier" message={supplierError} />
            </div>
            <div className="col-12 col-md-6">
              <TextField
                id="new-po-note"
                className=""
                label={t('reorder.add.note')}
                maxLength={500}
                autoComplete="off"
                error={fieldMessage(errors.note)}
                {...register('note')}
              />
            </div>
          </div>

          <StaffProductSearch
            id="new-po-search"
            min={SEARCH_MIN}
            labels={{
              search: t('reorder.add.search'),
              placeholder: t('reorder.add.searchPlaceholder'),
              help: t('reorder.add.searchHelp'),
              suggestions: t('reorder.add.suggestions'),
              noMatch: t('reorder.add.noMatch'),
            }}
            price={(product) => t('common.price', { amount: product.offprice ?? product.price })}
            onPick={pick}
          />

          <section aria-labelledby="new-po-lines-title" className="mb-3">
            <h2 id="new-po-lines-title" className="h6">
              {t('reorder.add.lines')}
            </h2>
            {lines.fields.length === 0 ? (
              <p className={`small mb-0 ${linesError ? 'text-danger' : 'text-secondary'}`}>
                {linesError ?? t('reorder.add.noLines')}
              </p>
            ) : (
              <DataTable
                labelledBy="new-po-lines-title"
                className="table-sm align-middle admin-cards new-po-lines mb-0"
                rows={lines.fields.map((field, index) => ({ field, index }))}
                rowKey={({ field }) => field.id}
                rowProps={({ field }) => ({ 'data-product-id': field.product_id })}
                columns={[
                  {
                    key: 'product',
                    header: t('reorder.order.columns.product'),
                    className: 'card-main',
                    rowHeader: true,
                    cell: ({ field }) => titleOf(field),
                  },
                  {
                    key: 'qty',
                    header: label.qty,
                    label: label.qty,
                    className: 'input-col',
                    cell: ({ field, index }) => numberCell(field, index, 'qty'),
                  },
                  {
                    key: 'price',
                    header: label.price,
                    label: label.price,
                    className: 'input-col',
                    cell: ({ field, index }) => numberCell(field, index, 'buy_price'),
                  },
                  {
                    key: 'amount',
                    header: label.amount,
                    label: label.amount,
                    className: 'num',
                    cell: ({ index }) => {
                      const line = watched?.[index];
                      return line && isNumber(line.qty) && isNumber(line.buy_price)
                        ? formatNumber(lineTotal(line.buy_price, line.qty))
                        : '–';
                    },
                  },
                  {
                    key: 'remove',
                    header: <span className="visually-hidden">{t('reorder.add.remove')}</span>,
                    className: 'text-end card-menu',
                    cell: ({ field, index }) => (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={t('reorder.add.removeLabel', { title: titleOf(field) })}
                        title={t('reorder.add.removeLabel', { title: titleOf(field) })}
                        onClick={() => lines.remove(index)}
                      >
                        <TrashIcon />
                      </button>
                    ),
                  },
                ]}
                footer={
                  <tr>
                    <th scope="row" colSpan={3}>
                      {t('reorder.order.total')}
                    </th>
                    <td className="num fw-bold" data-testid="new-po-total">
                      {t('common.price', { amount: total })}
                    </td>
                    <td />
                  </tr>
                }
              />
            )}
          </section>

          <div aria-live="polite">
            {failure && (
              <div className="alert alert-danger py-2" role="alert">
                {failure}
              </div>
            )}
          </div>
          <div className="d-flex flex-wrap justify-content-end gap-2">
            <Link to="/admin/purchase-orders" className="btn btn-secondary">
              {t('reorder.add.cancel')}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {t('reorder.add.save')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
