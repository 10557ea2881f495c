import { lineTotal } from '@bazar/contracts/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPagination } from '../../components/admin-pagination';
import { PrintIcon } from '../../components/admin-icons';
import { DataTable } from '../../components/data-table';
import { useConfirmDelete } from '../../components/confirm-delete';
import { DownloadControl } from '../../components/download-control';
import { QueryState } from '../../components/query-state';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useShopTime } from '../../lib/shop-time';
import { useAdminList } from '../../lib/use-admin-list';
import '../../components/admin-cards.css';
import { AddStockModal } from './add-stock-modal';
import { ADMIN_KEY, deleteStock, type StockEntry } from './stock-api';
import './stock.css';

/**
 * /admin/stock ("Advance Stock"): the stock purchases, newest first, with their total; add, delete,
 * print. The page is in the URL.
 */
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
  const list = useAdminList('GET /api/stocks');

  // Quantities and buy prices changed: every other admin list (products, live stock, dashboard)
  // reads again when next shown, and this list reloads now.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_KEY, refetchType: 'none' });
    return list.refresh();
  };

  const remove = useConfirmDelete<StockEntry>({
    remove: (entry) => deleteStock(entry.id),
    onDeleted: (entry) => {
      list.removeRow(entry.id);
      void reload();
    },
    deleted: t('adminStock.stock.deleted'),
    question: (entry) => (
      <>
        <p className="mb-1">{t('adminStock.stock.confirmDeleteText')}</p>
        <p className="small text-secondary mb-0">
          {t('adminStock.stock.entry', { id: entry.id })}. {t('adminStock.stock.deleteHelp')}
        </p>
      </>
    ),
  });

  const entries = list.rows;
  const column = {
    buyPrice: t('adminStock.stock.columns.buyPrice'),
    qty: t('adminStock.stock.columns.qty'),
    total: t('adminStock.stock.columns.total'),
  };

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

        <QueryState query={list.query} empty={t('adminStock.stock.empty')}>
          {(page) => (
            <DataTable
              labelledBy="stock-title"
              className="admin-cards stock-table mb-0"
              busy={list.query.isFetching}
              rows={page.data}
              rowKey={(entry) => entry.id}
              rowProps={(entry) => ({ 'data-stock-id': entry.id })}
              columns={[
                {
                  key: 'id',
                  header: t('adminStock.stock.columns.id'),
                  className: 'id-cell card-main',
                  rowHeader: true,
                  cell: (entry) => (
                    <>
                      <span className="visually-hidden">{t('adminStock.stock.entry', { id: entry.id })}</span>
                      <span aria-hidden="true" translate="no">
                        {entry.id}
                      </span>
                      <span className="d-block small fw-normal text-secondary text-nowrap">
                        {t('adminStock.stock.created', { date: time.date(entry.created) })}
                      </span>
                    </>
                  ),
                },
                {
                  key: 'products',
                  header: t('adminStock.stock.columns.products'),
                  className: 'products-cell card-full',
                  cell: (entry) => (
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
                  ),
                },
                {
                  key: 'price',
                  header: column.buyPrice,
                  label: column.buyPrice,
                  className: 'num',
                  cell: (entry) => formatNumber(entry.price),
                },
                {
                  key: 'qty',
                  header: column.qty,
                  label: column.qty,
                  className: 'num',
                  cell: (entry) => formatNumber(entry.qty),
                },
                {
                  key: 'total',
                  header: column.total,
                  label: column.total,
                  className: 'num fw-semibold',
                  cell: (entry) => formatNumber(lineTotal(entry.price, entry.qty)),
                },
                {
                  key: 'action',
                  header: t('adminStock.stock.columns.action'),
                  className: 'text-end stock-action card-menu',
                  cell: (entry) => (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('adminStock.stock.deleteLabel', { id: entry.id })}
                      onClick={() => remove.ask(entry)}
                    >
                      {t('adminStock.stock.delete')}
                    </button>
                  ),
                },
              ]}
              footer={
                <tr className="stock-total-row">
                  <th scope="row" colSpan={4}>
                    {t('adminStock.stock.totalInvested')}
                  </th>
                  <td className="num fw-bold" data-testid="stock-invested">
                    {page.meta.totals.invested === undefined
                      ? '—'
                      : t('common.price', { amount: page.meta.totals.invested })}
                  </td>
                  <td className="stock-action" />
                </tr>
              }
            />
          )}
        </QueryState>
        {list.query.data && (
          <div className="mt-3 stock-pages">
            <AdminPagination meta={list.query.data.meta} limit={5} onChange={list.setPage} />
          </div>
        )}
      </div>

      <AddStockModal show={adding} onClose={() => setAdding(false)} onSaved={() => void reload()} />
      {remove.dialog}
    </section>
  );
}
