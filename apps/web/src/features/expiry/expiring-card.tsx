import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n';
import { usePermissions } from '../auth/permissions';
import { expiringKey, fetchExpiring } from './expiry-api';
import './expiry.css';

/** The card looks a week ahead, whatever the shop's Expiring soon setting. */
const WEEK = 7;

/**
 * The dashboard's "Expiring this week" (GET /api/stock/expiring?days=7, for who sees stock,
 * `stock.view`): what the batches expiring in the next seven days cost, and what has expired
 * already, leading to Expiring soon. Nothing when no batch expires (or the list cannot be read:
 * the dashboard's other cards say more). Who may not see buy prices gets the batches' counts.
 */
export function ExpiringCard({ className }: { className?: string }) {
  const { t } = useTranslation();
  const allowed = usePermissions().can('stock.view');
  // Batches come in and sell all day: asked again each time the dashboard is opened.
  const list = useQuery({
    queryKey: expiringKey(WEEK),
    queryFn: () => fetchExpiring(WEEK),
    enabled: allowed,
    staleTime: 0,
  });
  const data = list.data;
  if (!allowed || !data || data.batches.length === 0) return null;

  const expired = data.batches.filter((b) => b.expired).length;
  const soon = data.batches.length - expired;
  const amount = (value: number) => t('expiry.amount', { amount: value });
  const withValue = data.value !== undefined;
  const expiredValue = data.expired_value ?? 0;

  return (
    <div className={className}>
      <section className="card shadow-sm h-100 expiring-card" aria-labelledby="dash-expiring-title">
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-baseline column-gap-2 mb-2">
            <h2 id="dash-expiring-title" className="h6 mb-0 me-auto">
              {t('expiry.card.title')}
            </h2>
            <Link to={`/admin/expiring?days=${WEEK}`} className="small">
              {t('expiry.card.link')}
            </Link>
          </div>
          <dl className="row g-2 mb-0">
            <div className="col-6">
              <dt className="small text-secondary fw-normal">{t('expiry.card.soon', { days: WEEK })}</dt>
              <dd className="expiry-figure mb-0" data-testid="dash-expiring-soon">
                {withValue
                  ? amount((data.value ?? 0) - expiredValue)
                  : t('expiry.card.batches', { count: soon })}
              </dd>
              {withValue && (
                <dd className="small text-secondary mb-0">
                  {t('expiry.card.batches', { count: soon })} · {t('expiry.card.atBuyPrice')}
                </dd>
              )}
            </div>
            <div className="col-6">
              <dt className="small text-secondary fw-normal">{t('expiry.card.expired')}</dt>
              <dd
                className={`expiry-figure mb-0${expired > 0 ? ' text-danger-emphasis' : ''}`}
                data-testid="dash-expired"
              >
                {withValue ? amount(expiredValue) : t('expiry.card.batches', { count: expired })}
              </dd>
              {withValue && (
                <dd className="small text-secondary mb-0">{t('expiry.card.batches', { count: expired })}</dd>
              )}
            </div>
          </dl>
        </div>
      </section>
    </div>
  );
}
