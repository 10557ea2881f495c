import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { clockText } from '../../lib/delivery';
import { useTranslation } from '../../lib/i18n/i18n';
import '../../components/admin-cards.css';
import { usePermissions } from '../auth/permissions';
import { fetchSummary, summaryKey, type DeliveriesSummary } from './riders-api';
import { reasonText } from './settlement-parts';
import './riders.css';

type Slot = DeliveriesSummary['slots'][number];
type Count = 'waiting' | 'out' | 'delivered' | 'failed';
const COUNTS: readonly Count[] = ['waiting', 'out', 'delivered', 'failed'];

/**
 * The dashboard's "Deliveries today" (GET /api/deliveries/summary: the page shows it only to who
 * sees the dashboard, `dashboard.view`, the call's permission): per
 * slot how many orders wait at the shop, are out, delivered or failed; how many of those delivered
 * came before their slot ended (on time); why deliveries failed; and the cash riders hold now,
 * leading to the riders for who settles them.
 */
export function DeliveriesCard() {
  const { t, language, formatNumber } = useTranslation();
  const { can } = usePermissions();
  // Riders deliver all day: asked again each time the dashboard is opened.
  const summary = useQuery({ queryKey: summaryKey, queryFn: fetchSummary, staleTime: 0 });
  const slotName = (slot: Slot) =>
    slot.start && slot.end
      ? t('delivery.slot.range', {
          start: clockText(slot.start, language),
          end: clockText(slot.end, language),
        })
      : t('riders.summary.noSlot');
  const count = (key: Count) => t(`riders.summary.${key}`);

  return (
    <section className="card shadow-sm h-100 deliveries-card" aria-labelledby="dash-deliveries-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-baseline column-gap-2 mb-2">
          <h2 id="dash-deliveries-title" className="h6 mb-0 me-auto">
            {t('riders.summary.title')}
          </h2>
          {can('deliveries.settle') && (
            <Link to="/admin/riders" className="small">
              {t('riders.summary.riders')}
            </Link>
          )}
        </div>
        <QueryState query={summary}>
          {(data) => {
            const rate = data.delivered > 0 ? Math.round((data.on_time / data.delivered) * 100) : null;
            return (
              <>
                <dl className="row g-2 mb-2 deliveries-figures">
                  <div className="col-6">
                    <dt className="small text-secondary fw-normal">{t('riders.summary.onTime')}</dt>
                    <dd className="dashboard-figure mb-0" data-testid="dash-on-time">
                      {rate === null ? '—' : t('riders.summary.rate', { rate })}
                    </dd>
                    <dd className="small text-secondary mb-0">
                      {t('riders.summary.onTimeOf', { onTime: data.on_time, count: data.delivered })}
                    </dd>
                  </div>
                  <div className="col-6">
                    <dt className="small text-secondary fw-normal">{t('riders.summary.cash')}</dt>
                    <dd
                      className={`dashboard-figure mb-0${data.cash_with_riders > 0 ? ' text-warning-emphasis' : ''}`}
                      data-testid="dash-rider-cash"
                    >
                      {t('riders.summary.amount', { amount: data.cash_with_riders })}
                    </dd>
                    <dd className="small text-secondary mb-0">{t('riders.summary.cashNote')}</dd>
                  </div>
                </dl>
                {data.slots.length === 0 ? (
                  <p className="text-secondary small mb-2">{t('riders.summary.empty')}</p>
                ) : (
                  <DataTable
                    labelledBy="dash-deliveries-title"
                    className="table-sm align-middle report-table admin-cards deliveries-summary-table mb-2"
                    rows={data.slots}
                    rowKey={(slot) => slot.start ?? ''}
                    columns={[
                      {
                        key: 'slot',
                        header: t('delivery.orders.slot'),
                        className: 'card-full fw-semibold text-nowrap',
                        rowHeader: true,
                        cell: slotName,
                      },
                      ...COUNTS.map((key) => ({
                        key,
                        header: count(key),
                        label: count(key),
                        className: 'num',
                        cell: (slot: Slot) => formatNumber(slot[key]),
                      })),
                    ]}
                  />
                )}
                <p className="small mb-0" data-testid="dash-failed-reasons">
                  <span className="text-secondary">{t('riders.summary.reasons')}: </span>
                  {data.failed_reasons.length === 0
                    ? t('riders.summary.noneFailed')
                    : data.failed_reasons
                        .map((r) =>
                          t('riders.summary.reasonCount', {
                            reason: reasonText(t, r.reason),
                            count: r.count,
                          }),
                        )
                        .join(' · ')}
                </p>
              </>
            );
          }}
        </QueryState>
      </div>
    </section>
  );
}
