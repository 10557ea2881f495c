import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { DateRangeForm } from '../../components/date-range-form';
import { QueryState } from '../../components/query-state';
import { formatNumber, localeOf, useTranslation, type Language, type TFunction } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { formatDay, type DayRange } from '../../lib/shop-time';
import { usePermissions } from '../auth/permissions';
import { fetchShrinkage, shrinkageKey, type Shrinkage } from './shrinkage-api';
import '../../components/admin-cards.css';
import './shrinkage.css';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the URL when it looks like one; else none (the server checks it is a real day). */
const dayIn = (text: string | null) => (text && CALENDAR_DAY.test(text) ? text : '');

/** The days the report covers, in words. */
function rangeText(t: TFunction, { from, to }: DayRange): string {
  if (from && to) return t('shrinkage.report.range', { from: formatDay(from), to: formatDay(to) });
  if (from) return t('shrinkage.report.since', { from: formatDay(from) });
  if (to) return t('shrinkage.report.until', { to: formatDay(to) });
  return t('shrinkage.report.allTime');
}

const percents = new Map<Language, Intl.NumberFormat>();
const months = new Map<Language, Intl.DateTimeFormat>();

/** What was lost as a share of sales ("1.25%", "১.২৫%"); none without sales. */
function shareText(lost: number, sales: number, lang: Language): string | null {
  if (sales <= 0) return null;
  let format = percents.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), { style: 'percent', maximumFractionDigits: 2 });
    percents.set(lang, format);
  }
  return format.format(lost / sales);
}

/** A YYYY-MM month as people read it: "March 2026", "মার্চ ২০২৬". */
function monthText(month: string, lang: Language): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  let format = months.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    months.set(lang, format);
  }
  return format.format(date);
}

/** A value lost; below zero (stock found) it is a gain, in green. */
function Loss({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <span className={value < 0 ? 'text-success' : undefined}>{t('shrinkage.amount', { amount: value })}</span>
  );
}

/** One of the three totals: its name over the figure. */
function Figure({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="col-12 col-sm-4">
      <div className="card h-100">
        <div className="card-body">
          <h2 className="h6 text-secondary mb-1" id={`${id}-label`}>
            {label}
          </h2>
          <p className="shrink-figure mb-0" aria-labelledby={`${id}-label`} data-testid={id}>
            {children}
          </p>
        </div>
      </div>
    </div>
  );
}

/** A part of the report: a card with its heading and a table (or a sentence when it is empty). */
function Part({
  id,
  title,
  help,
  className = 'col-12',
  children,
}: {
  id: string;
  title: string;
  help?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <div className="card shadow-sm h-100">
        <div className="card-body">
          <h2 id={`${id}-title`} className="h6 mb-1">
            {title}
          </h2>
          {help && <p className="small text-secondary mb-2">{help}</p>}
          {children}
        </div>
      </div>
    </section>
  );
}

