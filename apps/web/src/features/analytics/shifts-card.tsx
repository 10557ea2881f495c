import { useQuery } from '@tanstack/react-query';
import '../../components/admin-cards.css';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime, type DayRange } from '../../lib/shop-time';
import { fetchShifts, shiftsKey, signed, type Shift } from './analytics-api';

/**
 * The cashiers' shifts of the searched days (GET /api/shifts): who, when, the opening float, the
 * cash the drawer should hold, what was counted at closing and the difference (short or over).
 */
export function ShiftsCard({ range }: { range: DayRange }) {
  const { t, formatNumber } = useTranslation();
  const time = useShopTime();
  const shifts = useQuery({ queryKey: shiftsKey(range), queryFn: () => fetchShifts(range), staleTime: 0 });
  // The column names; on a phone's card also each figure's name.
  const label = (key: 'opened' | 'closed' | 'float' | 'expected' | 'counted' | 'difference') =>
    t(`adminAnalytics.shifts.columns.${key}`);

  return (
    <section className="card shadow-sm" aria-labelledby="shifts-title">
      <div className="card-body">
        <h2 id="shifts-title" className="h6">
          {t('adminAnalytics.shifts.title')}
        </h2>
        <QueryState
          query={shifts}
          empty={<p className="text-secondary small mb-0">{t('adminAnalytics.shifts.empty')}</p>}
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => (
            <DataTable
              labelledBy="shifts-title"
              className="table-sm align-middle admin-cards mb-0 shifts-table"
              rows={rows}
              rowKey={(shift) => shift.id}
              rowProps={(shift) => ({ 'data-shift-id': shift.id })}
              columns={[
                {
                  key: 'cashier',
                  header: t('adminAnalytics.shifts.columns.cashier'),
                  className: 'card-main',
                  cell: (shift) => (
                    <>
                      {shift.cashier ?? t('adminAnalytics.shifts.unknown')}
                      {shift.note && (
                        <span className="d-block small text-secondary">
                          {t('adminAnalytics.shifts.note', { note: shift.note })}
                        </span>
                      )}
                    </>
                  ),
                },
                {
                  key: 'opened',
                  header: label('opened'),
                  label: label('opened'),
                  className: 'text-nowrap card-half',
                  cell: (shift) => time.dateTime(shift.opened),
                },
                {
                  key: 'closed',
                  header: label('closed'),
                  label: label('closed'),
                  className: 'text-nowrap card-half',
                  cell: (shift) =>
                    shift.closed ? (
                      time.dateTime(shift.closed)
                    ) : (
                      <span className="badge text-bg-info">{t('adminAnalytics.shifts.open')}</span>
                    ),
                },
                {
                  key: 'float',
                  header: label('float'),
                  label: label('float'),
                  className: 'text-end card-half',
                  cell: (shift) => formatNumber(shift.opening_float),
                },
                {
                  key: 'expected',
                  header: label('expected'),
                  label: label('expected'),
                  className: 'text-end card-half',
                  cell: (shift) => formatNumber(shift.expected),
                },
                {
                  key: 'counted',
                  header: label('counted'),
                  label: label('counted'),
                  className: 'text-end card-half',
                  cell: (shift) => (shift.counted === null ? '–' : formatNumber(shift.counted)),
                },
                {
                  key: 'difference',
                  header: label('difference'),
                  label: label('difference'),
                  className: 'text-end card-half',
                  cell: (shift) => <Difference shift={shift} />,
                },
              ]}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}

function Difference({ shift }: { shift: Shift }) {
  const { t, formatNumber } = useTranslation();
  const n = shift.difference;
  if (n === null) return <>–</>;
  if (n === 0) return <>{formatNumber(0)}</>;
  return (
    <span className={n < 0 ? 'text-danger fw-semibold' : 'text-success fw-semibold'}>
      {signed(n)} {n < 0 ? t('adminAnalytics.shifts.short') : t('adminAnalytics.shifts.over')}
    </span>
  );
}
