import type { DailyReportRow, DayFigures, ProfitLoss } from '@bazar/contracts/cash';
import type { StaffDay } from '@bazar/contracts/reports';
import type { Shift } from '@bazar/contracts/shifts';
import { call } from '../../lib/api';
import { formatNumber } from '../../lib/i18n/i18n';
import type { DayRange } from '../../lib/shop-time';

export type { DailyReportRow, DayFigures, ProfitLoss, Shift, StaffDay };

const ANALYTICS_KEY = ['admin', 'analytics'] as const;
export const dailyReportKey = (range: DayRange) => [...ANALYTICS_KEY, 'daily-report', range] as const;
export const DAILY_REPORT_KEY = [...ANALYTICS_KEY, 'daily-report'] as const;
export const TODAY_KEY = [...ANALYTICS_KEY, 'today'] as const;
export const shiftsKey = (range: DayRange) => [...ANALYTICS_KEY, 'shifts', range] as const;
export const staffDaysKey = (range: DayRange) => [...ANALYTICS_KEY, 'staff', range] as const;

export const fetchDailyReport = ({ from, to }: DayRange) =>
  call('GET /api/daily-report', { query: { from, to } }).then((answer) => answer.data);

/** Today's figures (the server's shop day). */
export const fetchToday = () => call('GET /api/profit-loss');

/** The cashiers' shifts opened on those days (empty ends: all, newest first). */
export const fetchShifts = ({ from, to }: DayRange) =>
  call('GET /api/shifts', { query: { from, to } }).then((answer) => answer.data);

/**
 * What each member of staff did on each of those days (empty ends: all): sales, returns, discounts,
 * voids and the cash difference of their shifts closed that day; newest day first, then by name.
 */
export const fetchStaffDays = ({ from, to }: DayRange) =>
  call('GET /api/analytics/staff', { query: { from, to } }).then((answer) => answer.data);

/**
 * Close Cash: the server counts the day itself and freezes every figure (by method, refunds,
 * returns, cash moves, the drawer); the figures shown are sent as the spec's client does.
 */
export const closeCash = (today: ProfitLoss) =>
  call('POST /api/save-report', {
    body: {
      orders: today.order_count,
      total: today.order_total,
      paid: today.order_paid,
      due: today.order_due,
      expance: today.expance,
      cash: today.received - today.expance,
    },
  });

/**
 * An amount with its sign, for what changed after closing: "+50", "−20", "+1,250", in the
 * current language's digits (the screens showing it read the language through useTranslation).
 */
export const signed = (n: number) =>
  n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : formatNumber(0);
