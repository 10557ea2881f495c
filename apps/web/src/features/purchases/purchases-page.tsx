import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { AdminPagination } from '../../components/admin-pagination';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { PurchaseForm } from './purchase-form';
import { DownloadControl } from '../../components/download-control';
import { PurchasesFilter } from './purchases-filter';
import { PurchasesTable } from './purchases-table';
import {
  ADMIN_KEY,
  deletePurchase,
  fetchPurchases,
  fetchSuppliers,
  PURCHASES_KEY,
  purchasesKey,
  SUPPLIERS_KEY,
  type Purchase,
  type PurchaseFilter,
} from './purchases-api';
import './purchases.css';

const SUMMARY = ['total', 'paid', 'due'] as const;

/**
 * /admin/purchases: what the shop bought from its suppliers (a supplier's, between two days),
 * newest first, with the filter's Total, Paid and Due; New purchase; Delete one entered by mistake.
 */
export function PurchasesPage() {
  const [params] = useSearchParams();
  const linked = /^\d+$/.test(params.get('supplier_id') ?? '') ? (params.get('supplier_id') ?? '') : '';
  // A link to another supplier's purchases (or to all) starts the screen again with it.
  return <Purchases key={linked} linked={linked} />;
}

function Purchases({ linked }: { linked: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<PurchaseFilter>({ supplier: linked, from: '', to: '' });
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Purchase | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The form gone, the focus goes back to the button that opened it.
  const closeForm = () => {
    setAdding(false);
    setTimeout(() => addButton.current?.focus(), 0);
  };

  const suppliers = useQuery({ queryKey: SUPPLIERS_KEY, queryFn: fetchSuppliers, staleTime: 0 });
  const purchases = useQuery({
    queryKey: purchasesKey(filter, page),
    queryFn: () => fetchPurchases(filter, page),
    placeholderData: keepPreviousData,
  });

  // Stock, buy prices and dues changed: the other admin lists read again when next shown, and
  // the purchases and the suppliers now.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_KEY, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY });
    return queryClient.invalidateQueries({ queryKey: PURCHASES_KEY });
  };

  const remove = useMutation({
    mutationFn: (purchase: Purchase) => deletePurchase(purchase.id),
    onSuccess: () => {
      toast.success(t('adminPurchases.list.deleted'));
      void reload();
    },
    // 409: the supplier was paid since, in the server's words.
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
    onSettled: () => setDeleting(null),
  });

  // Searching the same filter again asks the server again.
  const search = (next: PurchaseFilter) => {
    if (JSON.stringify(next) === JSON.stringify(filter) && page === 1) void purchases.refetch();
    else {
      setFilter(next);
      setPage(1);
    }
  };

  const totals = purchases.data?.meta.totals;
  const rows = purchases.data?.data ?? [];

  return (
    <div className="purchases-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">{t('adminPurchases.list.title')}</h1>
        <DownloadControl
          name="purchases"
          query={{ supplier_id: filter.supplier, from: filter.from, to: filter.to }}
        />
        <Link to="/admin/suppliers" className="btn btn-outline-secondary">
          {t('adminPurchases.list.suppliersLink')}
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
          supplierId={filter.supplier ? Number(filter.supplier) : undefined}
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
            <PurchasesFilter suppliers={suppliers.data ?? []} initial={filter} onSearch={search} />
          )}

          {purchases.isPending ? (
            <PageSpinner />
          ) : purchases.isError ? (
            <LoadFailed onRetry={() => void purchases.refetch()} />
          ) : rows.length === 0 ? (
            <p className="text-secondary mb-0">{t('adminPurchases.list.empty')}</p>
          ) : (
            <>
              <p className="small text-secondary mb-2" data-testid="purchases-count">
                {t('adminPurchases.list.count', { count: totals?.purchases ?? rows.length })}
              </p>
              <PurchasesTable rows={rows} busy={purchases.isFetching} onDelete={setDeleting} />
            </>
          )}
          {purchases.data && (
            <div className="mt-3">
              <AdminPagination meta={purchases.data.meta} limit={5} onChange={setPage} />
            </div>
          )}
        </div>
      </section>

      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <p className="mb-1">{t('adminPurchases.list.confirmText')}</p>
        {deleting && (
          <p className="small text-secondary mb-0">
            {t('adminPurchases.list.deleteHelp', {
              id: deleting.id,
              supplier: deleting.supplier,
              due: deleting.due,
            })}
          </p>
        )}
      </AdminConfirmModal>
    </div>
  );
}
