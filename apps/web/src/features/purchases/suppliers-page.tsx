import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DownloadControl } from '../../components/download-control';
import { Link } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { AdminRowMenu, type RowMenuItem } from '../../components/admin-row-menu';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { serverMessage } from '../../lib/form-errors';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import '../../components/admin-cards.css';
import { PaySupplierModal } from './pay-supplier-modal';
import { deleteSupplier, fetchSuppliers, purchasesOf, SUPPLIERS_KEY, type Supplier } from './purchases-api';
import { SupplierModal } from './supplier-modal';
import './purchases.css';

/**
 * /admin/suppliers: the people and companies the shop buys from, what it owes each and how many
 * purchases each has; add, edit, pay off, delete (only a supplier without purchases).
 */
export function SuppliersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Dues change with every purchase and payment: asked again on each visit.
  const suppliers = useQuery({ queryKey: SUPPLIERS_KEY, queryFn: fetchSuppliers, staleTime: 0 });
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [paying, setPaying] = useState<Supplier | null>(null);
  const [deleting, setDeleting] = useState<Supplier | null>(null);

  // The row changes at once; the list is then read again as the server has it.
  const changed = (supplier: Supplier) => {
    queryClient.setQueryData<Supplier[]>(SUPPLIERS_KEY, (rows) =>
      rows?.some((row) => row.id === supplier.id)
        ? rows.map((row) => (row.id === supplier.id ? supplier : row))
        : rows && [...rows, supplier],
    );
    return queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY });
  };

  const remove = useMutation({
    mutationFn: (supplier: Supplier) => deleteSupplier(supplier.id),
    onSuccess: (_, supplier) => {
      toast.success(t('adminPurchases.suppliers.deleted'));
      queryClient.setQueryData<Supplier[]>(SUPPLIERS_KEY, (rows) =>
        rows?.filter((row) => row.id !== supplier.id),
      );
    },
    // 409: the supplier has purchases, in the server's words.
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
    onSettled: () => {
      setDeleting(null);
      return queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY });
    },
  });

  const rows = suppliers.data ?? [];
  const totalDue = rows.reduce((sum, row) => sum + row.due, 0);
  const label = {
    phone: t('adminPurchases.suppliers.columns.phone'),
    address: t('adminPurchases.suppliers.columns.address'),
    due: t('adminPurchases.suppliers.columns.due'),
    purchases: t('adminPurchases.suppliers.columns.purchases'),
  };

  const menu = (supplier: Supplier): RowMenuItem[] => {
    const act = (run: () => void) => () => {
      setOpenMenu(null);
      run();
    };
    return [
      { label: t('adminPurchases.suppliers.edit'), onClick: act(() => setEditing(supplier)) },
      ...(supplier.due > 0
        ? [{ label: t('adminPurchases.suppliers.pay'), onClick: act(() => setPaying(supplier)) }]
        : []),
      { label: t('adminPurchases.suppliers.viewPurchases'), to: purchasesOf(supplier.id) },
      // A supplier with purchases stays (their history and what is owed).
      ...(supplier.purchases === 0
        ? [
            {
              label: t('adminPurchases.suppliers.delete'),
              danger: true,
              onClick: act(() => setDeleting(supplier)),
            },
          ]
        : []),
    ];
  };

  return (
    <section className="card shadow-sm" aria-labelledby="suppliers-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="suppliers-title" className="h4 mb-0 me-auto">
            {t('adminPurchases.suppliers.title')}
          </h1>
          <DownloadControl name="suppliers" />
          <Link to="/admin/purchases" className="btn btn-outline-secondary">
            {t('adminPurchases.suppliers.purchasesLink')}
          </Link>
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('adminPurchases.suppliers.add')}
          </button>
        </div>

        {suppliers.isPending ? (
          <PageSpinner />
        ) : suppliers.isError ? (
          <LoadFailed onRetry={() => void suppliers.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-secondary mb-0">{t('adminPurchases.suppliers.empty')}</p>
        ) : (
          <div className="table-responsive">
            <table
              className="table table-hover admin-cards suppliers-table mb-0"
              aria-labelledby="suppliers-title"
              aria-busy={suppliers.isFetching || undefined}
            >
              <thead>
                <tr>
                  <th scope="col">{t('adminPurchases.suppliers.columns.name')}</th>
                  <th scope="col">{label.phone}</th>
                  <th scope="col">{label.address}</th>
                  <th scope="col" className="num">
                    {label.due}
                  </th>
                  <th scope="col" className="num">
                    {label.purchases}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('adminPurchases.suppliers.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((supplier) => (
                  <tr key={supplier.id} data-supplier-id={supplier.id}>
                    <th scope="row" className="name-cell card-main">
                      {supplier.name}
                    </th>
                    <td className="text-nowrap card-half" data-label={label.phone}>
                      {supplier.phone}
                    </td>
                    <td className="card-half text-break" data-label={label.address}>
                      {supplier.address}
                    </td>
                    <td
                      className={`num card-half${supplier.due > 0 ? ' text-danger fw-semibold' : ''}`}
                      data-label={label.due}
                      data-testid="supplier-due"
                    >
                      {formatNumber(supplier.due)}
                    </td>
                    <td className="num card-half" data-label={label.purchases}>
                      <Link to={purchasesOf(supplier.id)}>{formatNumber(supplier.purchases)}</Link>
                    </td>
                    <td className="text-end actions-cell card-menu">
                      <div className="d-flex justify-content-end align-items-center gap-1">
                        {supplier.due > 0 && (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary pay-button"
                            aria-label={t('adminPurchases.suppliers.payLabel', { name: supplier.name })}
                            onClick={() => setPaying(supplier)}
                          >
                            {t('adminPurchases.suppliers.pay')}
                          </button>
                        )}
                        <AdminRowMenu
                          label={t('adminPurchases.suppliers.menu', { name: supplier.name })}
                          open={openMenu === supplier.id}
                          onToggle={(next) =>
                            setOpenMenu((current) =>
                              next ? supplier.id : current === supplier.id ? null : current,
                            )
                          }
                          items={menu(supplier)}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('adminPurchases.suppliers.totalDue')}
                  </th>
                  <td className="num fw-bold" data-testid="suppliers-total-due">
                    {t('common.price', { amount: totalDue })}
                  </td>
                  <td colSpan={2} />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </div>

      <SupplierModal supplier={editing} onClose={() => setEditing(null)} onSaved={(s) => void changed(s)} />
      <PaySupplierModal supplier={paying} onClose={() => setPaying(null)} onPaid={(s) => void changed(s)} />
      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t('adminPurchases.suppliers.deleteText', { name: deleting?.name ?? '' })}
      </AdminConfirmModal>
    </section>
  );
}
