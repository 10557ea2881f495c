import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { useLocalName } from '../../lib/names';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { usePermissions } from '../auth/permissions';
import '../../components/admin-cards.css';
import { StartCountModal } from './start-count-modal';
import { scopeText, StatusBadge } from './stocktake-bits';
import { fetchStocktakes, stocktakesKey, type Stocktake } from './stocktakes-api';
import './stocktakes.css';

/** Open counts first (they are the work left), then the closed ones, each newest first. */
const openFirst = (rows: readonly Stocktake[]) =>
  [...rows].sort((a, b) => Number(b.status === 'open') - Number(a.status === 'open') || b.id - a.id);

/**
 * /admin/stock-counts (who counts or approves counts): every count, open first, with what it
 * covers, who started it and when, how many of its products are counted and approved, its status;
 * an open count leads to its counting, and for an approver every count to its review. "Start a
 * count" starts one and opens its counting.
 */
export function StocktakesPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const time = useShopTime();
  const navigate = useNavigate();
  const mayApprove = usePermissions().can('stock.approve');
  // Others count at the same time: asked again at every visit.
  const counts = useQuery({ queryKey: stocktakesKey, queryFn: fetchStocktakes, staleTime: 0 });
  const rows = useMemo(() => openFirst(counts.data ?? []), [counts.data]);
  const [starting, setStarting] = useState(false);
  const col = (key: 'count' | 'started' | 'lines' | 'status') => t(`stocktakes.columns.${key}`);

  return (
    <section className="card shadow-sm" aria-labelledby="stocktakes-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
          <div className="me-auto">
            <h1 id="stocktakes-title" className="h4 mb-1">
              {t('stocktakes.title')}
            </h1>
            <p className="text-secondary mb-0">{t('stocktakes.help')}</p>
          </div>
          <button type="button" className="btn btn-primary" onClick={() => setStarting(true)}>
            {t('stocktakes.start.button')}
          </button>
        </div>
        <QueryState query={counts} empty={t('stocktakes.empty')} isEmpty={(data) => data.length === 0}>
          {() => (
            <DataTable
              labelledBy="stocktakes-title"
              className="table-hover align-middle admin-cards stocktakes-table mb-0"
              rows={rows}
              rowKey={(s) => s.id}
              rowProps={(s) => ({ 'data-stocktake-id': s.id, 'data-status': s.status })}
              columns={[
                {
                  key: 'count',
                  header: col('count'),
                  className: 'card-main',
                  rowHeader: true,
                  cell: (s) => (
                    <>
                      <span className="d-block">{t('stocktakes.number', { id: s.id })}</span>
                      <span className="fw-normal text-secondary">{scopeText(t, name, s)}</span>
                    </>
                  ),
                },
                {
                  key: 'started',
                  header: col('started'),
                  label: col('started'),
                  className: 'card-full',
                  cell: (s) =>
                    s.by
                      ? t('stocktakes.startedBy', { when: time.dateTime(s.created), name: s.by })
                      : time.dateTime(s.created),
                },
                {
                  key: 'lines',
                  header: col('lines'),
                  label: col('lines'),
                  className: 'card-full',
                  cell: (s) =>
                    t('stocktakes.figures', { counted: s.counted, lines: s.lines, approved: s.approved }),
                },
                {
                  key: 'status',
                  header: col('status'),
                  label: col('status'),
                  className: 'card-half',
                  cell: (s) => <StatusBadge status={s.status} />,
                },
                {
                  key: 'actions',
                  header: <span className="visually-hidden">{t('stocktakes.countLink')}</span>,
                  className: 'card-half text-end text-nowrap',
                  cell: (s) => (
                    <span className="d-inline-flex gap-2">
                      {s.status === 'open' && (
                        <Link
                          to={`/admin/stock-counts/${s.id}/count`}
                          className="btn btn-sm btn-primary"
                          aria-label={t('stocktakes.countLabel', { id: s.id })}
                        >
                          {t('stocktakes.countLink')}
                        </Link>
                      )}
                      {mayApprove && (
                        <Link
                          to={`/admin/stock-counts/${s.id}`}
                          className="btn btn-sm btn-outline-primary"
                          aria-label={t('stocktakes.reviewLabel', { id: s.id })}
                        >
                          {t('stocktakes.reviewLink')}
                        </Link>
                      )}
                    </span>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </div>
      <StartCountModal
        show={starting}
        onClose={() => setStarting(false)}
        onStarted={(started) => {
          setStarting(false);
          void navigate(`/admin/stock-counts/${started.id}/count`);
        }}
      />
    </section>
  );
}
