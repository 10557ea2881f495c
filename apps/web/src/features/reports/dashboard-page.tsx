import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { call } from '../../lib/api';
import { formatNumber, useTranslation, type MessageKey } from '../../lib/i18n/i18n';
import { BackupWarning } from './backup-warning';
import { TodaysExpanceCard, TopSellingCard } from './dashboard-tables';
import { DiskSpaceLine, DiskSpaceWarning } from './disk-space';
import { LowStockCard } from './low-stock-card';
import { formatDay, useShopTime } from '../../lib/shop-time';
import { usePermissions } from '../auth/permissions';
import { DeliveriesCard } from '../admin-riders/deliveries-card';
import { ExpiringCard } from '../expiry/expiring-card';
import { fetchProfitLoss, profitLossKey, type ProfitLoss } from './reports-api';
import './reports.css';

type Figure =
  | 'order_count'
  | 'order_total'
  | 'order_paid'
  | 'order_due'
  | 'expance'
  | 'invested'
  | 'owed_to_shop'
  | 'owed_to_suppliers';

/** The cards of figures of every day together, each leading to the screen behind it. */
const TOTAL_CARDS: {
  key: Extract<Figure, 'invested' | 'owed_to_shop' | 'owed_to_suppliers'>;
  label: MessageKey;
  note: MessageKey;
  testId: string;
  to: string;
}[] = [
  {
    key: 'invested',
    label: 'adminReports.dashboard.totalInvested',
    note: 'adminReports.dashboard.investedNote',
    testId: 'dash-invested',
    to: '/admin/live-stock',
  },
  {
    key: 'owed_to_shop',
    label: 'adminReports.dashboard.owedToShop',
    note: 'adminReports.dashboard.owedToShopNote',
    testId: 'dash-owed-to-shop',
    to: '/admin/customers',
  },
  {
    key: 'owed_to_suppliers',
    label: 'adminReports.dashboard.owedToSuppliers',
    note: 'adminReports.dashboard.owedToSuppliersNote',
    testId: 'dash-owed-to-suppliers',
    to: '/admin/suppliers',
  },
];

/** The five cards of today's figures: the order count, then amounts in BDT. */
const TODAY_CARDS: {
  key: Exclude<Figure, 'invested' | 'owed_to_shop' | 'owed_to_suppliers'>;
  label: MessageKey;
  testId: string;
}[] = [
  { key: 'order_count', label: 'adminReports.dashboard.totalOrders', testId: 'dash-orders' },
  { key: 'order_total', label: 'adminReports.dashboard.orderAmount', testId: 'dash-amount' },
  { key: 'order_paid', label: 'adminReports.dashboard.totalPaid', testId: 'dash-paid' },
  { key: 'order_due', label: 'adminReports.dashboard.totalDue', testId: 'dash-due' },
  { key: 'expance', label: 'adminReports.dashboard.totalExpance', testId: 'dash-expance' },
];

