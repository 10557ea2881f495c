import { Fragment, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopInfo } from '../../lib/shop-api';
import { formatDay, useShopTime } from '../../lib/shop-time';
import type { DayClose } from './day-close-api';
import { Difference, methodName, useFigures } from './day-close-figures';
import { usePrintedPage } from '../../components/printed-page';

/** Text left, figure right (receipt.css): a long Bangla label wraps under itself, never under the figure. */
function Row({ left, right, className = '' }: { left: ReactNode; right?: ReactNode; className?: string }) {
  return (
    <div className={`receipt-row ${className}`.trim()}>
      <span className="receipt-left">{left}</span>
      {right !== undefined && <span className="receipt-right">{right}</span>}
    </div>
  );
}

/** A part's name between dashed rules, as the till's receipts separate their parts. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <hr className="receipt-rule" />
      <p className="receipt-strong day-slip-title">{title}</p>
      {children}
    </>
  );
}

/**
 * The day close on 80 mm receipt paper (48 characters a line, receipt.css): the same figures as the
 * page, each on a line of its own, for the till's printer. The amounts are bare numbers, as on the
 * till's receipts. While it is shown, the printed page is 80 mm wide and as long as the slip.
 */
export function DaySlip({ day }: { day: DayClose }) {
  const { t, formatNumber, language } = useTranslation();
  const time = useShopTime();
  const shop = useShopInfo().data;
  const figures = useFigures(false);
  const ref = useRef<HTMLElement>(null);
  usePrintedPage(ref, '80');
  const column = (key: 'count' | 'references' | 'received' | 'refunds' | 'change' | 'net') =>
    t(`adminDayClose.methods.columns.${key}`);
  const shiftColumn = (key: 'opened' | 'closed' | 'float' | 'expected' | 'counted' | 'difference') =>
    t(`adminAnalytics.shifts.columns.${key}`);
  const net = day.methods.reduce((sum, m) => sum + m.net, 0);

  return (
    <article
      ref={ref}
      className="receipt receipt-80 day-slip"
      data-paper="80"
      aria-label={`${t('adminDayClose.title')} ${formatDay(day.day, language)}`}
      lang={language}
    >
      <header className="receipt-center">
        <p className="receipt-shop">{shop?.name || t('shop.name')}</p>
        <p className="receipt-strong">{t('adminDayClose.title')}</p>
        <p>{formatDay(day.day, language)}</p>
      </header>

      <Part title={t('adminDayClose.methods.title')}>
        {day.methods.length === 0 && <p>{t('adminDayClose.methods.empty')}</p>}
        {day.methods.map((m, index) => (
          <Fragment key={m.method}>
            {index > 0 && <hr className="receipt-rule receipt-rule-light" />}
            <Row className="receipt-strong" left={methodName(t, m.method)} />
            <Row left={column('count')} right={formatNumber(m.count)} />
            {m.references > 0 && <Row left={column('references')} right={formatNumber(m.references)} />}
            <Row left={column('received')} right={figures.amount(m.received)} />
            {m.refunds > 0 && <Row left={column('refunds')} right={figures.less(m.refunds)} />}
            {m.change > 0 && <Row left={column('change')} right={figures.less(m.change)} />}
            <Row left={column('net')} right={figures.amount(m.net)} />
          </Fragment>
        ))}
        {day.methods.length > 0 && (
          <Row
            className="receipt-strong day-slip-total"
            left={t('adminDayClose.methods.total')}
            right={figures.amount(net)}
          />
        )}
      </Part>

      <Part title={t('adminDayClose.cash.title')}>
        <Row left={t('adminDayClose.cash.float')} right={figures.amount(day.cash.float)} />
        <Row left={t('adminDayClose.cash.sales')} right={figures.amount(day.cash.sales)} />
        <Row left={t('adminDayClose.cash.refunds')} right={figures.less(day.cash.refunds)} />
        <Row left={t('adminDayClose.cash.moves')} right={figures.signed(day.cash.moves)} />
        <Row left={t('adminDayClose.cash.expenses')} right={figures.less(day.cash.expenses)} />
        <Row left={t('adminDayClose.cash.suppliers')} right={figures.less(day.cash.suppliers)} />
        <Row
          className="receipt-strong day-slip-expected"
          left={t('adminDayClose.cash.expected')}
          right={figures.amount(day.cash.expected)}
        />
        <Row
          left={t('adminDayClose.cash.counted')}
          right={day.cash.counted === null ? '—' : figures.amount(day.cash.counted)}
        />
        <Row
          left={t('adminDayClose.cash.difference')}
          right={<Difference value={day.cash.difference} figures={figures} />}
        />
        {day.cash.outside_shifts !== 0 && (
          <Row left={t('adminDayClose.cash.outside')} right={figures.amount(day.cash.outside_shifts)} />
        )}
      </Part>

      <Part title={t('adminDayClose.shifts.title')}>
        {day.shifts.length === 0 && <p>{t('adminDayClose.shifts.empty')}</p>}
        {day.shifts.map((s, index) => (
          <Fragment key={s.id}>
            {index > 0 && <hr className="receipt-rule receipt-rule-light" />}
            <Row className="receipt-strong" left={s.cashier ?? t('adminDayClose.shifts.unknown')} />
            <Row left={shiftColumn('opened')} right={time.dateTime(s.opened)} />
            <Row
              left={shiftColumn('closed')}
              right={s.closed ? time.dateTime(s.closed) : t('adminDayClose.shifts.open')}
            />
            <Row left={shiftColumn('float')} right={figures.amount(s.float)} />
            <Row left={shiftColumn('expected')} right={figures.amount(s.expected)} />
            <Row left={shiftColumn('counted')} right={s.counted === null ? '—' : figures.amount(s.counted)} />
            <Row
              left={shiftColumn('difference')}
              right={<Difference value={s.difference} figures={figures} />}
            />
          </Fragment>
        ))}
      </Part>

      <Part title={t('adminDayClose.credit.title')}>
        <Row left={t('adminDayClose.credit.duesGiven')} right={figures.amount(day.dues.given)} />
        <Row left={t('adminDayClose.credit.duesCollected')} right={figures.amount(day.dues.collected)} />
        <Row left={t('adminDayClose.credit.advanceAdded')} right={figures.amount(day.advance.added)} />
        <Row left={t('adminDayClose.credit.advanceUsed')} right={figures.amount(day.advance.used)} />
        <Row left={t('adminDayClose.credit.suppliers')} right={figures.amount(day.suppliers)} />
        <Row left={t('adminDayClose.credit.expenses')} right={figures.amount(day.expenses)} />
      </Part>

      <hr className="receipt-rule" />
      <p className="receipt-center day-slip-printed">
        {t('adminDayClose.printedAt', { time: time.dateTime(new Date().toISOString()) })}
      </p>
    </article>
  );
}
