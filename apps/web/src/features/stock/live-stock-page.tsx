import { lineTotal } from '@bazar/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PrintIcon } from '../../components/admin-icons';
import { AdminPagination } from '../../components/admin-pagination';
import { DataTable } from '../../components/data-table';
import { DownloadControl } from '../../components/download-control';
import { QueryState } from '../../components/query-state';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useAdminList } from '../../lib/use-admin-list';
import { usePermissions } from '../auth/permissions';
import { TrackExpirySwitch } from '../expiry/track-expiry-switch';
import {
  BRANDS_KEY,
  CATEGORIES_KEY,
  fetchBrands,
  fetchCategories,
  flattenCategories,
} from '../products/products-api';
import { AdjustStockModal, productName, type AdjustTarget } from './adjust-stock-modal';
import '../../components/admin-cards.css';
import './stock.css';

/**
 * /admin/live-stock: every product with what its stock cost (buy price × quantity) and the total.
 * Fifty products a page (the page is in the URL), each with a lazy picture of fixed size. Who may
 * edit stock adjusts a product's quantity from its row (a write-off with a reason, or stock found)
 * and turns Track expiry on or off; who may read profit figures finds the shrinkage report from
 * here, and everyone the batches expiring soon.
 */
export function LiveStockPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const { can } = usePermissions();
  // "Live": read again each time the screen opens. The filters and the order live in the URL.
  const list = useAdminList('GET /api/live-stock', {
    staleTime: 0,
    filters: { category_id: '', brand_id: '', low: '', sort: '' },
  });
  const categories = useQuery({ queryKey: CATEGORIES_KEY, queryFn: fetchCategories });
  const brands = useQuery({ queryKey: BRANDS_KEY, queryFn: fetchBrands });
  const flat = useMemo(() => flattenCategories(categories.data ?? []), [categories.data]);
  const setFilter = (key: keyof typeof list.filters, value: string) =>
    list.setFilters({ ...list.filters, [key]: value });
  const products = list.rows;
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const canAdjust = can('stock.edit');
  const amount = (value: number) => t('common.price', { amount: value });
  const oldPrice = t('adminStock.live.oldPrice');
  const noImage = t('adminStock.live.noImage');
  // Read once, not once per row.
  const label = {
    price: t('adminStock.live.columns.price'),
    buyPrice: t('adminStock.live.columns.buyPrice'),
    qty: t('adminStock.live.columns.qty'),
    total: t('adminStock.live.columns.total'),
  };

  return (
    <section className="card shadow-sm stock-sheet" aria-labelledby="live-stock-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="live-stock-title" className="h4 mb-0 me-auto">
            {t('adminStock.live.title')}
          </h1>
          <div className="d-flex flex-wrap gap-2 stock-tools">
            <Link to="/admin/stock" className="btn btn-outline-secondary">
              {t('adminStock.live.stockLink')}
            </Link>
            {can('reports.profit') && (
              <Link to="/admin/shrinkage" className="btn btn-outline-secondary">
                {t('shrinkage.report.link')}
              </Link>
            )}
            <Link to="/admin/expiring" className="btn btn-outline-secondary">
              {t('expiry.nav')}
            </Link>
            <DownloadControl name="live-stock" disabled={!products.length} />
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => window.print()}
              disabled={!products.length}
            >
              <PrintIcon className="me-1" />
              {t('adminStock.live.print')}
            </button>
          </div>
        </div>

        <form
          className="row g-2 align-items-end mb-3 live-stock-filters"
          aria-label={t('adminStock.live.filters.label')}
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="col-6 col-md-3">
            <label htmlFor="live-category" className="form-label small mb-1">
              {t('adminStock.live.filters.category')}
            </label>
            <select
              id="live-category"
              className="form-select form-select-sm"
              value={list.filters.category_id}
              onChange={(event) => setFilter('category_id', event.target.value)}
            >
              <option value="">{t('adminStock.live.filters.any')}</option>
              {flat.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${'\u00a0\u00a0'.repeat(c.depth)}${name(c.title, c.title_bn)}`}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="live-brand" className="form-label small mb-1">
              {t('adminStock.live.filters.brand')}
            </label>
            <select
              id="live-brand"
              className="form-select form-select-sm"
              value={list.filters.brand_id}
              onChange={(event) => setFilter('brand_id', event.target.value)}
            >
              <option value="">{t('adminStock.live.filters.any')}</option>
              {(brands.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {name(b.title, b.title_bn)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="live-sort" className="form-label small mb-1">
              {t('adminStock.live.filters.sort')}
            </label>
            <select
              id="live-sort"
              className="form-select form-select-sm"
              value={list.filters.sort}
              onChange={(event) => setFilter('sort', event.target.value)}
            >
              <option value="">{t('adminStock.live.filters.byTitle')}</option>
              <option value="qty">{t('adminStock.live.filters.byQty')}</option>
              <option value="value">{t('adminStock.live.filters.byValue')}</option>
            </select>
          </div>
          <div className="col-6 col-md-3">
            <div className="form-check mb-1">
              <input
                id="live-low"
                type="checkbox"
                className="form-check-input"
                checked={list.filters.low === '1'}
                onChange={(event) => setFilter('low', event.target.checked ? '1' : '')}
              />
              <label htmlFor="live-low" className="form-check-label small">
                {t('adminStock.live.filters.low')}
              </label>
            </div>
          </div>
        </form>

        <QueryState query={list.query} empty={t('adminStock.live.empty')}>
          {(page) => (
            <>
              <div className="stock-summary mb-3">
                <span className="text-secondary">{t('adminStock.live.totalInvested')}</span>{' '}
                {/* What the whole stock cost, as the server counts it over every page (the dashboard's figure). */}
                <strong className="stock-summary-amount">
                  {page.meta.totals.invested === undefined ? '—' : amount(page.meta.totals.invested)}
                </strong>
                <span className="d-block small text-secondary">
                  {t('adminStock.live.summary', { count: page.meta.total })}
                </span>
              </div>
              <DataTable
                labelledBy="live-stock-title"
                className="table-sm admin-cards live-stock-table mb-0"
                busy={list.query.isFetching}
                rows={page.data}
                rowKey={(p) => p.id}
                rowProps={(p) => ({ 'data-product-id': p.id })}
                columns={[
                  {
                    key: 'image',
                    header: t('adminStock.live.columns.image'),
                    className: 'img-cell card-thumb',
                    cell: (p) =>
                      p.image ? (
                        <img src={p.image} alt="" loading="lazy" decoding="async" width={40} height={40} />
                      ) : (
                        <span className="live-thumb-empty" title={noImage} />
                      ),
                  },
                  {
                    key: 'barcode',
                    header: t('adminStock.live.columns.barcode'),
                    className: 'barcode-cell card-full card-after',
                    cell: (p) => p.barcode,
                  },
                  {
                    key: 'title',
                    header: t('adminStock.live.columns.title'),
                    className: 'title-cell card-main',
                    cell: (p) => (
                      <>
                        {name(p.title, p.title_bn)}
                        {name(p.attri, p.attri_bn) && (
                          <span className="text-secondary"> ({name(p.attri, p.attri_bn)})</span>
                        )}
                        {/* Who cannot switch it (no Expiry dates column) still reads it. */}
                        {!canAdjust && p.track_expiry && (
                          <span className="badge text-bg-light border fw-normal ms-1">
                            {t('expiry.live.tracked')}
                          </span>
                        )}
                      </>
                    ),
                  },
                  {
                    key: 'price',
                    header: label.price,
                    label: label.price,
                    className: 'num price-cell',
                    cell: (p) =>
                      p.offprice === null ? (
                        formatNumber(p.price)
                      ) : (
                        <>
                          <del className="text-secondary me-1">
                            <span className="visually-hidden">{oldPrice} </span>
                            {formatNumber(p.price)}
                          </del>
                          <span className="fw-semibold">{formatNumber(p.offprice)}</span>
                        </>
                      ),
                  },
                  {
                    key: 'buyprice',
                    header: label.buyPrice,
                    label: label.buyPrice,
                    className: 'num',
                    cell: (p) => (p.buyprice === undefined ? '—' : formatNumber(p.buyprice)),
                  },
                  {
                    key: 'qty',
                    header: label.qty,
                    label: label.qty,
                    className: 'num',
                    cell: (p) => (
                      <span className={p.qty < 0 ? 'text-danger' : undefined}>{formatNumber(p.qty)}</span>
                    ),
                  },
                  {
                    key: 'total',
                    header: label.total,
                    label: label.total,
                    className: 'num',
                    cell: (p) => (
                      <span className={p.qty < 0 ? 'text-secondary' : undefined}>
                        {p.buyprice === undefined
                          ? '—'
                          : formatNumber(p.qty < 0 ? 0 : lineTotal(p.buyprice, p.qty))}
                      </span>
                    ),
                  },
                  canAdjust && {
                    key: 'expiry',
                    header: t('expiry.live.column'),
                    className: 'stock-action card-full',
                    cell: (p) => (
                      <TrackExpirySwitch
                        product={p}
                        name={productName(name, p)}
                        onChanged={(track) =>
                          list.updateRow(p.id, (row) => ({ ...row, track_expiry: track }))
                        }
                      />
                    ),
                  },
                  canAdjust && {
                    key: 'adjust',
                    header: t('shrinkage.adjust.column'),
                    className: 'text-end stock-action card-menu',
                    cell: (p) => (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary text-nowrap"
                        aria-label={t('shrinkage.adjust.actionLabel', { product: productName(name, p) })}
                        onClick={() => setAdjusting(p)}
                      >
                        {t('shrinkage.adjust.action')}
                      </button>
                    ),
                  },
                ]}
                footer={
                  <tr className="stock-total-row">
                    {/* Its own cell, so the row still lines up when print leaves the pictures out. */}
                    <td className="img-cell" />
                    <th scope="row" colSpan={5}>
                      {t('adminStock.live.totalInvested')}
                    </th>
                    <td className="num fw-bold" data-testid="live-stock-invested">
                      {page.meta.totals.invested === undefined ? '—' : amount(page.meta.totals.invested)}
                    </td>
                    {canAdjust && <td className="stock-action" />}
                    {canAdjust && <td className="stock-action" />}
                  </tr>
                }
              />
              <div className="mt-3 stock-pages">
                <AdminPagination meta={page.meta} limit={5} onChange={list.setPage} />
              </div>
            </>
          )}
        </QueryState>
      </div>
      <AdjustStockModal
        product={adjusting}
        onClose={() => setAdjusting(null)}
        // The row shows the server's quantity at once; the list is read again for the total.
        onSaved={(answer) => list.updateRow(answer.product_id, (row) => ({ ...row, qty: answer.qty }))}
      />
    </section>
  );
}
