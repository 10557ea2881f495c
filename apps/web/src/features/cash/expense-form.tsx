import { expenseAddBody } from '@bazar/contracts/cash';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm, numberField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { addExpense, type ExpenseInput } from './expenses-api';

/** The Add Expance form: Details and Amount; says "Expance added" and calls `onAdded`. */
export function ExpenseForm({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const { t } = useTranslation();
  // The server's own schema checks the values first; the texts under the fields are the catalogue's.
  const { register, handleSubmit, setError, reset, formState } = useZodForm(expenseAddBody, {
    defaultValues: { detail: '' },
  });
  const { errors } = formState;
  const detailError = fieldMessage(
    errors.detail,
    errors.detail?.type === 'too_big'
      ? t('adminReports.expenses.detailTooLong')
      : t('adminReports.expenses.detailRequired'),
  );
  const amountError = fieldMessage(errors.amount, t('adminReports.expenses.amountInvalid'));

  const onSubmit = async (values: ExpenseInput) => {
    try {
      await addExpense(values);
      reset();
      toast.success(t('adminReports.expenses.added'));
      await onAdded();
    } catch (error) {
      // A 422 puts the server's words under the field; anything else says them in a toast.
      if (!setServerErrors(error, setError, ['detail', 'amount'])) {
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
          <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
            {t('adminReports.expenses.add')}
          </button>
        </form>
      </div>
    </section>
  );
}
