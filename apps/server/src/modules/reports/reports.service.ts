import type { Ctx } from '../../lib/context';
import { shopDay } from '../../lib/shop-day';

/** How far back the daily report goes when no from date is given. */
export const DAILY_REPORT_DAYS = 30;

/**
 * The shop days the daily report covers: from..to as asked, `to` today when left empty and `from`
 * DAILY_REPORT_DAYS days back to today when left empty (the screen and its download alike).
 */
export function dailyReportRange(ctx: Ctx, range: { from?: string | undefined; to?: string | undefined }) {
  const tz = ctx.config.shopTz;
  const now = ctx.clock.now();
  return {
    from: range.from || shopDay(new Date(now.getTime() - (DAILY_REPORT_DAYS - 1) * 86_400_000), tz),
    to: range.to || shopDay(now, tz),
  };
}
