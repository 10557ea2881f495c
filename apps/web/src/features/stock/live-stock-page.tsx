import { lineTotal } from '@bazar/contracts/money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PrintIcon } from '../../components/admin-icons';
import { DownloadControl } from '../../components/download-control';
import { AdminPagination } from '../../components/admin-pagination';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import '../../components/admin-cards.css';
import { fetchLiveStock, liveStockKey } from './stock-api';
import './stock.css';

/**
 * /admin/live-stock: every product with what its stock cost (buy price × quantity) and the total.
 * The list has hundreds of rows, so a row is plain cells: no components, lazy pictures of fixed size.
 */
export function LiveStockPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  // "Live": read again each time the screen opens.
  const [page, setPage] = useState(1);
  const live = useQuery({
    queryKey: liveStockKey(page),
    queryFn: () => fetchLiveStock(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const products = live.data?.data;
  // What the whole stock cost, as the server counts it over every page (the dashboard's figure).
  const invested = live.data?.meta.totals.invested ?? 0;
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
            <DownloadControl name="live-stock" disabled={!products?.length} />
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => window.print()}
              disabled={!products?.length}
            >
              <PrintIcon className="me-1" />
              {t('adminStock.live.print')}
            </button>
          </div>
        </div>

        {live.isPending ? (
          <PageSpinner />
        ) : live.isError ? (
          <LoadFailed onRetry={() => void live.refetch()} />
        ) : live.data.data.length === 0 ? (
          <p className="text-secondary mb-0">{t('adminStock.live.empty')}</p>
        ) : (
          <>
            <div className="stock-summary mb-3">
              <span className="text-secondary">{t('adminStock.live.totalInvested')}</span>{' '}
              <strong className="stock-summary-amount">{amount(invested)}</strong>
              <span className="d-block small text-secondary">
                {t('adminStock.live.summary', { count: live.data.meta.total })}
              </span>
            </div>
            <div className="table-responsive">
              <table
                className="table table-sm admin-cards live-stock-table mb-0"
                aria-labelledby="live-stock-title"
                aria-busy={live.isFetching || undefined}
              >
                <thead>
                  <tr>
                    <th scope="col" className="img-cell">
                      {t('adminStock.live.columns.image')}
                    </th>
                    <th scope="col">{t('adminStock.live.columns.barcode')}</th>
                    <th scope="col">{t('adminStock.live.columns.title')}</th>
                    <th scope="col" className="num">
                      {t('adminStock.live.columns.price')}
                    </th>
                    <th scope="col" className="num">
                      {t('adminStock.live.columns.buyPrice')}
                    </th>
                    <th scope="col" className="num">
                      {t('adminStock.live.columns.qty')}
                    </th>
                    <th scope="col" className="num">
                      {t('adminStock.live.columns.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {live.data.data.map((p) => (
                    <tr key={p.id} data-product-id={p.id}>
                      <td className="img-cell card-thumb">
                        {p.image ? (
                          <img src={p.image} alt="" loading="lazy" decoding="async" width={40} height={40} />
                        ) : (
                          <span className="live-thumb-empty" title={noImage} />
                        )}
                      </td>
                      <td className="barcode-cell card-full card-after">{p.barcode}</td>
                      <td className="title-cell card-main">
                        {name(p.title, p.title_bn)}
                        {name(p.attri, p.attri_bn) && (
                          <span className="text-secondary"> ({name(p.attri, p.attri_bn)})</span>
                        )}
                      </td>
                      <td className="num price-cell" data-label={label.price}>
                        {p.offprice === null ? (
                          formatNumber(p.price)
                        ) : (
                          <>
                            <del className="text-secondary me-1">
                              <span className="visually-hidden">{oldPrice} </span>
                              {formatNumber(p.price)}
                            </del>
                            <span className="fw-semibold">{formatNumber(p.offprice)}</span>
                          </>
                        )}
                      </td>
                      <td className="num" data-label={label.buyPrice}>
                        {formatNumber(p.buyprice)}
                      </td>
                      <td className={`num${p.qty < 0 ? ' text-danger' : ''}`} data-label={label.qty}>
                        {formatNumber(p.qty)}
                      </td>
                      <td className={`num${p.qty < 0 ? ' text-secondary' : ''}`} data-label={label.total}>
                        {formatNumber(p.qty < 0 ? 0 : lineTotal(p.buyprice, p.qty))}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="stock-total-row">
                    {/* Its own cell, so the row still lines up when print leaves the pictures out. */}
                    <td className="img-cell" />
                    <th scope="row" colSpan={5}>
                      {t('adminStock.live.totalInvested')}
                    </th>
                    <td className="num fw-bold" data-testid="live-stock-invested">
                      {amount(invested)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <div className="mt-3 stock-pages">
              <AdminPagination meta={live.data.meta} limit={5} onChange={setPage} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
