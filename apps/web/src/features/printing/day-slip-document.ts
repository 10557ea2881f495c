import { currentLanguage, translator, type Language } from '../../lib/i18n/i18n';
import { fetchShopInfo } from '../../lib/shop-api';
import { FALLBACK_TIME_ZONE, formatDay, shopTimeIn } from '../../lib/shop-time';
import type { DayClose } from '../day-close/day-close-api';
import { methodName } from '../day-close/day-close-figures';
import type { PrintedDocument, PrintedLine } from './printed-document';

/**
 * The day close's 80 mm slip (day-close-slip.tsx: by method, the cash drawer, each shift with its
 * count, credit and advances) as a printed document for the till's printer, line for line as the
 * slip shows it, in the screen's language. Figures are bare numbers with a minus sign for money
 * out, as on the slip.
 */
export async function printedDaySlip(
  day: DayClose,
  lang: Language = currentLanguage(),
): Promise<PrintedDocument> {
  const [{ t, formatNumber }, shop] = await Promise.all([
    translator(lang),
    // The shop's name and clock; the slip prints without them if they cannot be read now.
    fetchShopInfo().catch(() => undefined),
  ]);
  const time = shopTimeIn(shop?.tz || FALLBACK_TIME_ZONE, lang);
  const amount = (n: number) => (n < 0 ? `−${formatNumber(-n)}` : formatNumber(n));
  const less = (n: number) => (n === 0 ? formatNumber(0) : `−${formatNumber(Math.abs(n))}`);
  const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : amount(n));
  const difference = (n: number | null) =>
    n === null
      ? '—'
      : n === 0
        ? amount(0)
        : `${signed(n)} ${t(n < 0 ? 'adminDayClose.short' : 'adminDayClose.over')}`;
  const column = (key: 'count' | 'references' | 'received' | 'refunds' | 'change' | 'net') =>
    t(`adminDayClose.methods.columns.${key}`);
  const shiftColumn = (key: 'opened' | 'closed' | 'float' | 'expected' | 'counted' | 'difference') =>
    t(`adminAnalytics.shifts.columns.${key}`);

  const lines: PrintedLine[] = [];
  const row = (left: string, right: string, bold = false) => lines.push({ kind: 'row', left, right, bold });
  const title = (text: string, bold = true) => lines.push({ kind: 'text', text, bold });
  const part = (text: string) => {
    lines.push({ kind: 'rule' });
    title(text);
  };

  lines.push(
    { kind: 'text', text: shop?.name || t('shop.name'), align: 'center', bold: true, big: true },
    { kind: 'text', text: t('adminDayClose.title'), align: 'center', bold: true },
    { kind: 'text', text: formatDay(day.day, lang), align: 'center' },
  );

  part(t('adminDayClose.methods.title'));
  if (day.methods.length === 0) title(t('adminDayClose.methods.empty'), false);
  day.methods.forEach((m, index) => {
    if (index > 0) lines.push({ kind: 'rule', light: true });
    title(methodName(t, m.method));
    row(column('count'), formatNumber(m.count));
    if (m.references > 0) row(column('references'), formatNumber(m.references));
    row(column('received'), amount(m.received));
    if (m.refunds > 0) row(column('refunds'), less(m.refunds));
    if (m.change > 0) row(column('change'), less(m.change));
    row(column('net'), amount(m.net));
  });
  if (day.methods.length > 0)
    row(t('adminDayClose.methods.total'), amount(day.methods.reduce((sum, m) => sum + m.net, 0)), true);

  part(t('adminDayClose.cash.title'));
  row(t('adminDayClose.cash.float'), amount(day.cash.float));
  row(t('adminDayClose.cash.sales'), amount(day.cash.sales));
  row(t('adminDayClose.cash.refunds'), less(day.cash.refunds));
  row(t('adminDayClose.cash.moves'), signed(day.cash.moves));
  row(t('adminDayClose.cash.expenses'), less(day.cash.expenses));
  row(t('adminDayClose.cash.suppliers'), less(day.cash.suppliers));
  row(t('adminDayClose.cash.expected'), amount(day.cash.expected), true);
  row(t('adminDayClose.cash.counted'), day.cash.counted === null ? '—' : amount(day.cash.counted));
  row(t('adminDayClose.cash.difference'), difference(day.cash.difference));
  if (day.cash.outside_shifts !== 0) row(t('adminDayClose.cash.outside'), amount(day.cash.outside_shifts));

  part(t('adminDayClose.shifts.title'));
  if (day.shifts.length === 0) title(t('adminDayClose.shifts.empty'), false);
  day.shifts.forEach((s, index) => {
    if (index > 0) lines.push({ kind: 'rule', light: true });
    title(s.cashier ?? t('adminDayClose.shifts.unknown'));
    row(shiftColumn('opened'), time.dateTime(s.opened));
    row(shiftColumn('closed'), s.closed ? time.dateTime(s.closed) : t('adminDayClose.shifts.open'));
    row(shiftColumn('float'), amount(s.float));
    row(shiftColumn('expected'), amount(s.expected));
    row(shiftColumn('counted'), s.counted === null ? '—' : amount(s.counted));
    row(shiftColumn('difference'), difference(s.difference));
  });

  part(t('adminDayClose.credit.title'));
  row(t('adminDayClose.credit.duesGiven'), amount(day.dues.given));
  row(t('adminDayClose.credit.duesCollected'), amount(day.dues.collected));
  row(t('adminDayClose.credit.advanceAdded'), amount(day.advance.added));
  row(t('adminDayClose.credit.advanceUsed'), amount(day.advance.used));
  row(t('adminDayClose.credit.suppliers'), amount(day.suppliers));
  row(t('adminDayClose.credit.expenses'), amount(day.expenses));

  lines.push({ kind: 'rule' });
  lines.push({
    kind: 'text',
    text: t('adminDayClose.printedAt', { time: time.dateTime(new Date().toISOString()) }),
    align: 'center',
  });
  return { lines, drawer: false };
}
