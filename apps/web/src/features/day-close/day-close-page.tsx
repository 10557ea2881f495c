import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PrintIcon } from '../../components/admin-icons';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { usePermissions } from '../auth/permissions';
import { formatDay, useShopTime } from '../../lib/shop-time';
import { dayCloseKey, fetchDayClose, shiftDay } from './day-close-api';
import { DaySheet } from './day-close-sections';
import { DaySlip } from './day-close-slip';
import { usePrintedPage } from '../../components/printed-page';
import { printedDaySlip } from '../printing/day-slip-document';
import { printThermal } from '../printing/print-thermal';
import '../../components/admin-cards.css';
// The slip is the till receipt's narrow column (and its print rules hide the back office around it).
import '../receipts/receipt.css';
import './day-close.css';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day shown before and after: ‹ previous, the day's date field, next ›. */
function DayPicker({ day, today, onPick }: { day: string; today: string; onPick: (day: string) => void }) {
  const { t } = useTranslation();
  return (
    <form
      className="day-close-picker d-flex align-items-end gap-2 d-print-none"
      aria-label={t('adminDayClose.pick')}
      onSubmit={(event) => event.preventDefault()}
    >
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label={t('adminDayClose.previous')}
        onClick={() => onPick(shiftDay(day, -1))}
      >
        <span aria-hidden="true">‹</span>
        <span className="d-none d-md-inline ms-1">{t('adminDayClose.previous')}</span>
      </button>
      <div className="flex-grow-1">
        <label htmlFor="day-close-date" className="form-label small mb-1">
          {t('adminDayClose.date')}
        </label>
        <input
          id="day-close-date"
          type="date"
          className="form-control"
          value={day}
          max={today}
          onChange={(event) => {
            // A date field answers '' while a part of the date is being typed: wait for a whole day.
            if (CALENDAR_DAY.test(event.target.value)) onPick(event.target.value);
          }}
        />
      </div>
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label={t('adminDayClose.next')}
        // No day after today has money yet.
        disabled={day >= today}
        onClick={() => onPick(shiftDay(day, 1))}
      >
        <span className="d-none d-md-inline me-1">{t('adminDayClose.next')}</span>
        <span aria-hidden="true">›</span>
      </button>
    </form>
  );
}

/** The A4 sheet: while it is on the screen the printed page is A4. */
function A4Sheet({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  usePrintedPage(ref, 'a4');
  return (
    <div ref={ref} className="day-close-a4">
      {children}
    </div>
  );
}

/**
 * /admin/day-close (who reads reports): a shop day's money from the money ledger (GET
 * /api/day-close): by method, the cash drawer with what it should hold, the shifts, credit and
 * advances, suppliers and expenses. The day is in the URL (`?date=`, the server's today when left
 * out). Print A4 prints the page as it is; Print 80 mm switches to the narrow slip for the till's
 * printer (`?paper=80`) and prints it; `print=1` prints once the day is on the page.
 */
export function DayClosePage() {
  const { t, language } = useTranslation();
  const { can } = usePermissions();
  const time = useShopTime();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = CALENDAR_DAY.test(asked) ? asked : '';
  const narrow = params.get('paper') === '80';
  const printNow = params.get('print') === '1';
  // Money moves all day: asked again on every visit.
  const report = useQuery({ queryKey: dayCloseKey(date), queryFn: () => fetchDayClose(date), staleTime: 0 });
  const today = time.day();
  const day = date || report.data?.day || today;
  const ready = report.data !== undefined;

  // Each day and layout is a step of its own in the history: Back returns to the one before.
  const show = (change: (current: URLSearchParams) => void) =>
    setParams((current) => {
      change(current);
      return current;
    });
  const pick = (next: string) => show((p) => p.set('date', next));
  const print = (paper: 'a4' | '80') =>
    show((p) => {
      if (paper === '80') p.set('paper', '80');
      else p.delete('paper');
      p.set('print', '1');
    });

  // Print once the chosen layout is drawn (the next frame), then drop `print` so a reload does not print again.
  useEffect(() => {
    if (!printNow || !ready) return;
    const frame = requestAnimationFrame(() => {
      // The 80 mm slip goes to this computer's receipt printer when one is set up (else, and if it
      // fails, the print dialog); A4 always through the dialog.
      const day = report.data;
      if (narrow && day) void printThermal(() => printedDaySlip(day));
      else window.print();
      setParams(
        (current) => {
          current.delete('print');
          return current;
        },
        { replace: true },
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [printNow, ready, setParams, narrow, report.data]);

  return (
    <div className="day-close">
      {/* On paper the A4 sheet keeps its title and day; the slip has its own. */}
      <div className={`d-flex flex-wrap align-items-center gap-2 mb-3${narrow ? ' d-print-none' : ''}`}>
        <div className="me-auto">
          <h1 className="h4 mb-0">{t('adminDayClose.title')}</h1>
          <p className="text-secondary mb-0" data-testid="day-close-day">
            {formatDay(day, language)}
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2 d-print-none">
          {narrow && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => show((p) => p.delete('paper'))}
            >
              {t('adminDayClose.fullPage')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={!ready}
            onClick={() => print('a4')}
          >
            <PrintIcon className="me-1" />
            {t('adminDayClose.printA4')}
          </button>
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={!ready}
            onClick={() => print('80')}
          >
            <PrintIcon className="me-1" />
            {t('adminDayClose.print80')}
          </button>
          {/* The bKash, Nagad and card money of the day checked against the merchant's statement. */}
          {can('cash.close') && (
            <Link to="/admin/statements" className="btn btn-outline-primary">
              {t('adminStatements.link')}
            </Link>
          )}
        </div>
      </div>
      <div className="card shadow-sm mb-3 d-print-none">
        <div className="card-body py-2">
          <DayPicker day={day} today={today} onPick={pick} />
        </div>
      </div>
      <QueryState query={report}>
        {(data) =>
          narrow ? (
            <div className="receipt-sheet">
              <DaySlip day={data} />
            </div>
          ) : (
            <A4Sheet>
              <DaySheet day={data} />
            </A4Sheet>
          )
        }
      </QueryState>
    </div>
  );
}