/**
 * /admin: today's figures, today's deliveries (per slot, on time, failed, the riders' cash), the
 * stock's worth, top sellers, today's expenses, what expires this week and low stock; the disk's free space, and warnings
 * when the disk is low or backups fail; for who may refund online payments, how many of them need
 * attention.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  // The page is for who sees the dashboard; the deliveries card asks a call only they may make.
  const { can } = usePermissions();
  // Every sale and expense changes these: the dashboard asks again each time it is opened.
  const figures = useQuery({ queryKey: profitLossKey, queryFn: fetchProfitLoss, staleTime: 0 });
  const time = useShopTime();
  // "Today" is the server's shop day (SHOP_TZ); until it answers, the shop's clock says it.
  const today = figures.data?.day ?? time.day();
  const value = (key: Figure) => {
    if (!figures.data) return '…';
    const n = figures.data[key];
    return key === 'order_count' ? formatNumber(n) : t('adminReports.amount', { amount: n });
  };
  // The API counts returns off the order amount and refunds off what was paid; the cards say so.
  const note = (key: Figure) => {
    const data: ProfitLoss | undefined = figures.data;
    if (key === 'order_total' && data && data.returns > 0)
      return t('adminReports.dashboard.afterReturns', { amount: data.returns });
    if (key === 'order_paid' && data && data.refunds > 0)
      return t('adminReports.dashboard.afterRefunds', { amount: data.refunds });
    return t('adminReports.dashboard.today');
  };

  return (
    <div className="dashboard">
      <div className="d-flex flex-wrap align-items-baseline column-gap-3 mb-3">
        <h1 className="h4 mb-0">{t('adminReports.dashboard.title')}</h1>
        <p className="text-secondary mb-0">
          {t('adminReports.dashboard.todayOn', { date: formatDay(today) })}
        </p>
        <DiskSpaceLine />
      </div>

      <DiskSpaceWarning />
      <BackupWarning />
      <OnlinePaymentsAttention />

      <section
        className="mb-3"
        aria-label={`${t('adminReports.dashboard.figures')}, ${formatDay(today)}`}
        aria-busy={figures.isPending || undefined}
      >
        {figures.isError ? (
          <LoadFailed onRetry={() => void figures.refetch()} />
        ) : (
          <div className="row g-2 g-md-3 dashboard-cards">
            {TODAY_CARDS.map(({ key, label, testId }) => (
              <FigureCard key={key} id={testId} title={t(label)} value={value(key)} note={note(key)} />
            ))}
            {TOTAL_CARDS.map(({ key, label, note: noteKey, testId, to }) => (
              <FigureCard
                key={key}
                id={testId}
                title={
                  <Link to={to} className="stretched-link">
                    {t(label)}
                  </Link>
                }
                value={value(key)}
                note={t(noteKey)}
              />
            ))}
          </div>
        )}
      </section>

      <div className="row g-3">
        {can('dashboard.view') && (
          <div className="col-12">
            <DeliveriesCard />
          </div>
        )}
        <div className="col-12 col-xl-6">
          <TopSellingCard />
        </div>
        <div className="col-12 col-xl-6">
          <TodaysExpanceCard day={today} />
        </div>
        {/* For who sees stock, when batches expire this week (the card asks, and hides when none do). */}
        {can('stock.view') && <ExpiringCard className="col-12" />}
        <div className="col-12">
          <LowStockCard />
        </div>
      </div>
    </div>
  );
}

/** How many online payments need attention (the server counts them): one page of one row is enough. */
const fetchPaymentsAttention = () =>
  call('GET /api/online-payments', { query: { per_page: 1 } }).then((a) => a.meta.totals.attention);

/**
 * For who may refund online payments, a link to the Online payments screen when some need attention
 * (a refund or a payment whose gateway answer was lost, an amount mismatch); nothing otherwise.
 */
function OnlinePaymentsAttention() {
  const { t } = useTranslation();
  const allowed = usePermissions().can('orders.refund_online');
  const attention = useQuery({
    queryKey: ['admin', 'online-payments', 'attention'],
    queryFn: fetchPaymentsAttention,
    enabled: allowed,
    staleTime: 0,
  });
  const count = allowed ? (attention.data ?? 0) : 0;
  if (count === 0) return null;
  return (
    <p className="mb-3">
      <Link to="/admin/online-payments" className="badge text-bg-warning fs-6 fw-normal text-decoration-none">
        {t('adminPayments.dashboard', { count })}
      </Link>
    </p>
  );
}

function FigureCard({
  id,
  title,
  value,
  note,
}: {
  id: string;
  title: ReactNode;
  value: string;
  note: string;
}) {
  return (
    <div className="col-6 col-md-4 col-xxl-2">
      <div className="card h-100 shadow-sm dashboard-card">
        <div className="card-body">
          <h2 className="h6 mb-1" id={`${id}-title`}>
            {title}
          </h2>
          <p className="dashboard-figure mb-1" aria-labelledby={`${id}-title`} data-testid={id}>
            {value}
          </p>
          <p className="small text-secondary mb-0">{note}</p>
        </div>
      </div>
    </div>
  );
}
