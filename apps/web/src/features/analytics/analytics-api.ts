import type { DailyReportRow, ProfitLoss } from '@bazar/contracts/cash';
import { api } from '../../lib/api';

export type { DailyReportRow, ProfitLoss };

export const fetchDailyReport = (from: string, to: string) =>
  api
    .get<{ data: DailyReportRow[] }>(
      `/api/daily-report?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    )
    .then((answer) => answer.data);

/** Today's figures (the server's shop day). */
export const fetchToday = () => api.get<ProfitLoss>('/api/profit-loss');

/** Close Cash: the server counts the day itself; the figures shown are sent as the spec's client does. */
export const closeCash = (today: ProfitLoss) =>
  api.post<{ message: string }>('/api/save-report', {
    orders: today.order_count,
    total: today.order_total,
    paid: today.order_paid,
    due: today.order_due,
    expance: today.expance,
    cash: today.received - today.expance,
  });
