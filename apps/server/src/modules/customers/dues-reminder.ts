import { sql } from 'drizzle-orm';
import { ROLE } from '@bazar/contracts/common';
import type { Ctx } from '../../lib/context';
import { shopDay } from '../../lib/shop-day';
import { shopSettings } from '../settings/settings.service';
import { smsTexts } from '../sms/sms-texts';

/** The reminder goes out from this hour of the shop's day (never at midnight). */
const REMINDER_HOUR = 10;

const hourIn = (at: Date, tz: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: tz }).format(at));

/**
 * The monthly dues reminder: once per shop month, from REMINDER_HOUR on, every customer owing more
 * than the owner's amount (Setting) gets one SMS in their language, unless they opted out. The
 * month's row is written in the same transaction as the messages, so several app servers send it
 * once, and a send the daily SMS budget refuses (they count as marketing) rolls back and is tried
 * again on a later tick. Answers how many were queued, or null when nothing was due to be sent.
 */
export async function sendDuesReminders(ctx: Ctx): Promise<{ month: string; sent: number } | null> {
  const settings = await shopSettings(ctx);
  const over = settings.duesReminderOver;
  if (over === null) return null;
  const now = ctx.clock.now();
  const tz = ctx.config.shopTz;
  if (hourIn(now, tz) < REMINDER_HOUR) return null;
  const month = shopDay(now, tz).slice(0, 7);
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ month: string }>(
      sql`INSERT INTO dues_reminders (month, over, sent) VALUES (${month}, ${over}, 0)
          ON CONFLICT (month) DO NOTHING RETURNING month`,
    );
    if (claimed.rows.length === 0) return null;
    const owing = await tx.execute<{ phone: string; lang: 'en' | 'bn'; owed: number }>(
      sql`SELECT u.phone, u.lang, d.owed
          FROM users u
          JOIN LATERAL (SELECT coalesce(sum(o.due), 0)::int AS owed FROM orders o
                        WHERE o.user_id = u.id AND o.status <> 4) d ON true
          WHERE u.role = ${ROLE.customer} AND NOT u.sms_opt_out AND d.owed > ${over}
          ORDER BY u.id`,
    );
    const sent = await ctx.sms.enqueue(
      tx,
      owing.rows.map((c) => ({
        to: c.phone,
        kind: 'marketing' as const,
        message: smsTexts(c.lang).duesReminder({
          shop: settings.shopName,
          owed: c.owed,
          phone: settings.shopPhone,
        }),
      })),
    );
    await tx.execute(sql`UPDATE dues_reminders SET sent = ${sent} WHERE month = ${month}`);
    return { month, sent };
  });
}

/** Looks every `everyMs` whether this month's reminder is due (see sendDuesReminders). */
export function startDuesReminders(
  ctx: Ctx,
  log: { warn: (obj: object, msg: string) => void; info: (msg: string) => void },
  everyMs = 15 * 60_000,
) {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sendDuesReminders(ctx)
      .then((done) => {
        if (done) log.info(`Dues reminders for ${done.month}: ${done.sent} SMS queued.`);
      })
      .catch((err: unknown) => log.warn({ err }, 'dues reminders not sent; trying again later'))
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
