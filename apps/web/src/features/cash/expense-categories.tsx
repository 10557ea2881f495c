import { expenseCategoryBody } from '@bazar/contracts/cash';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { FieldError } from '../../components/field-error';
import { LoadFailed } from '../../components/load-failed';
import { isApiError } from '../../lib/api';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
// The Bangla names beside the English ones, drawn in Bangla's font in English mode too (a computer
// without a Bengali font of its own draws empty boxes); fetched only when one is on screen.
import '../../lib/i18n/bn-font.css';
import {
  addExpenseCategory,
  deleteExpenseCategory,
  EXPENSE_CATEGORIES_KEY,
  type ExpenseCategory,
} from './expenses-api';
import { useCategoryName } from './use-expense-categories';

interface ExpenseCategoriesProps {
  categories: ExpenseCategory[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

/**
 * The kinds of expense, each with its Bangla name: add one, delete one (the expenses written with
 * it keep its name).
 */
export function ExpenseCategories({ categories, failed, onRetry }: ExpenseCategoriesProps) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const categoryName = useCategoryName(categories);
  const { register, handleSubmit, setError, reset, formState } = useZodForm(expenseCategoryBody, {
    defaultValues: { title: '', title_bn: '' },
  });
  const { errors } = formState;
  const titleError = fieldMessage(errors.title, t('adminReports.expenses.categories.nameRequired'));
  const banglaError = errors.title_bn?.message;
  const refresh = () => queryClient.invalidateQueries({ queryKey: EXPENSE_CATEGORIES_KEY });
  const failure = (error: unknown) => toast.error(serverMessage(error, t('common.somethingWrong')));

  const onAdd = async ({ title, title_bn }: z.output<typeof expenseCategoryBody>) => {
    try {
      await addExpenseCategory({ title, title_bn });
      reset();
      toast.success(t('adminReports.expenses.categories.added'));
      await refresh();
    } catch (error) {
      if (setServerErrors(error, setError, ['title', 'title_bn'])) return;
      // 409: a category of this name exists, said under the name.
      if (isApiError(error, 409)) setError('title', { type: 'server', message: serverMessage(error, '') });
      else failure(error);
    }
  };

  const remove = useMutation({
    mutationFn: (category: ExpenseCategory) => deleteExpenseCategory(category.id),
    onSuccess: () => toast.success(t('adminReports.expenses.categories.deleted')),
    onError: failure,
    onSettled: refresh,
  });

  return (
    <section className="card shadow-sm expense-categories-card" aria-labelledby="expense-categories-title">
      <div className="card-body">
        <h2 id="expense-categories-title" className="h6 mb-1">
          {t('adminReports.expenses.categories.title')}
        </h2>
        <p className="small text-secondary mb-3">{t('adminReports.expenses.categories.help')}</p>
        {failed ? (
          <LoadFailed onRetry={onRetry} />
        ) : categories && categories.length === 0 ? (
          <p className="small text-secondary">{t('adminReports.expenses.categories.empty')}</p>
        ) : (
          <ul className="list-group list-group-flush mb-3 expense-categories">
            {(categories ?? []).map((category) => {
              const shown = categoryName(category.title);
              // Beside it the name in the other language, when it has both.
              const other = language === 'bn' ? category.title : category.title_bn;
              return (
                <li key={category.id} className="list-group-item d-flex align-items-center gap-2 px-0 py-1">
                  <span className="me-auto text-break">
                    {shown}
                    {other && other !== shown && (
                      <span className="text-secondary small ms-2" lang={language === 'bn' ? 'en' : 'bn'}>
                        {other}
                      </span>
                    )}
                  </span>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    aria-label={t('adminReports.expenses.categories.deleteLabel', { title: shown })}
                    disabled={remove.isPending && remove.variables?.id === category.id}
                    onClick={() => remove.mutate(category)}
                  >
                    {t('adminReports.expenses.categories.delete')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <form onSubmit={handleSubmit(onAdd)} noValidate aria-labelledby="expense-categories-title">
          <div className="row g-2 align-items-end">
            <div className="col-6">
              <label htmlFor="category-title" className="form-label small mb-1">
                {t('adminReports.expenses.categories.name')}
              </label>
              <input
                id="category-title"
                className={`form-control form-control-sm${titleError ? ' is-invalid' : ''}`}
                maxLength={50}
                autoComplete="off"
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? 'category-title-error' : undefined}
                {...register('title')}
              />
            </div>
            <div className="col-6">
              <label htmlFor="category-title-bn" className="form-label small mb-1">
                {t('adminReports.expenses.categories.nameBn')}
              </label>
              <input
                id="category-title-bn"
                lang="bn"
                className={`form-control form-control-sm${banglaError ? ' is-invalid' : ''}`}
                maxLength={50}
                autoComplete="off"
                aria-invalid={banglaError ? true : undefined}
                aria-describedby={banglaError ? 'category-title-bn-error' : undefined}
                {...register('title_bn')}
              />
            </div>
          </div>
          <FieldError id="category-title" message={titleError} />
          <FieldError id="category-title-bn" message={banglaError} />
          <button
            type="submit"
            className="btn btn-sm btn-outline-primary w-100 mt-2"
            disabled={formState.isSubmitting}
          >
            {t('adminReports.expenses.categories.add')}
          </button>
        </form>
      </div>
    </section>
  );
}
