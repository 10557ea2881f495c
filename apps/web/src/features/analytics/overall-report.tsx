import '../../components/admin-cards.css';
import { DataTable } from '../../components/data-table';
import { DownloadControl } from '../../components/download-control';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { formatDay, useShopTime, type DayRange } from '../../lib/shop-time';
import { signed, type DailyReportRow } from './analytics-api';

/** A day of the report, or (`after`) what was entered for it after Close Cash. */
type Line = { row: DailyReportRow; after?: NonNullable<DailyReportRow['after_close']> };

/**
 * "Overall Report": one row per day (the spec's Date, Orders, Total Recived, Total Expance, Total
 * Cash) and the cash in the drawer. A closed day shows its figures as they were closed, and under
 * them, figure by figure, what was entered for it afterwards (a row of its own).
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
  /** The figure each column shows, of the day and of what changed after closing. */
  const field = {
    orders: 'orders',
    received: 'paid',
    expense: 'expance',
    cash: 'cash',
    drawer: 'drawer',
  } as const;
  // Each day, then its changes after closing when it has any.
  const lines = rows.flatMap((row): Line[] =>
    row.closed && row.after_close ? [{ row }, { row, after: row.after_close }] : [{ row }],
  );
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
          <DataTable
            className="table-sm align-middle admin-cards mb-0 overall-table"
            rows={lines}
            rowKey={(line) => `${line.row.created_at}${line.after ? '-after' : ''}`}
            rowProps={(line) =>
              line.after
                ? { className: 'after-close-row', 'data-after-close': line.row.created_at }
                : { 'data-day': line.row.created_at }
            }
            columns={[
              {
                key: 'date',
                header: t('adminAnalytics.columns.date'),
                className: 'card-main',
                rowHeader: true,
                cell: ({ row, after }) =>
                  after ? (
                    t('adminAnalytics.afterClose')
                  ) : (
                    <>
                      <time dateTime={row.created_at}>{formatDay(row.created_at)}</time>
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
                    </>
                  ),
              },
              ...figures.map((key) => ({
                key,
                header: label[key],
                label: label[key],
                className: 'text-end',
                cell: ({ row, after }: Line) =>
                  after ? change(after[field[key]]) : formatNumber(row[field[key]]),
              })),
            ]}
          />
        )}
      </div>
    </section>
  );
}
