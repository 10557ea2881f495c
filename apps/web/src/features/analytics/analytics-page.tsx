import type { ChartConfiguration } from 'chart.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DateRangeForm } from '../../components/date-range-form';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import type { DayRange } from '../../lib/shop-time';
import { closeCash, fetchDailyReport, fetchToday, type DailyReportRow } from './analytics-api';
import { ChartCanvas } from './chart-canvas';
import './analytics.css';

const LIGHT_BLUE = 'rgb(75, 192, 192)';
const GREEN = 'rgb(25, 135, 84)';

function charts(rows: DailyReportRow[], labels: { sale: string; orders: string }) {
  const days = [...rows].reverse(); // oldest first, left to right
  const x = days.map((r) => r.created_at);
  const sale: ChartConfiguration<'line', number[], string> = {
    type: 'line',
    data: {
      labels: x,
      datasets: [
        { label: labels.sale, data: days.map((r) => r.total), borderColor: LIGHT_BLUE, tension: 0.1 },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: { y: { beginAtZero: true } },
    },
  };
  const orders: ChartConfiguration<'bar', number[], string> = {
    type: 'bar',
    data: {
      labels: x,
      datasets: [{ label: labels.orders, data: days.map((r) => r.orders), backgroundColor: GREEN }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  };
  return { sale, orders };
}

/** /admin/analytics: sales and orders per day, the Overall Report, and today's cash with Close Cash. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });
  const [closedMessage, setClosedMessage] = useState('');

  const report = useQuery({
    queryKey: ['admin', 'daily-report', range],
    queryFn: () => fetchDailyReport(range.from, range.to),
  });
  const today = useQuery({ queryKey: ['admin', 'profit-loss', 'today'], queryFn: fetchToday });
  const close = useMutation({
    mutationFn: closeCash,
    onSuccess: () => {
      setClosedMessage(t('adminAnalytics.today.updated'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'daily-report'] });
    },
  });

  const config = useMemo(
    () =>
      charts(report.data ?? [], {
        sale: t('adminAnalytics.saleChart'),
        orders: t('adminAnalytics.ordersChart'),
      }),
    [report.data, t],
  );

  const amount = (n: number) => t('adminAnalytics.amount', { amount: n });
  const sums = today.data;

  return (
    <div className="analytics-page">
      <h1 className="h4 mb-3">{t('adminAnalytics.title')}</h1>
      <div className="card shadow-sm mb-3">
        <DateRangeForm
          id="analytics"
          small
          labels={{
            form: t('adminAnalytics.search'),
            from: t('adminAnalytics.fromDate'),
            to: t('adminAnalytics.toDate'),
            search: t('adminAnalytics.search'),
          }}
          onSearch={setRange}
          classes={{ form: 'card-body d-flex flex-wrap gap-2 align-items-end', field: '', button: '' }}
        />
      </div>

      <div className="row g-3">
        <div className="col-12 col-xl-8 d-flex flex-column gap-3">
          {report.isPending ? (
            <PageSpinner />
          ) : report.isError ? (
            <LoadFailed onRetry={() => void report.refetch()} />
          ) : (
            <>
              <div className="row g-3">
                <section className="col-12 col-lg-6" aria-labelledby="sale-chart-title">
                  <div className="card shadow-sm h-100">
                    <div className="card-body">
                      <h2 id="sale-chart-title" className="h6">
                        {t('adminAnalytics.saleChart')}
                      </h2>
                      <ChartCanvas
                        label={`${t('adminAnalytics.saleChart')}. ${t('adminAnalytics.chartNote')}`}
                        config={config.sale}
                      />
                    </div>
                  </div>
                </section>
                <section className="col-12 col-lg-6" aria-labelledby="orders-chart-title">
                  <div className="card shadow-sm h-100">
                    <div className="card-body">
                      <h2 id="orders-chart-title" className="h6">
                        {t('adminAnalytics.ordersChart')}
                      </h2>
                      <ChartCanvas
                        label={`${t('adminAnalytics.ordersChart')}. ${t('adminAnalytics.chartNote')}`}
                        config={config.orders}
                      />
                    </div>
                  </div>
                </section>
              </div>
              <section className="card shadow-sm" aria-labelledby="overall-title">
                <div className="card-body">
                  <h2 id="overall-title" className="h6">
                    {t('adminAnalytics.overall')}
                  </h2>
                  {report.data.length === 0 ? (
                    <p className="text-secondary small mb-0">{t('adminAnalytics.empty')}</p>
                  ) : (
                    <div className="table-responsive">
                      <table className="table table-sm align-middle mb-0">
                        <thead>
                          <tr>
                            <th scope="col">{t('adminAnalytics.columns.date')}</th>
                            <th scope="col" className="text-end">
                              {t('adminAnalytics.columns.orders')}
                            </th>
                            <th scope="col" className="text-end">
                              {t('adminAnalytics.columns.received')}
                            </th>
                            <th scope="col" className="text-end">
                              {t('adminAnalytics.columns.expense')}
                            </th>
                            <th scope="col" className="text-end">
                              {t('adminAnalytics.columns.cash')}
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {report.data.map((row) => (
                            <tr key={row.created_at} data-day={row.created_at}>
                              <td>
                                {row.created_at}
                                {row.closed && (
                                  <span className="badge text-bg-success ms-2">
                                    {t('adminAnalytics.closed')}
                                  </span>
                                )}
                              </td>
                              <td className="text-end">{row.orders}</td>
                              <td className="text-end">{row.paid}</td>
                              <td className="text-end">{row.expance}</td>
                              <td className="text-end">{row.cash}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                </div>
              </section>
            </>
          )}
        </div>

        <div className="col-12 col-xl-4">
          <section className="card shadow-sm" aria-labelledby="today-title">
            <div className="card-body">
              <h2 id="today-title" className="h6 mb-3">
                {t('adminAnalytics.today.title')}
              </h2>
              {today.isPending ? (
                <PageSpinner />
              ) : today.isError || !sums ? (
                <LoadFailed onRetry={() => void today.refetch()} />
              ) : (
                <>
                  <dl className="today-cash mb-3">
                    <dt>{t('adminAnalytics.today.orders')}</dt>
                    <dd data-testid="today-orders">{sums.order_count}</dd>
                    <dt>{t('adminAnalytics.today.amount')}</dt>
                    <dd>{amount(sums.order_total)}</dd>
                    <dt>{t('adminAnalytics.today.paid')}</dt>
                    <dd data-testid="today-paid">{amount(sums.order_paid)}</dd>
                    <dt>{t('adminAnalytics.today.due')}</dt>
                    <dd>{amount(sums.order_due)}</dd>
                    <dt>{t('adminAnalytics.today.expense')}</dt>
                    <dd data-testid="today-expense">{amount(sums.expance)}</dd>
                    <dt>{t('adminAnalytics.today.cash')}</dt>
                    <dd data-testid="today-cash">{amount(sums.received - sums.expance)}</dd>
                  </dl>
                  <p className="small text-success mb-2" role="status">
                    {closedMessage}
                  </p>
                  {close.isError && (
                    <p className="small text-danger mb-2" role="alert">
                      {serverMessage(close.error, t('common.somethingWrong'))}
                    </p>
                  )}
                  <button
                    type="button"
                    className="btn btn-success w-100"
                    disabled={close.isPending}
                    onClick={() => close.mutate(sums)}
                  >
                    {close.isPending ? t('adminAnalytics.today.closing') : t('adminAnalytics.today.close')}
                  </button>
                </>
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
