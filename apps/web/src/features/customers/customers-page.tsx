import { AdminRowMenu } from '../../components/admin-row-menu';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { DownloadControl } from '../../components/download-control';
import { AdminListFooter } from '../../components/admin-pagination';
import { ImportModal, type ImportTarget } from '../../components/import-modal';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { useAreaName } from '../../lib/shop-api';
import { toast } from '../../lib/toast';
import '../../components/admin-cards.css';
import { CustomerEditModal } from './customer-edit-modal';
import {
  CUSTOMERS_KEY,
  customerPageKey,
  customerPath,
  deleteCustomer,
  fetchCustomers,
  ordersOfPhone,
  type Customer,
  type CustomerPage,
} from './customers-api';
import './customers.css';

/** /admin/customers: one page of customers (newest first) with a row menu, and the page links. */
export function CustomersPage() {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [editing, setEditing] = useState<Customer | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [importing, setImporting] = useState(false);
  const importTarget: ImportTarget = {
    title: t('adminImport.customers.title'),
    help: t('adminImport.customers.help'),
    endpoint: '/api/customer/import',
    template: { path: '/api/customer/import/template', fileName: 'customers-template.csv' },
  };

  // Balances and dues change with every sale, refund and payment: asked again on each visit.
  const customers = useQuery({
    queryKey: customerPageKey(page),
    queryFn: () => fetchCustomers(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const goTo = (next: number) => {
    setOpenMenu(null);
    setParams(next > 1 ? { page: String(next) } : {});
  };

  // A page left empty by deletes (or an old link) moves to the last page that has customers.
  const lastPage = customers.isPlaceholderData ? undefined : customers.data?.meta.last_page;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) {
      setParams(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true });
    }
  }, [lastPage, page, setParams]);

  // The row changes at once; the refetch then brings the page as the server has it.
  const changeRows = (change: (rows: Customer[]) => Customer[]) => {
    queryClient.setQueryData<CustomerPage>(customerPageKey(page), (current) =>
      current ? { ...current, data: change(current.data) } : current,
    );
    return queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
  };

  const saved = (customer: Customer) =>
    void changeRows((rows) => rows.map((row) => (row.id === customer.id ? customer : row)));

  const remove = useMutation({
    mutationFn: (customer: Customer) => deleteCustomer(customer.id),
    onSuccess: (_, customer) => {
      toast.success(t('adminCustomers.deleted'));
      void changeRows((rows) => rows.filter((row) => row.id !== customer.id));
    },
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
    onSettled: () => {
      setDeleting(null);
      setOpenMenu(null);
    },
  });

  return (
    <section className="card shadow-sm" aria-labelledby="customers-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="customers-title" className="h4 mb-0 me-auto">
            {t('adminCustomers.title')}
          </h1>
          <DownloadControl name="customers" disabled={!customers.data?.data.length} />
          <button type="button" className="btn btn-outline-primary" onClick={() => setImporting(true)}>
            {t('adminImport.open')}
          </button>
        </div>

        {customers.isPending ? (
          <PageSpinner />
        ) : customers.isError ? (
          <LoadFailed onRetry={() => void customers.refetch()} />
        ) : customers.data.data.length === 0 ? (
          <p className="text-secondary mb-0">{t('adminCustomers.empty')}</p>
        ) : (
          <>
            <div className="table-responsive">
              <table
                className="table table-hover admin-cards customers-table mb-3"
                aria-labelledby="customers-title"
                aria-busy={customers.isFetching || undefined}
              >
                <thead>
                  <tr>
                    <th scope="col">{t('adminCustomers.columns.name')}</th>
                    <th scope="col">{t('adminCustomers.columns.phone')}</th>
                    <th scope="col">{t('adminCustomers.columns.area')}</th>
                    <th scope="col" className="num">
                      {t('adminCustomers.columns.balance')}
                    </th>
                    <th scope="col" className="num">
                      {t('adminCustomers.columns.due')}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">{t('adminCustomers.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {customers.data.data.map((customer) => (
                    <tr key={customer.id} data-customer-id={customer.id}>
                      <td className="name-cell card-main">
                        <Link to={customerPath(customer.id)}>{customer.name}</Link>
                      </td>
                      <td className="text-nowrap card-half" data-label={t('adminCustomers.columns.phone')}>
                        {customer.phone}
                      </td>
                      <td className="card-half" data-label={t('adminCustomers.columns.area')}>
                        {areaName(customer.area)}
                      </td>
                      <td className="num card-half" data-label={t('adminCustomers.columns.balance')}>
                        {customer.balance}
                      </td>
                      <td
                        className={`num card-half${customer.due > 0 ? ' text-danger fw-semibold' : ''}`}
                        data-label={t('adminCustomers.columns.due')}
                      >
                        {customer.due}
                      </td>
                      <td className="text-end actions-cell card-menu">
                        {/* Quick Edit, View Orders, Dues, Delete; only one row's menu is open at a time. */}
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
                                setDeleting(customer);
                              },
                            },
                          ]}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <AdminListFooter
              count={t('adminCustomers.count', {
                from: customers.data.meta.from ?? 0,
                to: customers.data.meta.to ?? 0,
                total: customers.data.meta.total,
              })}
              meta={customers.data.meta}
              onChange={goTo}
              limit={5}
            />
          </>
        )}
      </div>
      <CustomerEditModal customer={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <ImportModal
        target={importTarget}
        show={importing}
        onClose={() => setImporting(false)}
        onImported={() => void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY })}
      />
      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t('adminCustomers.deleteText', { name: deleting?.name ?? '', phone: deleting?.phone ?? '' })}
      </AdminConfirmModal>
    </section>
  );
}
