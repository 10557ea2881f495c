import { AdminPagination } from '../../components/admin-pagination';
import { DataTable } from '../../components/data-table';
import { DateRangeForm } from '../../components/date-range-form';
import { DownloadControl } from '../../components/download-control';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { useAdminList } from '../../lib/use-admin-list';
import { ExpenseCategories } from './expense-categories';
import { ExpenseForm } from './expense-form';
import { useCategoryName, useExpenseCategories } from './use-expense-categories';
import './expenses.css';

/**
 * /admin/expance: the expenses between two dates (all at first) with their total, each with its
 * category and day; the Add Expance form and the categories. The dates and the page are in the URL.
 */
export function ExpensesPage() {
  const { t, formatNumber } = useTranslation();
  const time = useShopTime();
  const categories = useExpenseCategories();
  const categoryName = useCategoryName(categories.data);
  const list = useAdminList('GET /api/expances', { filters: { from: '', to: '' } });

  return (
    <div className="expenses-page">
      <h1 className="h4 mb-3">{t('adminReports.expenses.title')}</h1>
      <div className="row g-3 align-items-start">
        <div className="col-12 col-lg-4 order-lg-2">
          <ExpenseForm categories={categories.data} onAdded={list.refresh} />
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
                <DownloadControl name="expenses" query={list.filters} className="btn-group-sm" />
              </div>
              <DateRangeForm
                key={`${list.filters.from}|${list.filters.to}`}
                id="expenses"
                labels={{
                  form: t('adminReports.expenses.search'),
                  from: t('adminReports.from'),
                  to: t('adminReports.to'),
                  search: t('adminReports.search'),
                }}
                initial={list.filters}
                onSearch={list.setFilters}
                classes={{
                  form: 'row g-2 align-items-end mb-3',
                  field: 'col-6 col-sm-4',
                  button: 'col-12 col-sm-4',
                }}
              />

              <QueryState query={list.query} empty={t('adminReports.expenses.empty')}>
                {(page) => (
                  <DataTable
                    labelledBy="expenses-list-title"
                    className="table-sm align-middle expenses-table mb-0"
                    responsive={false}
                    busy={list.query.isFetching}
                    rows={page.data}
                    rowKey={(expense) => expense.id}
                    rowProps={(expense) => ({ 'data-expense-id': expense.id })}
                    columns={[
                      {
                        key: 'details',
                        header: t('adminReports.expenses.details'),
                        cell: (expense) => (
                          <>
                            <span className="d-block text-break">{expense.details}</span>
                            <span className="d-flex flex-wrap align-items-center gap-2 small text-secondary">
                              <span className="badge expense-category">{categoryName(expense.category)}</span>
                              <time dateTime={expense.created}>{time.date(expense.created)}</time>
                            </span>
                          </>
                        ),
                      },
                      {
                        key: 'amount',
                        header: t('adminReports.expenses.amount'),
                        className: 'num',
                        cell: (expense) => formatNumber(expense.amount),
                      },
                    ]}
                    footer={
                      <tr>
                        <th scope="row">{t('adminReports.expenses.total')}</th>
                        <td className="num fw-semibold" data-testid="expenses-total">
                          {t('adminReports.amount', { amount: page.meta.totals.amount })}
                        </td>
                      </tr>
                    }
                  />
                )}
              </QueryState>
              {list.query.data && (
                <div className="mt-3">
                  <AdminPagination meta={list.query.data.meta} limit={5} onChange={list.setPage} />
                </div>
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
