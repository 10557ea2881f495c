import {
  ONLINE_METHODS,
  ONLINE_PAYMENT_STATES,
  type OnlinePayment,
  type OnlinePaymentState,
} from '@bazar/contracts/payments';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AdminListFooter } from '../../components/admin-pagination';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { useAdminList } from '../../lib/use-admin-list';
import { usePermissions } from '../auth/permissions';
import '../../components/admin-cards.css';

/** Each state's badge: paid green, waiting yellow, gone wrong red, over grey. */
const STATE_BADGES: Record<OnlinePaymentState, string> = {
  paid: 'text-bg-success',
  pending: 'text-bg-warning',
  failed: 'text-bg-danger',
  cancelled: 'text-bg-secondary',
  mismatch: 'text-bg-danger',
  refund_pending: 'text-bg-warning',
  refunded: 'text-bg-secondary',
};

/**
 * /admin/online-payments (who may refund online payments): every attempt to pay an order through
 * bKash or SSLCommerz, newest first, filtered by shop days, state and gateway (in the URL); how many
 * need attention over the whole filter (a refund whose gateway answer was lost, a payment pending
 * for 15 minutes or more), with what the shop does about them.
 */
export function OnlinePaymentsPage() {
  const { t } = useTranslation();
  const time = useShopTime();
  const { can } = usePermissions();
  const list = useAdminList('GET /api/online-payments', {
    filters: { from: '', to: '', state: '', gateway: '' },
    staleTime: 0,
  });
  const [draft, setDraft] = useState(list.filters);
  const attention = list.query.data?.meta.totals?.attention ?? 0;

  const search = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(draft);
  };
  const field = (key: keyof typeof draft) => ({
    id: `online-payments-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  const column = {
    when: t('adminPayments.columns.when'),
    order: t('adminPayments.columns.order'),
    customer: t('adminPayments.columns.customer'),
    gateway: t('adminPayments.columns.gateway'),
    amount: t('adminPayments.columns.amount'),
    state: t('adminPayments.columns.state'),
    trx: t('adminPayments.columns.trx'),
    detail: t('adminPayments.columns.detail'),
  };

  const amountCell = (payment: OnlinePayment) => (
    <>
      {t('adminPayments.amount', { amount: payment.amount })}
      {payment.refunded > 0 && (
        <span className="d-block small text-secondary">
          {t('adminPayments.refunded', { amount: payment.refunded })}
        </span>
      )}
      {payment.refund_pending > 0 && (
        <span className="d-block small text-warning-emphasis">
          {t('adminPayments.refundPending', { amount: payment.refund_pending })}
        </span>
      )}
    </>
  );
  const detailCell = (payment: OnlinePayment) =>
    payment.detail || payment.checks > 0 ? (
      <>
        {payment.detail}
        {payment.checks > 0 && (
          <span className="d-block small text-secondary">
            {t('adminPayments.checks', { count: payment.checks })}
          </span>
        )}
      </>
    ) : (
      '—'
    );

  return (
    <section className="card shadow-sm" aria-labelledby="online-payments-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="online-payments-title" className="h4 mb-0 me-auto">
            {t('adminPayments.title')}
          </h1>
          {/* The gateway's own statement, matched with what the shop recorded. */}
          {can('cash.close') && (
            <Link to="/admin/statements" className="btn btn-outline-primary btn-sm">
              {t('adminStatements.link')}
            </Link>
          )}
        </div>

        <form
          className="row g-2 align-items-end mb-3"
          aria-label={t('adminPayments.search')}
          onSubmit={search}
        >
          <div className="col-6 col-md-2">
            <label htmlFor="online-payments-from" className="form-label">
              {t('adminPayments.from')}
            </label>
            <input type="date" className="form-control" {...field('from')} />
          </div>
          <div className="col-6 col-md-2">
            <label htmlFor="online-payments-to" className="form-label">
              {t('adminPayments.to')}
            </label>
            <input type="date" className="form-control" {...field('to')} />
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="online-payments-state" className="form-label">
              {t('adminPayments.state')}
            </label>
            <select className="form-select" {...field('state')}>
              <option value="">{t('adminPayments.everyState')}</option>
              {ONLINE_PAYMENT_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`adminPayments.states.${state}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="online-payments-gateway" className="form-label">
              {t('adminPayments.gateway')}
            </label>
            <select className="form-select" {...field('gateway')}>
              <option value="">{t('adminPayments.everyGateway')}</option>
              {ONLINE_METHODS.map((gateway) => (
                <option key={gateway} value={gateway}>
                  {t(`adminPayments.gateways.${gateway}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-2">
            <button type="submit" className="btn btn-primary w-100">
              {t('adminPayments.apply')}
            </button>
          </div>
        </form>

        {attention > 0 && (
          <div className="alert alert-warning py-2" role="status">
            <strong className="d-block">{t('adminPayments.attention', { count: attention })}</strong>
            <span className="small">{t('adminPayments.attentionHelp')}</span>
          </div>
        )}

        <QueryState query={list.query} empty={t('adminPayments.empty')}>
          {(page) => (
            <>
              <DataTable
                labelledBy="online-payments-title"
                className="table-sm align-middle admin-cards mb-3"
                busy={list.query.isFetching}
                rows={page.data}
                rowKey={(payment) => payment.id}
                columns={[
                  {
                    key: 'when',
                    header: column.when,
                    label: column.when,
                    // Wraps on a phone's card (a Bangla time is long); the order's link sits beside it.
                    className: 'card-half',
                    cell: (payment) => time.dateTime(payment.created),
                  },
                  {
                    key: 'order',
                    header: column.order,
                    label: column.order,
                    className: 'card-half',
                    cell: (payment) => (
                      <Link to={`/admin/print-order/${payment.order_id}`}>#{payment.order_id}</Link>
                    ),
                  },
                  {
                    key: 'customer',
                    header: column.customer,
                    className: 'card-main',
                    cell: (payment) => (
                      <>
                        {payment.customer}
                        <span className="d-block small text-secondary text-nowrap">{payment.phone}</span>
                      </>
                    ),
                  },
                  {
                    key: 'gateway',
                    header: column.gateway,
                    label: column.gateway,
                    cell: (payment) => t(`adminPayments.gateways.${payment.gateway}`),
                  },
                  {
                    key: 'amount',
                    header: column.amount,
                    label: column.amount,
                    className: 'num',
                    cell: amountCell,
                  },
                  {
                    key: 'state',
                    header: column.state,
                    label: column.state,
                    cell: (payment) => (
                      <span className={`badge ${STATE_BADGES[payment.state]}`}>
                        {t(`adminPayments.states.${payment.state}`)}
                      </span>
                    ),
                  },
                  {
                    key: 'trx',
                    header: column.trx,
                    label: column.trx,
                    // A transaction id is read and typed whole: never broken inside.
                    className: 'text-nowrap',
                    cell: (payment) => payment.trx_id ?? '—',
                  },
                  {
                    key: 'detail',
                    header: column.detail,
                    label: column.detail,
                    className: 'card-full',
                    cell: detailCell,
                  },
                ]}
              />
              <AdminListFooter
                count={t('adminPayments.count', {
                  from: page.meta.from ?? 0,
                  to: page.meta.to ?? 0,
                  total: page.meta.total,
                })}
                meta={page.meta}
                onChange={list.setPage}
                limit={5}
              />
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
