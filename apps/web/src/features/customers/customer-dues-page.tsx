import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { NotFound } from '../../components/not-found';
import { QueryState } from '../../components/query-state';
import { isApiError } from '../../lib/api';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useAreaName } from '../../lib/shop-api';
import { useShopTime } from '../../lib/shop-time';
import { customerDuesKey, fetchCustomerDues, ordersOfPhone, type CustomerDues } from './customers-api';
import '../../components/admin-cards.css';
import { DuesPaymentForm } from './dues-payment-form';
import { KhataSection } from './khata-section';
import './customers.css';

/**
 * /admin/customer/{id}: a customer's baki khata. Their advance balance and what they owe, the
 * orders with money due (oldest first) and a payment against them, which settles the oldest first.
 */
export function CustomerDuesPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  // Dues change with every sale and payment: asked again on each visit.
  const dues = useQuery({
    queryKey: customerDuesKey(id),
    queryFn: () => fetchCustomerDues(id),
    enabled: valid,
    staleTime: 0,
  });

  if (!valid || (dues.isError && isApiError(dues.error, 404))) return <NotFound />;

  return (
    <section className="card shadow-sm customer-dues" aria-labelledby="customer-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <Link to="/admin/customers" className="btn btn-outline-secondary btn-sm">
            <span aria-hidden="true">← </span>
            {t('adminCustomers.page.back')}
          </Link>
        </div>
        <QueryState query={dues}>{(data) => <Dues dues={data} />}</QueryState>
      </div>
    </section>
  );
}

function Dues({ dues }: { dues: CustomerDues }) {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const time = useShopTime();
  const { customer, orders } = dues;
  const owed = orders.reduce((sum, order) => sum + order.due, 0);
  const bdt = (amount: number) => t('adminCustomers.page.amountBdt', { amount });
  // The column names, also each figure's name on a phone's card.
  const label = {
    total: t('adminCustomers.page.columns.total'),
    paid: t('adminCustomers.page.columns.paid'),
    due: t('adminCustomers.page.columns.due'),
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline column-gap-3 mb-1">
        <h1 id="customer-title" className="h4 mb-0">
          {customer.name}
        </h1>
        <Link to={ordersOfPhone(customer.phone)} className="small">
          {t('adminCustomers.page.viewOrders')}
        </Link>
      </div>
      <p className="text-secondary mb-3">
        {t('adminCustomers.page.phone', { phone: customer.phone })}
        {customer.address && <> · {t('adminCustomers.page.address', { address: customer.address })}</>}
        {customer.area && <> · {areaName(customer.area)}</>}
      </p>

      <div className="row g-2 mb-3 dues-summary" role="group" aria-label={customer.name}>
        <div className="col-6 col-md-3">
          <div className="border rounded p-2 h-100">
            <h2 className="h6 text-secondary mb-1" id="customer-balance">
              {t('adminCustomers.page.balance')}
            </h2>
            <p className="dues-figure mb-0" aria-labelledby="customer-balance" data-testid="customer-balance">
              {bdt(customer.balance)}
            </p>
          </div>
        </div>
        <div className="col-6 col-md-3">
          <div className={`border rounded p-2 h-100${owed > 0 ? ' border-danger' : ''}`}>
            <h2 className="h6 text-secondary mb-1" id="customer-owes">
              {t('adminCustomers.page.owes')}
            </h2>
            <p
              className={`dues-figure mb-0${owed > 0 ? ' text-danger' : ''}`}
              aria-labelledby="customer-owes"
              data-testid="customer-owes"
            >
              {bdt(owed)}
            </p>
          </div>
        </div>
      </div>

      <div className="row g-3">
        <section className="col-12 col-lg-7" aria-labelledby="open-dues-title">
          <h2 id="open-dues-title" className="h5 mb-1">
            {t('adminCustomers.page.openDues')}
          </h2>
          {orders.length === 0 ? (
            <p className="text-secondary">{t('adminCustomers.page.noDues')}</p>
          ) : (
            <>
              <p className="small text-secondary mb-2">{t('adminCustomers.page.openDuesHelp')}</p>
              <DataTable
                labelledBy="open-dues-title"
                className="table-sm align-middle admin-cards dues-table"
                rows={orders}
                rowKey={(order) => order.id}
                rowProps={(order) => ({ 'data-order-id': order.id })}
                columns={[
                  {
                    key: 'order',
                    header: t('adminCustomers.page.columns.order'),
                    className: 'card-half',
                    cell: (order) => (
                      <Link to={`/admin/print-order/${order.id}`}>
                        {t('adminCustomers.page.orderLink', { id: order.id })}
                      </Link>
                    ),
                  },
                  {
                    key: 'date',
                    header: t('adminCustomers.page.columns.date'),
                    className: 'text-nowrap card-half',
                    cell: (order) => time.date(order.created),
                  },
                  {
                    key: 'total',
                    header: label.total,
                    label: label.total,
                    className: 'num',
                    cell: (order) => formatNumber(order.total),
                  },
                  {
                    key: 'paid',
                    header: label.paid,
                    label: label.paid,
                    className: 'num',
                    cell: (order) => formatNumber(order.paid),
                  },
                  {
                    key: 'due',
                    header: label.due,
                    label: label.due,
                    className: 'num fw-semibold',
                    cell: (order) => formatNumber(order.due),
                  },
                ]}
                footer={
                  <tr>
                    <th scope="row" colSpan={4} className="text-end">
                      {t('adminCustomers.page.total')}
                    </th>
                    <td className="num fw-semibold">{formatNumber(owed)}</td>
                  </tr>
                }
              />
            </>
          )}
        </section>
        <div className="col-12 col-lg-5">
          <DuesPaymentForm customerId={customer.id} owed={owed} />
        </div>
      </div>
      <KhataSection customerId={customer.id} />
    </>
  );
}
