import type { FoundProduct } from '@bazar/contracts/catalog';
import { purchaseBody } from '@bazar/contracts/purchases';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useController, useFieldArray, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MethodSelect } from '../../components/method-select';
import { StaffProductSearch } from '../../components/staff-product-search';
import { TextField } from '../../components/text-field';
import { FieldError, describedBy } from '../../components/field-error';
import { isApiError } from '../../lib/api';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { PurchaseLines } from './purchase-lines';
import { paidOf, purchaseTotal, type PurchaseValues } from './purchase-model';
import {
  addPurchase,
  fetchBuyPrice,
  SUPPLIER_PAY_METHODS,
  SUPPLIERS_KEY,
  type Purchase,
  type Supplier,
} from './purchases-api';
import { SupplierModal } from './supplier-modal';
import { useTracksExpiry } from './tracks-expiry';

/** Like Advance Stock, products are searched from 3 characters. */
const SEARCH_MIN = 3;
const FIELDS = ['supplier_id', 'invoice', 'date', 'lines', 'paid', 'method', 'note'] as const;

interface PurchaseFormProps {
  suppliers: Supplier[];
  /** The supplier chosen at first (the list's filter), if any. */
  supplierId?: number | undefined;
  onClose: () => void;
  onSaved: (purchase: Purchase) => void;
}

/**
 * "New purchase": a supplier's invoice (its number and day), the products bought each with its own
 * quantity and buy price, and what was paid now (POST /api/purchase/add). The rest becomes the
 * supplier's due.
 */
