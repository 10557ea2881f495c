import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import '../../components/admin-cards.css';
import { CashHeld } from './settlement-parts';
import { fetchRiders, ridersKey } from './riders-api';
import './riders.css';

/**
 * /admin/riders (who settles riders' cash): every rider, active first, with the cash each holds now
 * (collected at doors and not handed over yet, every day together); an amount not settled stands
 * out. Each rider's name opens their settlement sheet.
 */
export function RidersPage() {
  const { t } = useTranslation();
  // Riders hand cash over all day: asked again at every visit.
  const riders = useQuery({ queryKey: ridersKey, queryFn: fetchRiders, staleTime: 0 });
  const cashLabel = t('riders.riders.columns.cash');
  return (
    <section className="card shadow-sm" aria-labelledby="riders-title">
      <div className="card-body">
        <h1 id="riders-title" className="h4 mb-1">
          {t('riders.riders.title')}
        </h1>
        <p className="text-secondary mb-3">{t('riders.riders.help')}</p>
        <QueryState query={riders} empty={t('riders.riders.empty')} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <DataTable
              labelledBy="riders-title"
              className="table-hover align-middle admin-cards riders-table mb-0"
              rows={rows}
              rowKey={(rider) => rider.id}
              rowProps={(rider) => ({
                'data-rider-id': rider.id,
                ...(rider.cash_held !== 0 && { 'data-unsettled': true }),
              })}
              columns={[
                {
                  key: 'name',
                  header: t('riders.riders.columns.name'),
                  className: 'card-main',
                  rowHeader: true,
                  cell: (rider) => (
                    <>
                      <Link to={`/admin/riders/${rider.id}`}>{rider.name}</Link>
                      {!rider.active && (
                        <span className="badge text-bg-secondary ms-2">{t('riders.riders.inactive')}</span>
                      )}
                    </>
                  ),
                },
                {
                  key: 'phone',
                  header: t('riders.riders.columns.phone'),
                  className: 'text-nowrap',
                  cell: (rider) => rider.phone,
                },
                {
                  key: 'cash',
                  header: cashLabel,
                  label: cashLabel,
                  className: 'num card-full',
                  cell: (rider) => <CashHeld amount={rider.cash_held} />,
                },
              ]}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}