function Report({ report }: { report: Shrinkage }) {
  const { t, language } = useTranslation();
  const name = useLocalName();
  const col = (key: 'reason' | 'qty' | 'value' | 'month' | 'lost' | 'sales' | 'share' | 'product') =>
    t(`shrinkage.report.columns.${key}`);
  const share = shareText(report.total.value, report.total.sales, language);
  const empty = (text: string) => <p className="text-secondary mb-0">{text}</p>;

  return (
    <>
      <div className="row g-2 mb-3 shrink-figures" role="group" aria-label={t('shrinkage.report.figures')}>
        <Figure id="shrink-lost" label={t('shrinkage.report.lost')}>
          <Loss value={report.total.value} />
        </Figure>
        <Figure id="shrink-sales" label={t('shrinkage.report.sales')}>
          {t('shrinkage.amount', { amount: report.total.sales })}
        </Figure>
        <Figure id="shrink-share" label={t('shrinkage.report.share')}>
          {share ?? t('shrinkage.report.noSales')}
        </Figure>
      </div>

      <div className="row g-3">
        <Part
          id="shrink-reasons"
          className="col-12 col-lg-6"
          title={t('shrinkage.report.byReason')}
          help={t('shrinkage.report.foundNote')}
        >
          {report.reasons.length === 0 ? (
            empty(t('shrinkage.report.noReasons'))
          ) : (
            <DataTable
              labelledBy="shrink-reasons-title"
              className="table-sm align-middle admin-cards shrink-table mb-0"
              rows={report.reasons}
              rowKey={(r) => r.reason}
              rowProps={(r) => ({ 'data-reason': r.reason })}
              columns={[
                {
                  key: 'reason',
                  header: col('reason'),
                  className: 'card-main',
                  rowHeader: true,
                  cell: (r) => t(`shrinkage.reasons.${r.reason}`),
                },
                {
                  key: 'qty',
                  header: col('qty'),
                  label: col('qty'),
                  className: 'num',
                  cell: (r) => formatNumber(r.qty),
                },
                {
                  key: 'value',
                  header: col('value'),
                  label: col('value'),
                  className: 'num',
                  cell: (r) => <Loss value={r.value} />,
                },
              ]}
              footer={
                <tr>
                  <th scope="row">{t('shrinkage.report.total')}</th>
                  <td />
                  <td className="num fw-bold" data-testid="shrink-reasons-total">
                    <Loss value={report.total.value} />
                  </td>
                </tr>
              }
            />
          )}
        </Part>

        <Part id="shrink-months" className="col-12 col-lg-6" title={t('shrinkage.report.byMonth')}>
          {report.months.length === 0 ? (
            empty(t('shrinkage.report.noMonths'))
          ) : (
            <DataTable
              labelledBy="shrink-months-title"
              className="table-sm align-middle admin-cards shrink-table mb-0"
              rows={report.months}
              rowKey={(m) => m.month}
              rowProps={(m) => ({ 'data-month': m.month })}
              columns={[
                {
                  key: 'month',
                  header: col('month'),
                  className: 'card-main text-nowrap',
                  rowHeader: true,
                  cell: (m) => monthText(m.month, language),
                },
                {
                  key: 'lost',
                  header: col('lost'),
                  label: col('lost'),
                  className: 'num',
                  cell: (m) => <Loss value={m.value} />,
                },
                {
                  key: 'sales',
                  header: col('sales'),
                  label: col('sales'),
                  className: 'num',
                  cell: (m) => t('shrinkage.amount', { amount: m.sales }),
                },
                {
                  key: 'share',
                  header: col('share'),
                  label: col('share'),
                  className: 'num',
                  cell: (m) => shareText(m.value, m.sales, language) ?? '—',
                },
              ]}
            />
          )}
        </Part>

        <Part
          id="shrink-products"
          title={t('shrinkage.report.products')}
          help={t('shrinkage.report.productsHelp')}
        >
          {report.products.length === 0 ? (
            empty(t('shrinkage.report.noProducts'))
          ) : (
            <DataTable
              labelledBy="shrink-products-title"
              className="table-sm align-middle admin-cards shrink-table mb-0"
              rows={report.products}
              rowKey={(p) => p.product_id ?? `gone-${p.title}-${p.attri}`}
              rowProps={(p) => (p.product_id === null ? {} : { 'data-product-id': p.product_id })}
              columns={[
                {
                  key: 'product',
                  header: col('product'),
                  className: 'card-main',
                  rowHeader: true,
                  cell: (p) => {
                    const title = name(p.title, p.title_bn);
                    const attri = name(p.attri, p.attri_bn);
                    if (p.product_id === null && !title) return t('shrinkage.report.deleted');
                    return (
                      <>
                        {title}
                        {attri && <span className="text-secondary fw-normal"> ({attri})</span>}
                      </>
                    );
                  },
                },
                {
                  key: 'qty',
                  header: col('qty'),
                  label: col('qty'),
                  className: 'num',
                  cell: (p) => formatNumber(p.qty),
                },
                {
                  key: 'value',
                  header: col('value'),
                  label: col('value'),
                  className: 'num',
                  cell: (p) => <Loss value={p.value} />,
                },
              ]}
            />
          )}
        </Part>
      </div>
    </>
  );
}

/**
 * /admin/shrinkage (`reports.profit`: values at buy price): what the shop lost to count differences
 * and write-offs between two shop days (all time at first), beside what it sold: the totals and the
 * loss as a share of sales, the loss by reason (found stock is a gain, below zero), by month beside
 * the month's sales, and the products that cost most. The days are in the URL.
 */
export function ShrinkagePage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const range: DayRange = { from: dayIn(params.get('from')), to: dayIn(params.get('to')) };
  // Sales and write-offs come in all day: asked again on each visit.
  const report = useQuery({
    queryKey: shrinkageKey(range),
    queryFn: () => fetchShrinkage(range),
    staleTime: 0,
    // Other days keep the report on screen until theirs comes (marked busy).
    placeholderData: keepPreviousData,
  });

  const show = (next: DayRange) => {
    // The same days again ask the server again.
    if (next.from === range.from && next.to === range.to) {
      void report.refetch();
      return;
    }
    const out = new URLSearchParams();
    if (next.from) out.set('from', next.from);
    if (next.to) out.set('to', next.to);
    setParams(out);
  };

  return (
    <section className="card shadow-sm shrink-report" aria-labelledby="shrink-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <div className="me-auto">
            <h1 id="shrink-title" className="h4 mb-0">
              {t('shrinkage.report.title')}
            </h1>
            <p className="text-secondary mb-0" data-testid="shrink-range">
              {rangeText(t, range)}
            </p>
          </div>
          {can('stock.view') && (
            <Link to="/admin/live-stock" className="btn btn-outline-secondary">
              {t('shrinkage.report.liveStock')}
            </Link>
          )}
        </div>
        <p className="small text-secondary">{t('shrinkage.report.intro')}</p>

        <DateRangeForm
          key={`${range.from}|${range.to}`}
          id="shrink"
          initial={range}
          labels={{
            form: t('shrinkage.report.filter'),
            from: t('shrinkage.report.from'),
            to: t('shrinkage.report.to'),
            search: t('shrinkage.report.show'),
          }}
          onSearch={show}
          classes={{
            form: 'row g-2 align-items-end mb-3',
            field: 'col-6 col-md-3',
            button: 'col-12 col-md-2',
          }}
        />

        <div aria-busy={report.isPlaceholderData || undefined}>
          <QueryState query={report}>{(data) => <Report report={data} />}</QueryState>
        </div>
      </div>
    </section>
  );
}
