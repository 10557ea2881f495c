import { lineTotal } from '@bazar/contracts/money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { AdminPagination } from '../../components/admin-pagination';
import { PrintIcon } from '../../components/admin-icons';
import { DownloadControl } from '../../components/download-control';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { serverMessage } from '../../lib/form-errors';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import '../../components/admin-cards.css';
import { AddStockModal } from './add-stock-modal';
import {
  ADMIN_KEY,
  deleteStock,
  fetchStocks,
  STOCKS_KEY,
  stocksKey,
  type StockEntry,
  type StockPage,
} from './stock-api';
import './stock.css';

/** /admin/stock ("Advance Stock"): the stock purchases, newest first, with their total; add, delete, print. */
export function StockPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  // A product's badge: its title and attribute in the screen's language (the other when it has none).
  const badge = (p: StockEntry['product_list'][number]) => {
    const title = name(p.title, p.title_bn);
    const attri = name(p.attri, p.attri_bn);
    return attri ? `${title}-${attri}` : title;
  };
  const time = useShopTime();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<StockEntry | null>(null);

  const [page, setPage] = useState(1);
  const stocks = useQuery({
    queryKey: stocksKey(page),
    queryFn: () => fetchStocks(page),
    placeholderData: keepPreviousData,
  });

  // Quantities and buy prices changed: every other admin list (products, live stock, dashboard)
  // reads again when next shown, and this list reloads now (spec §4).
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_KEY, refetchType: 'none' });
    return queryClient.invalidateQueries({ queryKey: STOCKS_KEY });
  };

  const remove = useMutation({
    mutationFn: (entry: StockEntry) => deleteStock(entry.id),
    onSuccess: (_, entry) => {
      toast.success(t('adminStock.stock.deleted'));
      queryClient.setQueryData<StockPage<StockEntry>>(
        stocksKey(page),
        (answer) => answer && { ...answer, data: answer.data.filter((row) => row.id !== entry.id) },
      );
      void reload();
    },
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
    onSettled: () => setDeleting(null),
  });

  const entries = stocks.data?.data ?? [];
  const invested = stocks.data?.meta.totals.invested ?? 0;

  return (
    <section className="card shadow-sm stock-sheet" aria-labelledby="stock-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="stock-title" className="h4 mb-0 me-auto">
            {t('adminStock.stock.title')}
          </h1>
          <div className="d-flex flex-wrap gap-2 stock-tools">
            <Link to="/admin/live-stock" className="btn btn-outline-secondary">
              {t('adminStock.stock.liveLink')}
            </Link>
            <DownloadControl name="stock-entries" disabled={entries.length === 0} />
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => window.print()}
              disabled={entries.length === 0}
            >
              <PrintIcon className="me-1" />
              {t('adminStock.stock.print')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {t('adminStock.stock.add')}
            </button>
          </div>
        </div>

        {stocks.isPending ? (
          <PageSpinner />
        ) : stocks.isError ? (
          <LoadFailed onRetry={() => void stocks.refetch()} />
        ) : entries.length === 0 ? (
          <p className="text-secondary mb-0">{t('adminStock.stock.empty')}</p>
        ) : (
          <div className="table-responsive">
            <table
              className="table admin-cards stock-table mb-0"
              aria-labelledby="stock-title"
              aria-busy={stocks.isFetching || undefined}
            >
              <thead>
                <tr>
                  <th scope="col">{t('adminStock.stock.columns.id')}</th>
                  <th scope="col">{t('adminStock.stock.columns.products')}</th>
                  <th scope="col" className="num">
                    {t('adminStock.stock.columns.buyPrice')}
                  </th>
                  <th scope="col" className="num">
                    {t('adminStock.stock.columns.qty')}
                  </th>
                  <th scope="col" className="num">
                    {t('adminStock.stock.columns.total')}
                  </th>
                  <th scope="col" className="text-end stock-action">
                    {t('adminStock.stock.columns.action')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} data-stock-id={entry.id}>
                    <th scope="row" className="id-cell card-main">
                      <span className="visually-hidden">{t('adminStock.stock.entry', { id: entry.id })}</span>
                      <span aria-hidden="true">{entry.id}</span>
                      <span className="d-block small fw-normal text-secondary text-nowrap">
                        {t('adminStock.stock.created', { date: time.date(entry.created) })}
                      </span>
                    </th>
                    <td className="products-cell card-full">
                      <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0">
                        {entry.product_list.map((product, index) => (
                          <li
                            key={product.id ?? `gone-${index}`}
                            className={`badge border ${product.id === null ? 'text-bg-light' : 'stock-badge'}`}
                          >
                            {badge(product)}
                            {product.id === null && (
                              <span className="fw-normal"> ({t('adminStock.stock.productGone')})</span>
                            )}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="num" data-label={t('adminStock.stock.columns.buyPrice')}>
                      {formatNumber(entry.price)}
                    </td>
                    <td className="num" data-label={t('adminStock.stock.columns.qty')}>
                      {formatNumber(entry.qty)}
                    </td>
                    <td className="num fw-semibold" data-label={t('adminStock.stock.columns.total')}>
                      {formatNumber(lineTotal(entry.price, entry.qty))}
                    </td>
                    <td className="text-end stock-action card-menu">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={t('adminStock.stock.deleteLabel', { id: entry.id })}
                        onClick={() => setDeleting(entry)}
                      >
                        {t('adminStock.stock.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="stock-total-row">
                  <th scope="row" colSpan={4}>
                    {t('adminStock.stock.totalInvested')}
                  </th>
                  <td className="num fw-bold" data-testid="stock-invested">
                    {t('common.price', { amount: invested })}
                  </td>
                  <td className="stock-action" />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        {stocks.data && (
          <div className="mt-3 stock-pages">
            <AdminPagination meta={stocks.data.meta} limit={5} onChange={setPage} />
          </div>
        )}
      </div>

      <AddStockModal show={adding} onClose={() => setAdding(false)} onSaved={() => void reload()} />
      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <p className="mb-1">{t('adminStock.stock.confirmDeleteText')}</p>
        <p className="small text-secondary mb-0">
          {t('adminStock.stock.entry', { id: deleting?.id ?? '' })}. {t('adminStock.stock.deleteHelp')}
        </p>
      </AdminConfirmModal>
    </section>
  );
}
