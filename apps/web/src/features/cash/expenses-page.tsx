import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPagination } from '../../components/admin-pagination';
import { DateRangeForm } from '../../components/date-range-form';
import { DownloadControl } from '../../components/download-control';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime, type DayRange } from '../../lib/shop-time';
import { ExpenseCategories } from './expense-categories';
import { ExpenseForm } from './expense-form';
import { EXPENSES_KEY, expensesKey, fetchExpenses } from './expenses-api';
import { useCategoryName, useExpenseCategories } from './use-expense-categories';
import './expenses.css';

/**
 * /admin/expance: the expenses between two dates (all at first) with their total, each with its
 * category and day; the Add Expance form and the categories.
 */
export function ExpensesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const time = useShopTime();
  const categories = useExpenseCategories();
  const categoryName = useCategoryName(categories.data);
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const expenses = useQuery({
    queryKey: expensesKey(range, page),
    queryFn: () => fetchExpenses(range, page),
    placeholderData: keepPreviousData,
  });

  // Searching the same dates again asks the server again: sales and expenses come in all day.
  const search = (dates: DayRange) => {
    if (dates.from === range.from && dates.to === range.to && page === 1) void expenses.refetch();
    else {
      setRange(dates);
      setPage(1);
    }
  };

  return (
    <div className="expenses-page">
      <h1 className="h4 mb-3">{t('adminReports.expenses.title')}</h1>
      <div className="row g-3 align-items-start">
        <div className="col-12 col-lg-4 order-lg-2">
          <ExpenseForm
            categories={categories.data}
            onAdded={() => queryClient.invalidateQueries({ queryKey: EXPENSES_KEY })}
          />
          <div className="mt-3">
            <ExpenseCategories
              categories={categories.data}
              failed={categories.isError}
              onRetry={() => void categories.refetch()}
            />
          </div>
        </div>

        <div className="col-12 col-lg-8 order-lg-1">
          <section className="card shadow-sm" aria-labelledby="expenses-list-title">
            <div className="card-body">
              <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
                <h2 id="expenses-list-title" className="h6 mb-0 me-auto">
                  {t('adminReports.expenses.list')}
                </h2>
                <DownloadControl name="expenses" query={{ ...range }} className="btn-group-sm" />
              </div>
              <DateRangeForm
                id="expenses"
                labels={{
                  form: t('adminReports.expenses.search'),
                  from: t('adminReports.from'),
                  to: t('adminReports.to'),
                  search: t('adminReports.search'),
                }}
                onSearch={search}
                classes={{
                  form: 'row g-2 align-items-end mb-3',
                  field: 'col-6 col-sm-4',
                  button: 'col-12 col-sm-4',
                }}
              />

              {expenses.isPending ? (
                <PageSpinner />
              ) : expenses.isError ? (
                <LoadFailed onRetry={() => void expenses.refetch()} />
              ) : expenses.data.data.length === 0 ? (
                <p className="text-secondary mb-0">{t('adminReports.expenses.empty')}</p>
              ) : (
                <table
                  className="table table-sm align-middle expenses-table mb-0"
                  aria-labelledby="expenses-list-title"
                  aria-busy={expenses.isFetching || undefined}
                >
                  <thead>
                    <tr>
                      <th scope="col">{t('adminReports.expenses.details')}</th>
                      <th scope="col" className="num">
                        {t('adminReports.expenses.amount')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {expenses.data.data.map((expense) => (
                      <tr key={expense.id} data-expense-id={expense.id}>
                        <td>
                          <span className="d-block text-break">{expense.details}</span>
                          <span className="d-flex flex-wrap align-items-center gap-2 small text-secondary">
                            <span className="badge expense-category">{categoryName(expense.category)}</span>
                            <time dateTime={expense.created}>{time.date(expense.created)}</time>
                          </span>
                        </td>
                        <td className="num">{expense.amount}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('adminReports.expenses.total')}</th>
                      <td className="num fw-semibold" data-testid="expenses-total">
                        {t('adminReports.amount', { amount: expenses.data.meta.totals.amount })}
                      </td>
                    </tr>
                  </tfoot>
                </table>
              )}
              {expenses.data && (
                <div className="mt-3">
                  <AdminPagination meta={expenses.data.meta} limit={5} onChange={setPage} />
                </div>
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