export function PurchaseForm({ suppliers, supplierId, onClose, onSaved }: PurchaseFormProps) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const today = useShopTime().day();
  const form = useZodForm<typeof purchaseBody, PurchaseValues>(purchaseBody, {
    defaultValues: { supplier_id: supplierId, invoice: '', date: today, lines: [], method: 'cash', note: '' },
  });
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  const lines = useFieldArray({ control, name: 'lines' });
  const supplier = useController({ control, name: 'supplier_id' });
  const watched = useWatch({ control, name: ['lines', 'paid'] });
  const total = purchaseTotal(watched[0] ?? []);
  // Products that keep their stock by expiry date: their lines need the pack's date.
  const tracked = useTracksExpiry((watched[0] ?? []).map((line) => line.product_id));
  const due = Math.max(0, total - paidOf(watched[1]));
  const [addingSupplier, setAddingSupplier] = useState(false);
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const pick = (product: FoundProduct) => {
    const current = getValues('lines');
    const at = current.findIndex((line) => line.product_id === product.id);
    if (at >= 0) {
      const { title } = namesIn(language, product);
      toast.error(t('adminPurchases.form.already', { title }));
      form.setFocus(`lines.${at}.quantity`);
      return;
    }
    const { id, title, attri, title_bn, attri_bn } = product;
    lines.append(
      {
        product_id: id,
        title,
        attri,
        title_bn,
        attri_bn,
        quantity: undefined,
        buyprice: undefined,
        expiry: undefined,
        batch: '',
      },
      { focusName: `lines.${current.length}.quantity` },
    );
    // The buy price it has now, once known, unless one was typed meanwhile.
    void fetchBuyPrice(id)
      .then((price) => {
        const index = getValues('lines').findIndex((line) => line.product_id === id);
        if (index >= 0 && getValues(`lines.${index}.buyprice`) === undefined)
          setValue(`lines.${index}.buyprice`, price);
      })
      .catch(() => undefined);
  };

  const onSubmit = async (values: z.output<typeof purchaseBody>) => {
    setFailure(null);
    if (values.date && values.date > today) {
      setError('date', { type: 'manual', message: t('adminPurchases.form.errors.dateFuture') });
      return;
    }
    if (values.paid > total) {
      setError('paid', { type: 'manual', message: t('adminPurchases.form.errors.paidTooMuch') });
      return;
    }
    // A product that tracks expiry comes in with the date on its pack (the server asks it too).
    const undated = values.lines.flatMap((line, i) =>
      tracked.has(line.product_id) && !line.expiry ? [i] : [],
    );
    for (const i of undated)
      setError(`lines.${i}.expiry`, {
        type: 'manual',
        message: t('adminPurchases.form.errors.expiryNeeded'),
      });
    if (undated.length > 0) {
      form.setFocus(`lines.${undated[0]!}.expiry`);
      return;
    }
    try {
      const saved = await addPurchase({ ...values, date: values.date ?? today });
      toast.success(t('adminPurchases.form.saved'));
      onSaved(saved);
    } catch (error) {
      if (isApiError(error, 409)) {
        // Products gone since they were picked: their lines are marked and named.
        const ids = new Set(
          ((error.body as { lines?: Array<{ product_id: number }> } | undefined)?.lines ?? []).map(
            (line) => line.product_id,
          ),
        );
        setGone(ids);
        const names = getValues('lines')
          .filter((line) => ids.has(line.product_id))
          .map((line) => namesIn(language, line).title);
        setFailure(
          names.length
            ? t('adminPurchases.form.errors.gone', { names: names.join(', ') })
            : serverMessage(error, t('common.somethingWrong')),
        );
        return;
      }
      const paths = values.lines.flatMap(
        (_, i) =>
          [`lines.${i}.quantity`, `lines.${i}.buyprice`, `lines.${i}.expiry`, `lines.${i}.batch`] as const,
      );
      if (!setServerErrors(error, setError, [...FIELDS, ...paths]))
        setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  const supplierError = fieldMessage(errors.supplier_id, t('adminPurchases.form.errors.supplier'));
  const dateError = fieldMessage(errors.date, t('adminPurchases.form.errors.date'));
  const linesError = fieldMessage(
    errors.lines?.root ?? (errors.lines?.message ? errors.lines : undefined),
    t('adminPurchases.form.errors.lines'),
  );
  const paidError = fieldMessage(errors.paid, t('adminPurchases.form.errors.paid'));

  return (
    <section
      className="card shadow-sm border-primary-subtle mb-3 purchase-form"
      aria-labelledby="purchase-form-title"
    >
      <div className="card-body">
        <h2 id="purchase-form-title" className="h5 mb-3" tabIndex={-1} ref={heading}>
          {t('adminPurchases.form.title')}
        </h2>
        <FormProvider {...form}>
          <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="purchase-form-title">
            <div className="row g-3 mb-3">
              <div className="col-12 col-md-6">
                <label htmlFor="purchase-supplier" className="form-label">
                  {t('adminPurchases.form.supplier')}
                </label>
                <div className="d-flex gap-2">
                  <select
                    id="purchase-supplier"
                    className={`form-select${supplierError ? ' is-invalid' : ''}`}
                    aria-invalid={supplierError ? true : undefined}
                    aria-describedby={describedBy('purchase-supplier', { error: supplierError })}
                    ref={supplier.field.ref}
                    name={supplier.field.name}
                    value={supplier.field.value ?? ''}
                    onBlur={supplier.field.onBlur}
                    onChange={(event) =>
                      supplier.field.onChange(event.target.value ? Number(event.target.value) : undefined)
                    }
                  >
                    <option value="">{t('adminPurchases.form.chooseSupplier')}</option>
                    {suppliers.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-outline-secondary text-nowrap"
                    onClick={() => setAddingSupplier(true)}
                  >
                    {t('adminPurchases.form.newSupplier')}
                  </button>
                </div>
                <FieldError id="purchase-supplier" message={supplierError} />
              </div>
              <div className="col-6 col-md-3">
                <TextField
                  id="purchase-invoice"
                  className=""
                  label={t('adminPurchases.form.invoice')}
                  maxLength={50}
                  autoComplete="off"
                  error={errors.invoice?.message}
                  {...register('invoice')}
                />
              </div>
              <div className="col-6 col-md-3">
                <TextField
                  id="purchase-date"
                  className=""
                  type="date"
                  max={today}
                  label={t('adminPurchases.form.date')}
                  error={dateError}
                  {...register('date')}
                />
              </div>
            </div>

            <StaffProductSearch
              id="purchase-search"
              min={SEARCH_MIN}
              labels={{
                search: t('adminPurchases.form.search'),
                placeholder: t('adminPurchases.form.searchPlaceholder'),
                help: t('adminPurchases.form.searchHelp'),
                suggestions: t('adminPurchases.form.suggestions'),
                noMatch: t('adminPurchases.form.noMatch'),
              }}
              price={(product) => t('common.price', { amount: product.offprice ?? product.price })}
              onPick={pick}
            />
            <PurchaseLines
              fields={lines.fields}
              onRemove={lines.remove}
              gone={gone}
              tracked={tracked}
              error={linesError}
            />

            <div className="row g-3 mb-3 align-items-start">
              <div className="col-6 col-md-3">
                <TextField
                  id="purchase-paid"
                  className=""
                  label={t('adminPurchases.form.paid')}
                  placeholder={formatNumber(0)}
                  {...numberField('whole')}
                  error={paidError}
                  {...numberInput(register, 'paid', { empty: 0 })}
                />
              </div>
              <div className="col-6 col-md-3">
                <MethodSelect
                  id="purchase-method"
                  label={t('adminPurchases.form.method')}
                  methods={SUPPLIER_PAY_METHODS}
                  {...register('method')}
                />
              </div>
              <div className="col-12 col-md-6">
                <TextField
                  id="purchase-note"
                  className=""
                  label={t('adminPurchases.form.note')}
                  maxLength={500}
                  autoComplete="off"
                  error={errors.note?.message}
                  {...register('note')}
                />
              </div>
            </div>
            <p className="small text-secondary">{t('adminPurchases.form.paidHelp')}</p>

            <dl className="purchase-sums mb-3" aria-live="polite">
              <div>
                <dt>{t('adminPurchases.form.total')}</dt>
                <dd data-testid="purchase-form-total">{t('common.price', { amount: total })}</dd>
              </div>
              <div>
                <dt>{t('adminPurchases.form.due')}</dt>
                <dd data-testid="purchase-form-due" className={due > 0 ? 'text-danger' : ''}>
                  {t('common.price', { amount: due })}
                </dd>
              </div>
            </dl>

            <div aria-live="polite">
              {failure && (
                <div className="alert alert-danger py-2" role="alert">
                  {failure}
                </div>
              )}
            </div>
            <div className="d-flex flex-wrap justify-content-end gap-2">
              <button type="button" className="btn btn-secondary" onClick={onClose}>
                {t('common.close')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {t('adminPurchases.form.save')}
              </button>
            </div>
          </form>
        </FormProvider>
      </div>
      <SupplierModal
        supplier={addingSupplier ? 'new' : null}
        onClose={() => setAddingSupplier(false)}
        onSaved={(made) => {
          queryClient.setQueryData<Supplier[]>(SUPPLIERS_KEY, (rows) =>
            rows ? [...rows, made].sort((a, b) => a.name.localeCompare(b.name)) : [made],
          );
          supplier.field.onChange(made.id);
          void queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY });
        }}
      />
    </section>
  );
}
