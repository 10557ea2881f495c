import { expenseAddBody } from '@bazar/contracts/cash';
import { useController } from 'react-hook-form';
import type { z } from 'zod';
import { describedBy, FieldError } from '../../components/field-error';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm, numberField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { addExpense, type ExpenseCategory } from './expenses-api';
import { DEFAULT_CATEGORY, sameTitle, useCategoryName } from './use-expense-categories';

const FIELDS = ['detail', 'amount', 'category', 'date'] as const;

interface ExpenseFormProps {
  /** The categories to choose from; undefined while they load (or when they could not). */
  categories: ExpenseCategory[] | undefined;
  onAdded: () => Promise<unknown>;
}

/**
 * The Add Expance form: Details and Amount (the spec's), a Category (Other unless chosen) and the
 * shop day it was for (today unless chosen, never a later day); says "Expance added".
 */
export function ExpenseForm({ categories, onAdded }: ExpenseFormProps) {
  const { t } = useTranslation();
  const today = useShopTime().day();
  const categoryName = useCategoryName(categories);
  // The server's own schema checks the values first; the texts under the fields are the catalogue's.
  const { register, control, handleSubmit, setError, setValue, reset, formState } = useZodForm(
    expenseAddBody,
    {
      defaultValues: { detail: '', category: DEFAULT_CATEGORY, date: today },
    },
  );
  const { errors } = formState;
  const category = useController({ control, name: 'category' });
  const detailError = fieldMessage(
    errors.detail,
    errors.detail?.type === 'too_big'
      ? t('adminReports.expenses.detailTooLong')
      : t('adminReports.expenses.detailRequired'),
  );
  const amountError = fieldMessage(errors.amount, t('adminReports.expenses.amountInvalid'));
  const dateError = fieldMessage(errors.date, t('adminReports.expenses.dateInvalid'));
  const categoryError = errors.category?.message;

  // The choices: the list's categories; while it loads, or when it has no Other, "Other" is the
  // empty choice (the server writes an expense without a category as Other).
  const list = categories ?? [];
  const known = (title: string | undefined) =>
    list.find((c) => title !== undefined && sameTitle(c.title, title));
  const chosen = known(category.field.value)?.title ?? '';

  const onSubmit = async (values: z.output<typeof expenseAddBody>) => {
    if (values.date && values.date > today) {
      setError('date', { type: 'manual', message: t('adminReports.expenses.dateFuture') });
      return;
    }
    try {
      await addExpense({
        detail: values.detail,
        amount: values.amount,
        category: known(values.category)?.title,
        date: values.date,
      });
      // A fresh form: its defaults (Other), and today as it is now.
      reset();
      setValue('date', today);
      toast.success(t('adminReports.expenses.added'));
      await onAdded();
    } catch (error) {
      // A 422 puts the server's words under the field; anything else says them in a toast.
      if (!setServerErrors(error, setError, FIELDS)) {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    }
  };

  return (
    <section className="card shadow-sm" aria-labelledby="expense-add-title">
      <div className="card-body">
        <h2 id="expense-add-title" className="h6 mb-3">
          {t('adminReports.expenses.add')}
        </h2>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="expense-add-title">
          <TextField
            id="expense-detail"
            label={t('adminReports.expenses.details')}
            error={detailError}
            autoComplete="off"
            maxLength={500}
            {...register('detail')}
          />
          <TextField
            id="expense-amount"
            label={t('adminReports.expenses.amount')}
            error={amountError}
            {...numberField('whole')}
            {...numberInput(register, 'amount')}
          />
          <div className="row g-2 mb-3">
            <div className="col-6">
              <label htmlFor="expense-category" className="form-label">
                {t('adminReports.expenses.category')}
              </label>
              <select
                id="expense-category"
                className={`form-select${categoryError ? ' is-invalid' : ''}`}
                aria-invalid={categoryError ? true : undefined}
                aria-describedby={describedBy('expense-category', { error: categoryError })}
                ref={category.field.ref}
                name={category.field.name}
                value={chosen}
                onBlur={category.field.onBlur}
                onChange={(event) => category.field.onChange(event.target.value || DEFAULT_CATEGORY)}
              >
                {!known(DEFAULT_CATEGORY) && <option value="">{t('adminReports.expenses.other')}</option>}
                {list.map((c) => (
                  <option key={c.id} value={c.title}>
                    {categoryName(c.title)}
                  </option>
                ))}
              </select>
              <FieldError id="expense-category" message={categoryError} />
            </div>
            <div className="col-6">
              <TextField
                id="expense-date"
                className=""
                type="date"
                max={today}
                label={t('adminReports.expenses.date')}
                error={dateError}
                {...register('date')}
              />
            </div>
          </div>
          <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
            {t('adminReports.expenses.add')}
          </button>
        </form>
      </div>
    </section>
  );
}
