import { useState } from 'react';
import { Link } from 'react-router';
import { AdminListFooter } from '../../components/admin-pagination';
import { AdminRowMenu } from '../../components/admin-row-menu';
import { DataTable } from '../../components/data-table';
import { useConfirmDelete } from '../../components/confirm-delete';
import { DownloadControl } from '../../components/download-control';
import { ImportModal, type ImportTarget } from '../../components/import-modal';
import { QueryState } from '../../components/query-state';
import { urlOf } from '../../lib/api';
import { useTranslation } from '../../lib/i18n/i18n';
import { useAreaName } from '../../lib/shop-api';
import { useAdminList } from '../../lib/use-admin-list';
import '../../components/admin-cards.css';
import { CustomerEditModal } from './customer-edit-modal';
import { customerPath, deleteCustomer, ordersOfPhone, type Customer } from './customers-api';
import './customers.css';

/** /admin/customers: one page of customers (newest first) with a row menu, and the page links. */
export function CustomersPage() {
  const { t, formatNumber } = useTranslation();
  const areaName = useAreaName();
  // Balances and dues change with every sale, refund and payment: asked again on each visit.
  const list = useAdminList('GET /api/customers', { staleTime: 0 });
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [editing, setEditing] = useState<Customer | null>(null);
  const [importing, setImporting] = useState(false);
  const importTarget: ImportTarget = {
    title: t('adminImport.customers.title'),
    help: t('adminImport.customers.help'),
    endpoint: 'POST /api/customer/import',
    template: { path: urlOf('GET /api/customer/import/template'), fileName: 'customers-template.csv' },
  };
  const remove = useConfirmDelete<Customer>({
    remove: (customer) => deleteCustomer(customer.id),
    onDeleted: (customer) => list.removeRow(customer.id),
    deleted: t('adminCustomers.deleted'),
    question: (customer) => t('adminCustomers.deleteText', { name: customer.name, phone: customer.phone }),
  });
  const column = {
    phone: t('adminCustomers.columns.phone'),
    area: t('adminCustomers.columns.area'),
    balance: t('adminCustomers.columns.balance'),
    due: t('adminCustomers.columns.due'),
  };

  return (
    <section className="card shadow-sm" aria-labelledby="customers-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="customers-title" className="h4 mb-0 me-auto">
            {t('adminCustomers.title')}
          </h1>
          <DownloadControl name="customers" disabled={!list.rows.length} />
          <button type="button" className="btn btn-outline-primary" onClick={() => setImporting(true)}>
            {t('adminImport.open')}
          </button>
        </div>

        <QueryState query={list.query} empty={t('adminCustomers.empty')}>
          {(page) => (
            <>
              <DataTable
                labelledBy="customers-title"
                className="table-hover admin-cards customers-table mb-3"
                busy={list.query.isFetching}
                rows={page.data}
                rowKey={(customer) => customer.id}
                rowProps={(customer) => ({ 'data-customer-id': customer.id })}
                columns={[
                  {
                    key: 'name',
                    header: t('adminCustomers.columns.name'),
                    className: 'name-cell card-main',
                    cell: (customer) => <Link to={customerPath(customer.id)}>{customer.name}</Link>,
                  },
                  {
                    key: 'phone',
                    header: column.phone,
                    label: column.phone,
                    className: 'text-nowrap card-half',
                    cell: (customer) => customer.phone,
                  },
                  {
                    key: 'area',
                    header: column.area,
                    label: column.area,
                    className: 'card-half',
                    cell: (customer) => areaName(customer.area),
                  },
                  {
                    key: 'balance',
                    header: column.balance,
                    label: column.balance,
                    className: 'num card-half',
                    cell: (customer) => formatNumber(customer.balance),
                  },
                  {
                    key: 'due',
                    header: column.due,
                    label: column.due,
                    className: 'num card-half',
                    cell: (customer) => (
                      <span className={customer.due > 0 ? 'text-danger fw-semibold' : undefined}>
                        {formatNumber(customer.due)}
                      </span>
                    ),
                  },
                  {
                    key: 'actions',
                    header: <span className="visually-hidden">{t('adminCustomers.columns.actions')}</span>,
                    className: 'text-end actions-cell card-menu',
                    // Quick Edit, View Orders, Dues, Delete; only one row's menu is open at a time.
                    cell: (customer) => (
                      <AdminRowMenu
                        label={t('adminCustomers.menu', { name: customer.name, phone: customer.phone })}
                        open={openMenu === customer.id}
                        onToggle={(next) =>
                          setOpenMenu((current) =>
                            next ? customer.id : current === customer.id ? null : current,
                          )
                        }
                        items={[
                          {
                            label: t('adminCustomers.quickEdit'),
                            onClick: () => {
                              setOpenMenu(null);
                              setEditing(customer);
                            },
                          },
                          { label: t('adminCustomers.viewOrders'), to: ordersOfPhone(customer.phone) },
                          { label: t('adminCustomers.dues'), to: customerPath(customer.id) },
                          {
                            label: t('adminCustomers.delete'),
                            danger: true,
                            onClick: () => {
                              setOpenMenu(null);
                              remove.ask(customer);
                            },
                          },
                        ]}
                      />
                    ),
                  },
                ]}
              />
              <AdminListFooter
                count={t('adminCustomers.count', {
                  from: page.meta.from ?? 0,
                  to: page.meta.to ?? 0,
                  total: page.meta.total,
                })}
                meta={page.meta}
                onChange={(next) => {
                  setOpenMenu(null);
                  list.setPage(next);
                }}
                limit={5}
              />
            </>
          )}
        </QueryState>
      </div>
      <CustomerEditModal
        customer={editing}
        onClose={() => setEditing(null)}
        onSaved={(customer) => list.updateRow(customer.id, () => customer)}
      />
      <ImportModal
        target={importTarget}
        show={importing}
        onClose={() => setImporting(false)}
        onImported={() => void list.refresh()}
      />
      {remove.dialog}
    </section>
  );
}
