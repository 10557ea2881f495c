import type { ZReport } from '@bazar/contracts/shifts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { NotFound } from '../../components/not-found';
import { PageSpinner } from '../../components/page-spinner';
import { PrintIcon } from '../../components/admin-icons';
import { usePrintedPage } from '../../components/printed-page';
import { call, isApiError } from '../../lib/api';
import {
  currentLanguage,
  translator,
  useTranslation,
  type Language,
  type TFunction,
} from '../../lib/i18n/i18n';
import { fetchShopInfo, useShopInfo } from '../../lib/shop-api';
import { FALLBACK_TIME_ZONE, shopTimeIn, useShopTime } from '../../lib/shop-time';
import type { PrintedDocument, PrintedLine } from '../printing/printed-document';
import { ReceiptFrame } from './receipt-frame';
import './receipt.css';

type Row = { left: string; right: string; strong?: boolean } | { rule: true } | { title: string };

/**
 * The Z report's lines, once for the screen (80 mm, 58 mm and A4) and the receipt printer: the
 * shift, its sales, cancelled sales, returns and discounts, each method's money with its count, and
 * the drawer from the opening float to the difference counted.
 */
function reportRows(
  report: ZReport,
  t: TFunction,
  n: (v: number) => string,
  at: (iso: string) => string,
): Row[] {
  const { shift } = report;
  const method = (m: string) => t(`adminTill.summary.methods.${m as 'cash'}`);
  // Money out, with its minus sign (none on a zero).
  const less = (v: number) => (v === 0 ? n(0) : `−${n(v)}`);
  const money: Row[] =
    report.methods.length === 0
      ? [{ left: t('adminZReport.noMoney'), right: '' }]
      : report.methods.flatMap((m): Row[] => [
          {
            left: t('adminZReport.methodLine', { method: method(m.method), count: m.count }),
            right: n(m.net),
            strong: true,
          },
          { left: `  ${t('adminZReport.received')}`, right: n(m.received) },
          ...(m.refunds ? [{ left: `  ${t('adminZReport.refunds')}`, right: less(m.refunds) }] : []),
          ...(m.change ? [{ left: `  ${t('adminZReport.change')}`, right: less(m.change) }] : []),
        ]);
  const difference = shift.difference ?? 0;
  return [
    { left: t('adminZReport.cashier'), right: shift.cashier ?? '' },
    { left: t('adminZReport.opened'), right: at(shift.opened) },
    { left: t('adminZReport.closed'), right: shift.closed ? at(shift.closed) : '' },
    { rule: true },
    {
      left: t('adminZReport.sales', { count: report.sales.count }),
      right: n(report.sales.amount),
      strong: true,
    },
    { left: t('adminZReport.discounts'), right: n(report.sales.discounts) },
    { left: t('adminZReport.returns', { count: report.returns.count }), right: n(report.returns.value) },
    { left: t('adminZReport.voided', { count: report.voided.count }), right: n(report.voided.amount) },
    { rule: true },
    { title: t('adminZReport.methods') },
    ...money,
    { rule: true },
    { title: t('adminZReport.drawer') },
    { left: t('adminZReport.float'), right: n(shift.opening_float) },
    { left: t('adminZReport.cashSales'), right: n(shift.cash_sales) },
    { left: t('adminZReport.cashRefunds'), right: less(shift.cash_refunds) },
    { left: t('adminZReport.moves'), right: n(shift.cash_moves) },
    { left: t('adminZReport.paidOut'), right: less(shift.cash_paid_out) },
    { left: t('adminZReport.expected'), right: n(shift.expected), strong: true },
    { left: t('adminZReport.counted'), right: n(shift.counted ?? 0), strong: true },
    {
      left: t('adminZReport.difference'),
      right: difference > 0 ? `+${n(difference)}` : n(difference),
      strong: true,
    },
  ];
}

/** The Z report for this computer's receipt printer (features/printing), in the screen's language. */
async function printedZReport(report: ZReport, lang: Language = currentLanguage()): Promise<PrintedDocument> {
  const [{ t, formatNumber }, shop] = await Promise.all([
    translator(lang),
    fetchShopInfo().catch(() => undefined),
  ]);
  const time = shopTimeIn(shop?.tz || FALLBACK_TIME_ZONE, lang);
  const lines: PrintedLine[] = [
    { kind: 'text', text: shop?.name || t('shop.name'), align: 'center', big: true },
    { kind: 'text', text: t('adminZReport.heading', { id: report.shift.id }), align: 'center', bold: true },
    { kind: 'rule' },
    ...reportRows(report, t, formatNumber, time.dateTime).map((row): PrintedLine =>
      'rule' in row
        ? { kind: 'rule', light: true }
        : 'title' in row
          ? { kind: 'text', text: row.title, bold: true }
          : { kind: 'row', left: row.left, right: row.right, ...(row.strong && { bold: true }) },
    ),
  ];
  return { lines, drawer: false };
}

