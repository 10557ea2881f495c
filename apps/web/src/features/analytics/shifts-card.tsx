import { useQuery } from '@tanstack/react-query';
import '../../components/admin-cards.css';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime, type DayRange } from '../../lib/shop-time';
import { fetchShifts, shiftsKey, signed, type Shift } from './analytics-api';

/**
 * The cashiers' shifts of the searched days (GET /api/shifts): who, when, the opening float, the
 * cash the drawer should hold, what was counted at closing and the difference (short or over).
 */
export function ShiftsCard({ range }: { range: DayRange }) {
  const { t } = useTranslation();
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
        {shifts.isPending ? (
          <PageSpinner />
        ) : shifts.isError ? (
          <LoadFailed onRetry={() => void shifts.refetch()} />
        ) : shifts.data.length === 0 ? (
          <p className="text-secondary small mb-0">{t('adminAnalytics.shifts.empty')}</p>
        ) : (
          <div className="table-responsive">
            <table
              className="table table-sm align-middle admin-cards mb-0 shifts-table"
              aria-labelledby="shifts-title"
            >
              <thead>
                <tr>
                  <th scope="col">{t('adminAnalytics.shifts.columns.cashier')}</th>
                  <th scope="col">{label('opened')}</th>
                  <th scope="col">{label('closed')}</th>
                  <th scope="col" className="text-end">
                    {label('float')}
                  </th>
                  <th scope="col" className="text-end">
                    {label('expected')}
                  </th>
                  <th scope="col" className="text-end">
                    {label('counted')}
                  </th>
                  <th scope="col" className="text-end">
                    {label('difference')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {shifts.data.map((shift) => (
                  <tr key={shift.id} data-shift-id={shift.id}>
                    <td className="card-main">
                      {shift.cashier ?? t('adminAnalytics.shifts.unknown')}
                      {shift.note && (
                        <span className="d-block small text-secondary">
                          {t('adminAnalytics.shifts.note', { note: shift.note })}
                        </span>
                      )}
                    </td>
                    <td className="text-nowrap card-half" data-label={label('opened')}>
                      {time.dateTime(shift.opened)}
                    </td>
                    <td className="text-nowrap card-half" data-label={label('closed')}>
                      {shift.closed ? (
                        time.dateTime(shift.closed)
                      ) : (
                        <span className="badge text-bg-info">{t('adminAnalytics.shifts.open')}</span>
                      )}
                    </td>
                    <td className="text-end card-half" data-label={label('float')}>
                      {shift.opening_float}
                    </td>
                    <td className="text-end card-half" data-label={label('expected')}>
                      {shift.expected}
                    </td>
                    <td className="text-end card-half" data-label={label('counted')}>
                      {shift.counted ?? '–'}
                    </td>
                    <td className="text-end card-half" data-label={label('difference')}>
                      <Difference shift={shift} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function Difference({ shift }: { shift: Shift }) {
  const { t } = useTranslation();
  const n = shift.difference;
  if (n === null) return <>–</>;
  if (n === 0) return <>0</>;
  return (
    <span className={n < 0 ? 'text-danger fw-semibold' : 'text-success fw-semibold'}>
      {signed(n)} {n < 0 ? t('adminAnalytics.shifts.short') : t('adminAnalytics.shifts.over')}
    </span>
  );
}
