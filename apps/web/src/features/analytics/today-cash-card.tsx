import { PAYMENT_METHODS } from '@bazar/contracts/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { methodLabel } from '../../components/order-record';
import { QueryState } from '../../components/query-state';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { AfterClose } from './after-close';
import {
  closeCash,
  DAILY_REPORT_KEY,
  dailyReportKey,
  fetchDailyReport,
  fetchShifts,
  fetchToday,
  shiftsKey,
  TODAY_KEY,
} from './analytics-api';

/**
 * "Today Cash Report": the spec's rows (Cash in hand is paid minus expense), then what came in by
 * each method and the cash in the drawer, which is what the owner counts. Once the day is closed
 * it says so, and what was entered afterwards shows as a change after closing. Close Cash asks
 * first, and says so when a till shift of the day is still open (its sales would come after).
 */
export function TodayCashCard() {
  const { t, formatNumber } = useTranslation();
  const time = useShopTime();
  const queryClient = useQueryClient();
  const [closedMessage, setClosedMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Every sale, refund and expense changes these: asked again each time the screen opens.
  const today = useQuery({ queryKey: TODAY_KEY, queryFn: fetchToday, staleTime: 0 });
  const day = today.data?.day;
  const range = { from: day ?? '', to: day ?? '' };
  const todayRow = useQuery({
    queryKey: dailyReportKey(range),
    queryFn: () => fetchDailyReport(range),
    enabled: Boolean(day),
    staleTime: 0,
  });
  // The day's shifts, to warn of one still open before closing (the Shifts card reads the same).
  const shifts = useQuery({
    queryKey: shiftsKey(range),
    queryFn: () => fetchShifts(range),
    enabled: Boolean(day),
    staleTime: 0,
  });
  const open = (shifts.data ?? []).filter((s) => s.closed === null);
  const close = useMutation({
    mutationFn: closeCash,
    onSuccess: () => {
      setConfirming(false);
      setClosedMessage(t('adminAnalytics.today.updated'));
      void queryClient.invalidateQueries({ queryKey: DAILY_REPORT_KEY });
      void queryClient.invalidateQueries({ queryKey: TODAY_KEY });
    },
  });

  const amount = (n: number) => t('adminAnalytics.amount', { amount: n });
  const row = todayRow.data?.find((r) => r.created_at === day);

  return (
    <section className="card shadow-sm" aria-labelledby="today-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 id="today-title" className="h6 mb-0 me-auto">
            {t('adminAnalytics.today.title')}
          </h2>
          {row?.closed && (
            <span className="badge text-bg-success" data-testid="today-closed">
              {row.closed_at
                ? t('adminAnalytics.closedAt', { time: time.dateTime(row.closed_at) })
                : t('adminAnalytics.closed')}
            </span>
          )}
        </div>
        <QueryState query={today}>
          {(sums) => (
            <>
              <dl className="today-cash mb-3">
                <dt>{t('adminAnalytics.today.orders')}</dt>
                <dd data-testid="today-orders">{formatNumber(sums.order_count)}</dd>
                <dt>{t('adminAnalytics.today.amount')}</dt>
                <dd>{amount(sums.order_total)}</dd>
                <dt>{t('adminAnalytics.today.paid')}</dt>
                <dd data-testid="today-paid">{amount(sums.order_paid)}</dd>
                <dt>{t('adminAnalytics.today.due')}</dt>
                <dd>{amount(sums.order_due)}</dd>
                <dt>{t('adminAnalytics.today.expense')}</dt>
                <dd data-testid="today-expense">{amount(sums.expance)}</dd>
                <dt>{t('adminAnalytics.today.cash')}</dt>
                <dd data-testid="today-cash">{amount(sums.received - sums.expance)}</dd>
              </dl>
              <h3 className="h6 small text-secondary text-uppercase mb-2">
                {t('adminAnalytics.today.received')}
              </h3>
              <dl className="today-cash today-methods mb-3">
                {PAYMENT_METHODS.map((method) => (
                  <Fragment key={method}>
                    <dt>{methodLabel(t, method)}</dt>
                    <dd data-testid={`today-method-${method}`}>{amount(sums.by_method[method])}</dd>
                  </Fragment>
                ))}
                <dt>{t('adminAnalytics.today.refunds')}</dt>
                <dd data-testid="today-refunds">{amount(sums.refunds)}</dd>
                <dt>{t('adminAnalytics.today.returns')}</dt>
                <dd data-testid="today-returns">{amount(sums.returns)}</dd>
              </dl>
              <h3 className="h6 small text-secondary text-uppercase mb-2">
                {t('adminAnalytics.today.drawerTitle')}
              </h3>
              <dl className="today-cash today-methods mb-3">
                <dt>{t('adminAnalytics.today.float')}</dt>
                <dd data-testid="today-float">{amount(sums.float)}</dd>
                <dt>{t('adminAnalytics.today.cashSales')}</dt>
                <dd data-testid="today-cash-sales">{amount(sums.cash_sales)}</dd>
                <dt>{t('adminAnalytics.today.cashRefunds')}</dt>
                <dd data-testid="today-cash-refunds">{amount(sums.cash_sales - sums.by_method.cash)}</dd>
                <dt>{t('adminAnalytics.today.cashMoves')}</dt>
                <dd>{amount(sums.cash_moves)}</dd>
                <dt>{t('adminAnalytics.today.expense')}</dt>
                <dd>{amount(sums.expance)}</dd>
                <dt>{t('adminAnalytics.today.cashSuppliers')}</dt>
                <dd data-testid="today-cash-suppliers">{amount(sums.cash_suppliers)}</dd>
                <dt className="fw-semibold border-top pt-1">
                  <span id="today-drawer-label">{t('adminAnalytics.today.drawer')}</span>
                </dt>
                <dd
                  className="border-top pt-1"
                  data-testid="today-drawer"
                  aria-describedby="today-drawer-help"
                >
                  {amount(sums.drawer)}
                </dd>
              </dl>
              <p id="today-drawer-help" className="small text-secondary mb-3">
                {t('adminAnalytics.today.drawerHelp')}
              </p>
              {row?.closed && row.after_close && (
                <div className="alert alert-warning py-2 small" data-testid="today-after-close">
                  <p className="fw-semibold mb-1">{t('adminAnalytics.today.changed')}</p>
                  <AfterClose change={row.after_close} />
                  <p className="mb-0 mt-1">{t('adminAnalytics.today.closeAgain')}</p>
                </div>
              )}
              <p className="small text-success mb-2" role="status">
                {closedMessage}
              </p>
              {close.isError && (
                <p className="small text-danger mb-2" role="alert">
                  {serverMessage(close.error, t('common.somethingWrong'))}
                </p>
              )}
              <div className="d-flex gap-2">
                <button
                  type="button"
                  className="btn btn-success flex-grow-1"
                  disabled={close.isPending}
                  onClick={() => {
                    close.reset();
                    setConfirming(true);
                  }}
                >
                  {close.isPending ? t('adminAnalytics.today.closing') : t('adminAnalytics.today.close')}
                </button>
                <a href="#shifts-title" className="btn btn-outline-secondary">
                  {t('adminAnalytics.today.shifts')}
                </a>
              </div>
              <AdminConfirmModal
                show={confirming}
                title={t('adminAnalytics.today.confirmTitle')}
                confirmLabel={t('adminAnalytics.today.close')}
                cancelLabel={t('adminAnalytics.today.notYet')}
                pending={close.isPending}
                onConfirm={() => close.mutate(sums)}
                onClose={() => setConfirming(false)}
              >
                <p className="mb-2">
                  {t('adminAnalytics.today.confirmText', { cash: amount(sums.received - sums.expance) })}
                </p>
                {open.length > 0 && (
                  <p className="alert alert-warning py-2 small mb-0" data-testid="close-open-shifts">
                    {t('adminAnalytics.today.openShifts', {
                      count: open.length,
                      names: open.map((s) => s.cashier ?? '—').join(', '),
                    })}
                  </p>
                )}
              </AdminConfirmModal>
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
