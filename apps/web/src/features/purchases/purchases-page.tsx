import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminPagination } from '../../components/admin-pagination';
import { useConfirmDelete } from '../../components/confirm-delete';
import { DownloadControl } from '../../components/download-control';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { useAdminList } from '../../lib/use-admin-list';
import { PurchaseForm } from './purchase-form';
import { PurchasesFilter } from './purchases-filter';
import { PurchasesTable } from './purchases-table';
import { ADMIN_KEY, deletePurchase, fetchSuppliers, SUPPLIERS_KEY, type Purchase } from './purchases-api';
import './purchases.css';

const SUMMARY = ['total', 'paid', 'due'] as const;

/**
 * /admin/purchases: what the shop bought from its suppliers (a supplier's, between two days),
 * newest first, with the filter's Total, Paid and Due; New purchase; Delete one entered by mistake;
 * links to what to order next and the purchase orders.
 * The supplier, the days and the page are in the URL (the suppliers screen links to a supplier's).
 */
export function PurchasesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useAdminList('GET /api/purchases', { filters: { supplier_id: '', from: '', to: '' } });
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // The form gone, the focus goes back to the button that opened it.
  const closeForm = () => {
    setAdding(false);
    setTimeout(() => addButton.current?.focus(), 0);
  };

  const suppliers = useQuery({ queryKey: SUPPLIERS_KEY, queryFn: fetchSuppliers, staleTime: 0 });

  // Stock, buy prices and dues changed: the other admin lists read again when next shown, and
  // the purchases and the suppliers now.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_KEY, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY });
    return list.refresh();
  };

  // A refusal (409: the supplier was paid since) is said in the server's words.
  const remove = useConfirmDelete<Purchase>({
    remove: (purchase) => deletePurchase(purchase.id),
    onDeleted: () => void reload(),
    deleted: t('adminPurchases.list.deleted'),
    question: (purchase) => (
      <>
        <p className="mb-1">{t('adminPurchases.list.confirmText')}</p>
        <p className="small text-secondary mb-0">
          {t('adminPurchases.list.deleteHelp', {
            id: purchase.id,
            supplier: purchase.supplier,
            due: purchase.due,
          })}
        </p>
      </>
    ),
  });

  const totals = list.query.data?.meta.totals;
  const supplierId = list.filters.supplier_id;

  return (
    <div className="purchases-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">{t('adminPurchases.list.title')}</h1>
        <DownloadControl name="purchases" query={list.filters} />
        <Link to="/admin/suppliers" className="btn btn-outline-secondary">
          {t('adminPurchases.list.suppliersLink')}
        </Link>
        {/* What to order next and the orders placed with suppliers (issue 28) start here. */}
        <Link to="/admin/purchase-orders" className="btn btn-outline-secondary">
          {t('reorder.ordersLink')}
        </Link>
        <Link to="/admin/reorder" className="btn btn-outline-primary">
          {t('reorder.title')}
        </Link>
        <button
          type="button"
          ref={addButton}
          className="btn btn-primary"
          onClick={() => setAdding(true)}
          disabled={adding}
        >
          {t('adminPurchases.list.add')}
        </button>
      </div>

      {adding && (
        <PurchaseForm
          suppliers={suppliers.data ?? []}
          supplierId={/^\d+$/.test(supplierId) ? Number(supplierId) : undefined}
          onClose={closeForm}
          onSaved={() => {
            closeForm();
            void reload();
          }}
        />
      )}

      <section className="card shadow-sm" aria-labelledby="purchases-list-title">
        <div className="card-body">
          <h2 id="purchases-list-title" className="visually-hidden">
            {t('adminPurchases.list.title')}
          </h2>
          <div
            className="row g-2 mb-3 purchases-summary"
            role="group"
            aria-label={t('adminPurchases.list.summary')}
          >
            {SUMMARY.map((key) => (
              <div className="col-4" key={key}>
                <div
                  className={`border rounded p-2 h-100${key === 'due' && totals?.due ? ' border-danger' : ''}`}
                >
                  <h3 className="h6 text-secondary mb-1" id={`purchases-sum-${key}`}>
                    {t(`adminPurchases.list.${key}`)}
                  </h3>
                  <p
                    className="summary-amount mb-0"
                    aria-labelledby={`purchases-sum-${key}`}
                    data-testid={`purchases-${key}`}
                  >
                    {totals ? t('common.price', { amount: totals[key] }) : '–'}
                  </p>
                </div>
              </div>
            ))}
          </div>

          {!suppliers.isPending && (
            <PurchasesFilter
              key={JSON.stringify(list.filters)}
              suppliers={suppliers.data ?? []}
              initial={list.filters}
              onSearch={list.setFilters}
            />
          )}

          <QueryState query={list.query} empty={t('adminPurchases.list.empty')}>
            {(page) => (
              <>
                <p className="small text-secondary mb-2" data-testid="purchases-count">
                  {t('adminPurchases.list.count', { count: page.meta.totals.purchases })}
                </p>
                <PurchasesTable rows={page.data} busy={list.query.isFetching} onDelete={remove.ask} />
              </>
            )}
          </QueryState>
          {list.query.data && (
            <div className="mt-3">
              <AdminPagination meta={list.query.data.meta} limit={5} onChange={list.setPage} />
            </div>
          )}
        </div>
      </section>
      {remove.dialog}
    </div>
  );
}