function ZReportSheet({ report, paper }: { report: ZReport; paper: '80' | '58' | 'a4' }) {
  const { t, formatNumber } = useTranslation();
  const time = useShopTime();
  const shop = useShopInfo();
  const ref = useRef<HTMLElement>(null);
  usePrintedPage(ref, paper);
  const heading = t('adminZReport.heading', { id: report.shift.id });
  return (
    <article
      ref={ref}
      className={
        paper === 'a4' ? 'z-report-a4 bg-white p-4 border rounded mx-auto' : `receipt receipt-${paper}`
      }
      data-paper={paper}
      aria-label={heading}
      style={paper === 'a4' ? { maxWidth: '180mm' } : undefined}
    >
      <header className="receipt-center text-center">
        <p className={paper === 'a4' ? 'h4 mb-1' : 'receipt-shop'}>{shop.data?.name || t('shop.name')}</p>
        <p className="receipt-strong fw-semibold">{heading}</p>
      </header>
      <hr className="receipt-rule" />
      {reportRows(report, t, formatNumber, time.dateTime).map((row, i) =>
        'rule' in row ? (
          <hr key={i} className="receipt-rule" />
        ) : 'title' in row ? (
          <p key={i} className="receipt-strong fw-semibold mb-1">
            {row.title}
          </p>
        ) : (
          <div
            key={i}
            className={`receipt-row d-flex justify-content-between${row.strong ? ' receipt-strong fw-semibold' : ''}`}
          >
            <span className="receipt-left" style={{ whiteSpace: 'pre' }}>
              {row.left}
            </span>
            <span className="receipt-right">{row.right}</span>
          </div>
        ),
      )}
    </article>
  );
}

/**
 * /admin/shift-report/{id}: a closed shift's Z report (GET /api/shift/{id}/report). On 80 or 58 mm
 * paper through the receipt page's frame (`?print=1&then=pos` prints it on this computer's receipt
 * printer, else the dialog, and goes back to the till); `?paper=a4` on A4 through the dialog.
 */
export function ZReportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const a4 = params.get('paper') === 'a4';
  const report = useQuery({
    queryKey: ['shift-report', id],
    queryFn: () => call('GET /api/shift/:id/report', { params: { id } }).then((a) => a.data),
    enabled: valid,
    retry: false,
  });

  // A4: printed through the dialog once the report is on the page.
  useEffect(() => {
    if (!a4 || !report.data || params.get('print') !== '1') return;
    const frame = requestAnimationFrame(() => {
      window.print();
      setParams((current) => (current.delete('print'), current), { replace: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [a4, report.data, params, setParams]);

  if (!valid || (report.isError && isApiError(report.error, 404))) return <NotFound />;
  const body = (paper: '80' | '58' | 'a4') =>
    report.isPending ? (
      <PageSpinner />
    ) : report.isError ? (
      isApiError(report.error, 409) ? (
        <p className="alert alert-warning">{t('adminZReport.stillOpen')}</p>
      ) : (
        <LoadFailed onRetry={() => void report.refetch()} />
      )
    ) : (
      <div className={paper === 'a4' ? '' : 'receipt-sheet'}>
        <ZReportSheet report={report.data} paper={paper} />
      </div>
    );

  if (a4) {
    return (
      <div className="receipt-page">
        <div className="receipt-tools d-flex flex-wrap align-items-center gap-2 mb-3">
          <Link to={`/admin/shift-report/${id}`} className="btn btn-outline-secondary">
            80 mm
          </Link>
          <h1 className="h5 mb-0 me-auto">{t('adminZReport.heading', { id })}</h1>
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => window.print()}
            disabled={!report.data}
          >
            <PrintIcon className="me-1" />
            {t('adminZReport.print')}
          </button>
        </div>
        {body('a4')}
      </div>
    );
  }
  return (
    <ReceiptFrame
      heading={t('adminZReport.heading', { id })}
      ready={Boolean(report.data)}
      invoiceId={null}
      thermal={report.data ? () => printedZReport(report.data) : undefined}
    >
      {(paper) => (
        <>
          <p className="receipt-tools mb-2">
            <Link to={`/admin/shift-report/${id}?paper=a4`}>{t('adminZReport.a4')}</Link>
          </p>
          {body(paper)}
        </>
      )}
    </ReceiptFrame>
  );
}
