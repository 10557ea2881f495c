import type { ChartConfiguration } from 'chart.js';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateRangeForm } from '../../components/date-range-form';
import { QueryState } from '../../components/query-state';
import { localeOf, useTranslation, type Language } from '../../lib/i18n/i18n';
import { formatDay, type DayRange } from '../../lib/shop-time';
import { usePermissions } from '../auth/permissions';
import { dailyReportKey, fetchDailyReport, type DailyReportRow } from './analytics-api';
import { axisNumber, ChartCanvas } from './chart-canvas';
import { OverallReport } from './overall-report';
import { ShiftsCard } from './shifts-card';
import { StaffCard } from './staff-card';
import { TodayCashCard } from './today-cash-card';
import './analytics.css';

const LIGHT_BLUE = 'rgb(75, 192, 192)';
const GREEN = 'rgb(25, 135, 84)';

/**
 * The two charts' configurations. The days are written as the screen's language reads them, and
 * Chart.js writes its axis numbers with Intl in the screen's locale (`locale`): Bengali digits and
 * the Bangladeshi grouping in Bangla.
 */
export function charts(rows: DailyReportRow[], labels: { sale: string; orders: string }, lang: Language) {
  const days = [...rows].reverse(); // oldest first, left to right
  const x = days.map((r) => formatDay(r.created_at, lang));
  const locale = localeOf(lang);
  const sale: ChartConfiguration<'line', number[], string> = {
    type: 'line',
    data: {
      labels: x,
      datasets: [
        { label: labels.sale, data: days.map((r) => r.total), borderColor: LIGHT_BLUE, tension: 0.1 },
      ],
    },
    options: {
      locale,
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: { y: { beginAtZero: true, ticks: { callback: axisNumber(lang) } } },
    },
  };
  const orders: ChartConfiguration<'bar', number[], string> = {
    type: 'bar',
    data: {
      labels: x,
      datasets: [{ label: labels.orders, data: days.map((r) => r.orders), backgroundColor: GREEN }],
    },
    options: {
      locale,
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: { y: { beginAtZero: true, ticks: { precision: 0, callback: axisNumber(lang) } } },
    },
  };
  return { sale, orders };
}

/**
 * /admin/analytics: sales and orders per day, the Overall Report, today's cash with Close Cash,
 * the cashiers' shifts of the same days and what each member of staff did on them.
 */
export function AnalyticsPage() {
  const { t, language } = useTranslation();
  const { can } = usePermissions();
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });

  const report = useQuery({
    queryKey: dailyReportKey(range),
    queryFn: () => fetchDailyReport(range),
    staleTime: 0,
  });

  const config = useMemo(
    () =>
      charts(
        report.data ?? [],
        { sale: t('adminAnalytics.saleChart'), orders: t('adminAnalytics.ordersChart') },
        language,
      ),
    [report.data, t, language],
  );

  return (
    <div className="analytics-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">{t('adminAnalytics.title')}</h1>
        {/* The day's money by method, drawer and shift, to check and print when the day ends. */}
        <Link to="/admin/day-close" className="btn btn-outline-primary btn-sm">
          {t('adminDayClose.link')}
        </Link>
        {/* Values at buy price: only for those who may read profit figures. */}
        {can('reports.profit') && (
          <Link to="/admin/shrinkage" className="btn btn-outline-primary btn-sm">
            {t('shrinkage.report.link')}
          </Link>
        )}
      </div>
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
          <QueryState query={report}>
            {(rows) => (
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
                <OverallReport rows={rows} range={range} />
              </>
            )}
          </QueryState>
        </div>

        <div className="col-12 col-xl-4">
          <TodayCashCard />
        </div>
        <div className="col-12">
          <ShiftsCard range={range} />
        </div>
        <div className="col-12">
          <StaffCard range={range} />
        </div>
      </div>
    </div>
  );
}
