import { Fragment } from 'react';
import '../../components/admin-cards.css';
import { DownloadControl } from '../../components/download-control';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useShopTime, type DayRange } from '../../lib/shop-time';
import { signed, type DailyReportRow } from './analytics-api';

/**
 * "Overall Report": one row per day (the spec's Date, Orders, Total Recived, Total Expance, Total
 * Cash) and the cash in the drawer. A closed day shows its figures as they were closed, and under
 * them, figure by figure, what was entered for it afterwards.
 */
export function OverallReport({ rows, range }: { rows: DailyReportRow[]; range: DayRange }) {
  const { t } = useTranslation();
  const time = useShopTime();
  const change = (n: number | undefined) => (n ? signed(n) : '');
  // The column names; on a phone's card also each figure's name.
  const label = {
    orders: t('adminAnalytics.columns.orders'),
    received: t('adminAnalytics.columns.received'),
    expense: t('adminAnalytics.columns.expense'),
    cash: t('adminAnalytics.columns.cash'),
    drawer: t('adminAnalytics.columns.drawer'),
  };
  const figures = ['orders', 'received', 'expense', 'cash', 'drawer'] as const;
  return (
    <section className="card shadow-sm" aria-labelledby="overall-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id="overall-title" className="h6 mb-0 me-auto">
            {t('adminAnalytics.overall')}
          </h2>
          <DownloadControl name="daily-report" query={{ ...range }} className="btn-group-sm" />
        </div>
        {rows.length === 0 ? (
          <p className="text-secondary small mb-0">{t('adminAnalytics.empty')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle admin-cards mb-0 overall-table">
              <thead>
                <tr>
                  <th scope="col">{t('adminAnalytics.columns.date')}</th>
                  {figures.map((key) => (
                    <th scope="col" className="text-end" key={key}>
                      {label[key]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <Fragment key={row.created_at}>
                    <tr data-day={row.created_at}>
                      <td className="card-main">
                        {row.created_at}
                        {row.closed && (
                          <span
                            className="badge text-bg-success ms-2"
                            title={
                              row.closed_at
                                ? t('adminAnalytics.closedAt', { time: time.dateTime(row.closed_at) })
                                : undefined
                            }
                          >
                            {t('adminAnalytics.closed')}
                          </span>
                        )}
                      </td>
                      <td className="text-end" data-label={label.orders}>
                        {formatNumber(row.orders)}
                      </td>
                      <td className="text-end" data-label={label.received}>
                        {formatNumber(row.paid)}
                      </td>
                      <td className="text-end" data-label={label.expense}>
                        {formatNumber(row.expance)}
                      </td>
                      <td className="text-end" data-label={label.cash}>
                        {formatNumber(row.cash)}
                      </td>
                      <td className="text-end" data-label={label.drawer}>
                        {formatNumber(row.drawer)}
                      </td>
                    </tr>
                    {row.closed && row.after_close && (
                      <tr className="after-close-row" data-after-close={row.created_at}>
                        <th scope="row" className="fw-normal card-full">
                          {t('adminAnalytics.afterClose')}
                        </th>
                        <td className="text-end" data-label={label.orders}>
                          {change(row.after_close.orders)}
                        </td>
                        <td className="text-end" data-label={label.received}>
                          {change(row.after_close.paid)}
                        </td>
                        <td className="text-end" data-label={label.expense}>
                          {change(row.after_close.expance)}
                        </td>
                        <td className="text-end" data-label={label.cash}>
                          {change(row.after_close.cash)}
                        </td>
                        <td className="text-end" data-label={label.drawer}>
                          {change(row.after_close.drawer)}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
