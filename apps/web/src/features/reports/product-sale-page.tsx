import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AdminPagination } from '../../components/admin-pagination';
import { DataTable } from '../../components/data-table';
import { DateRangeForm } from '../../components/date-range-form';
import { DownloadControl } from '../../components/download-control';
import { PrintIcon } from '../../components/admin-icons';
import { QueryState } from '../../components/query-state';
import { formatNumber, useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { formatDay, type DayRange } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { useAdminList } from '../../lib/use-admin-list';
import {
  fetchProductSales,
  formatQty,
  productSaleKey,
  saleFigures,
  type ProductSaleRow,
} from './reports-api';
import '../../components/admin-cards.css';
import './reports.css';

const FIGURES = [
  { key: 'total', label: 'adminReports.productSale.total' },
  { key: 'cost', label: 'adminReports.productSale.cost' },
  { key: 'profit', label: 'adminReports.productSale.profit' },
] as const;

/** The dates the report covers, in words: it is printed with the report. */
function rangeText(t: TFunction, { from, to }: DayRange): string {
  if (from && to) return t('adminReports.productSale.range', { from: formatDay(from), to: formatDay(to) });
  if (from) return t('adminReports.productSale.since', { from: formatDay(from) });
  if (to) return t('adminReports.productSale.until', { to: formatDay(to) });
  return t('adminReports.productSale.allTime');
}

/**
 * /admin/product-sale: what sold between two dates (all time at first), with cost and profit. The
 * table shows 50 rows a page; the cards are the server's sums over every row of the dates, and
 * Print fetches every row first, so the paper has the whole report. The dates and the page are in
 * the URL.
 */
export function ProductSalePage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const queryClient = useQueryClient();
  // Sales come in all day: asked again on each visit.
  const list = useAdminList('GET /api/product-sale/page', { filters: { from: '', to: '' }, staleTime: 0 });
  const range = list.filters;
  const sales = list.query;
  // Every row of the dates while the report prints; the page's rows otherwise.
  const [printRows, setPrintRows] = useState<ProductSaleRow[] | null>(null);
  const [preparing, setPreparing] = useState(false);
  const figures = sales.data?.meta.totals ?? { total: 0, cost: 0, profit: 0 };
  // Staff without `reports.profit` get no buy prices, cost or profit: those cards and columns go.
  const withProfit = figures.cost !== undefined;
  const shownFigures = FIGURES.filter(({ key }) => withProfit || key === 'total');
  const shownColumns = (['price', 'buyPrice', 'qty', 'total', 'cost', 'profit'] as const).filter(
    (key) => withProfit || !['buyPrice', 'cost', 'profit'].includes(key),
  );
  const bdt = (amount: number) => t('adminReports.amount', { amount });
  const label = (key: 'price' | 'buyPrice' | 'qty' | 'total' | 'cost' | 'profit') =>
    t(`adminReports.productSale.columns.${key}`);
  /** A row's figure in one column; its profit below zero in red. */
  const figure = (row: ProductSaleRow, key: 'price' | 'buyPrice' | 'qty' | 'total' | 'cost' | 'profit') => {
    if (key === 'price') return formatNumber(row.price);
    if (key === 'buyPrice') return row.buyprice === undefined ? '—' : formatNumber(row.buyprice);
    if (key === 'qty') return formatQty(row.qty);
    const line = saleFigures([row]);
    if (key !== 'profit') return formatNumber(line[key]);
    return <span className={line.profit < 0 ? 'text-danger' : undefined}>{formatNumber(line.profit)}</span>;
  };

  const print = async () => {
    setPreparing(true);
    try {
      const all = await queryClient.fetchQuery({
        queryKey: productSaleKey(range),
        queryFn: () => fetchProductSales(range),
        staleTime: 0,
      });
      setPrintRows(all);
    } catch {
      toast.error(t('common.somethingWrong'));
    } finally {
      setPreparing(false);
    }
  };
  // The whole list is on the page now: print it, then go back to the page of rows.
  useEffect(() => {
    if (!printRows) return;
    window.print();
    setPrintRows(null);
  }, [printRows]);

  return (
    <section className="card shadow-sm sale-report" aria-labelledby="sale-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <div className="me-auto">
            <h1 id="sale-title" className="h4 mb-0">
              {t('adminReports.productSale.title')}
            </h1>
            <p className="text-secondary mb-0" data-testid="sale-range">
              {rangeText(t, range)}
            </p>
          </div>
          <DownloadControl name="product-sale" query={{ ...range }} disabled={!sales.data} />
          <button
            type="button"
            className="btn btn-outline-primary d-print-none"
            onClick={() => void print()}
            disabled={!sales.data || preparing}
            aria-busy={preparing || undefined}
          >
            <PrintIcon className="me-1" />
            {t('adminReports.productSale.print')}
          </button>
        </div>

        {/* Searching the same dates again asks the server again: sales come in all day. */}
        <DateRangeForm
          key={`${range.from}|${range.to}`}
          id="sale"
          initial={range}
          labels={{
            form: t('adminReports.productSale.search'),
            from: t('adminReports.from'),
            to: t('adminReports.to'),
            search: t('adminReports.search'),
          }}
          onSearch={list.setFilters}
          classes={{
            form: 'row g-2 align-items-end mb-3 d-print-none',
            field: 'col-6 col-md-3',
            button: 'col-12 col-md-2',
          }}
        />

        <div
          className="row g-2 mb-3 report-figures"
          role="group"
          aria-label={t('adminReports.productSale.summary')}
        >
          {shownFigures.map(({ key, label }) => (
            <div className="col-12 col-sm-4" key={key}>
              <div className="card h-100">
                <div className="card-body">
                  <h2 className="h6 text-secondary mb-1" id={`sale-sum-${key}`}>
                    {t(label)}
                  </h2>
                  <p
                    className={`report-figure mb-0${(figures[key] ?? 0) < 0 ? ' text-danger' : ''}`}
                    aria-labelledby={`sale-sum-${key}`}
                    data-testid={`sale-${key}`}
                  >
                    {sales.data ? bdt(figures[key] ?? 0) : '…'}
                  </p>
                </div>
              </div>
            </div>
          ))}
        </div>

        <QueryState query={sales} empty={t('adminReports.productSale.empty')}>
          {(page) => (
            <DataTable
              labelledBy="sale-title"
              className="table-hover table-sm align-middle report-table admin-cards sale-table mb-0"
              busy={sales.isFetching}
              rows={printRows ?? page.data}
              rowKey={(row) => `${row.product_id}-${row.name}-${row.attri}-${row.price}-${row.buyprice}`}
              columns={[
                {
                  key: 'name',
                  header: t('adminReports.productSale.columns.name'),
                  className: 'card-main',
                  cell: (row) => name(row.name, row.name_bn),
                },
                {
                  key: 'attri',
                  header: t('adminReports.productSale.columns.attri'),
                  className: 'card-full sub-cell',
                  cell: (row) => name(row.attri, row.attri_bn),
                },
                ...shownColumns.map((key) => ({
                  key,
                  header: label(key),
                  label: label(key),
                  className: 'num',
                  cell: (row: ProductSaleRow) => figure(row, key),
                })),
              ]}
            />
          )}
        </QueryState>
        {sales.data && !printRows ? (
          <div className="mt-3 d-print-none">
            <AdminPagination meta={sales.data.meta} limit={5} onChange={list.setPage} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
