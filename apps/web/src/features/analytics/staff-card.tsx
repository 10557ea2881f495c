import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '../../components/admin-cards.css';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { formatDay, type DayRange } from '../../lib/shop-time';
import { fetchStaffDays, signed, staffDaysKey, type StaffDay } from './analytics-api';

type Figure = 'sales' | 'salesTotal' | 'returns' | 'discounts' | 'voids' | 'cashDifference';

/**
 * "By staff": per person and shop day of the searched days (GET /api/analytics/staff), the till
 * sales they made and their total, the returns they took, the discounts they gave, the sales they
 * voided and the cash difference (counted − expected) of their shifts closed that day.
 */
export function StaffCard({ range }: { range: DayRange }) {
  const { t, language } = useTranslation();
  const days = useQuery({
    queryKey: staffDaysKey(range),
    queryFn: () => fetchStaffDays(range),
    staleTime: 0,
  });
  const amount = (n: number | string) => t('adminAnalytics.amount', { amount: n });
  // The column names; on a phone's card also each figure's name.
  const label = (key: 'day' | 'person' | Figure) => t(`adminAnalytics.staff.columns.${key}`);
  const figure = (key: Figure, cell: (row: StaffDay) => ReactNode) => ({
    key,
    header: label(key),
    label: label(key),
    className: 'text-end text-nowrap',
    cell,
  });

  return (
    <section className="card shadow-sm" aria-labelledby="staff-days-title">
      <div className="card-body">
        <h2 id="staff-days-title" className="h6">
          {t('adminAnalytics.staff.title')}
        </h2>
        <QueryState
          query={days}
          empty={<p className="text-secondary small mb-0">{t('adminAnalytics.staff.empty')}</p>}
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => (
            <DataTable
              labelledBy="staff-days-title"
              className="table-sm align-middle admin-cards mb-0 staff-days-table"
              rows={rows}
              rowKey={(row) => `${row.day}-${row.staff_id}`}
              rowProps={(row) => ({ 'data-day': row.day, 'data-staff-id': row.staff_id })}
              columns={[
                {
                  key: 'day',
                  header: label('day'),
                  label: label('day'),
                  className: 'text-nowrap card-half',
                  cell: (row) => formatDay(row.day, language),
                },
                {
                  key: 'person',
                  header: label('person'),
                  className: 'card-main',
                  rowHeader: true,
                  cell: (row) => row.name,
                },
                figure('sales', (row) => formatNumber(row.sales, language)),
                figure('salesTotal', (row) => amount(row.sales_total)),
                figure('returns', (row) =>
                  row.returns === 0 && row.returns_value === 0
                    ? formatNumber(0, language)
                    : t('adminAnalytics.staff.returned', { count: row.returns, amount: row.returns_value }),
                ),
                figure('discounts', (row) => amount(row.discounts)),
                figure('voids', (row) => formatNumber(row.voids, language)),
                figure('cashDifference', (row) => <CashDifference n={row.cash_difference} />),
              ]}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}

/** The cash difference with its sign: red when short, green when over. */
function CashDifference({ n }: { n: number }) {
  const { t } = useTranslation();
  const text = t('adminAnalytics.amount', { amount: signed(n) });
  if (n === 0) return <>{text}</>;
  return <span className={n < 0 ? 'text-danger fw-semibold' : 'text-success fw-semibold'}>{text}</span>;
}
