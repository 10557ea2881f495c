import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminRowMenu, type RowMenuItem } from '../../components/admin-row-menu';
import { DataTable } from '../../components/data-table';
import { useConfirmDelete } from '../../components/confirm-delete';
import { DownloadControl } from '../../components/download-control';
import { QueryState } from '../../components/query-state';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
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

  // The row changes at once; the list is then read again as the server has it.
  const changed = (supplier: Supplier) => {
    queryClient.setQueryData<Supplier[]>(SUPPLIERS_KEY, (rows) =>
      rows?.some((row) => row.id === supplier.id)
        ? rows.map((row) => (row.id === supplier.id ? supplier : row))
        : rows && [...rows, supplier],
    );
    return queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY });
  };

  // A refusal (409: the supplier has purchases) is said in the server's words.
  const remove = useConfirmDelete<Supplier>({
    remove: (supplier) => deleteSupplier(supplier.id),
    onDeleted: (supplier) => {
      queryClient.setQueryData<Supplier[]>(SUPPLIERS_KEY, (rows) =>
        rows?.filter((row) => row.id !== supplier.id),
      );
      void queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY });
    },
    deleted: t('adminPurchases.suppliers.deleted'),
    question: (supplier) => t('adminPurchases.suppliers.deleteText', { name: supplier.name }),
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
              onClick: act(() => remove.ask(supplier)),
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

        <QueryState
          query={suppliers}
          empty={t('adminPurchases.suppliers.empty')}
          isEmpty={(data) => !data.length}
        >
          {(rows) => (
            <DataTable
              labelledBy="suppliers-title"
              className="table-hover admin-cards suppliers-table mb-0"
              busy={suppliers.isFetching}
              rows={rows}
              rowKey={(supplier) => supplier.id}
              rowProps={(supplier) => ({ 'data-supplier-id': supplier.id })}
              columns={[
                {
                  key: 'name',
                  header: t('adminPurchases.suppliers.columns.name'),
                  className: 'name-cell card-main',
                  rowHeader: true,
                  cell: (supplier) => supplier.name,
                },
                {
                  key: 'phone',
                  header: label.phone,
                  label: label.phone,
                  className: 'text-nowrap card-half',
                  cell: (supplier) => supplier.phone,
                },
                {
                  key: 'address',
                  header: label.address,
                  label: label.address,
                  className: 'card-half text-break',
                  cell: (supplier) => supplier.address,
                },
                {
                  key: 'due',
                  header: label.due,
                  label: label.due,
                  className: 'num card-half',
                  cell: (supplier) => (
                    <span
                      className={supplier.due > 0 ? 'text-danger fw-semibold' : undefined}
                      data-testid="supplier-due"
                    >
                      {formatNumber(supplier.due)}
                    </span>
                  ),
                },
                {
                  key: 'purchases',
                  header: label.purchases,
                  label: label.purchases,
                  className: 'num card-half',
                  cell: (supplier) => (
                    <Link to={purchasesOf(supplier.id)}>{formatNumber(supplier.purchases)}</Link>
                  ),
                },
                {
                  key: 'actions',
                  header: (
                    <span className="visually-hidden">{t('adminPurchases.suppliers.columns.actions')}</span>
                  ),
                  className: 'text-end actions-cell card-menu',
                  cell: (supplier) => (
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
                  ),
                },
              ]}
              footer={
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('adminPurchases.suppliers.totalDue')}
                  </th>
                  <td className="num fw-bold" data-testid="suppliers-total-due">
                    {t('common.price', { amount: totalDue })}
                  </td>
                  <td colSpan={2} />
                </tr>
              }
            />
          )}
        </QueryState>
      </div>

      <SupplierModal supplier={editing} onClose={() => setEditing(null)} onSaved={(s) => void changed(s)} />
      <PaySupplierModal supplier={paying} onClose={() => setPaying(null)} onPaid={(s) => void changed(s)} />
      {remove.dialog}
    </section>
  );
}
