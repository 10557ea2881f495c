import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import '../../components/admin-cards.css';
import {
  fetchOrders,
  ordersKey,
  orderPath,
  PURCHASE_ORDER_STATES,
  receivedShare,
  type PurchaseOrderState,
} from './reorder-api';
import { StatusBadge } from './reorder-bits';
import './reorder.css';

const isState = (value: string | null): value is PurchaseOrderState =>
  (PURCHASE_ORDER_STATES as readonly (string | null)[]).includes(value);

/**
 * /admin/purchase-orders?status=: the orders placed with suppliers, newest first (or of one
 * status): supplier, status, total at the expected buy prices, when made, and how much has come.
 * The status is in the URL, so Back and a shared link keep it.
 */
export function PurchaseOrdersPage() {
  const { t } = useTranslation();
  const time = useShopTime();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: PurchaseOrderState | '' = isState(asked) ? asked : '';
  // Orders are received all day: asked again at every visit; another status's list stays on
  // screen (marked busy) until its answer comes.
  const orders = useQuery({
    queryKey: ordersKey(status),
    queryFn: () => fetchOrders(status),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const label = {
    supplier: t('reorder.orders.columns.supplier'),
    status: t('reorder.orders.columns.status'),
    total: t('reorder.orders.columns.total'),
    created: t('reorder.orders.columns.created'),
    received: t('reorder.orders.columns.received'),
  };

  return (
    <section className="card shadow-sm" aria-labelledby="purchase-orders-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="purchase-orders-title" className="h4 mb-0 me-auto">
            {t('reorder.orders.title')}
          </h1>
          <Link to="/admin/reorder" className="btn btn-outline-primary">
            {t('reorder.orders.reorderLink')}
          </Link>
          <Link to="/admin/purchase-orders/new" className="btn btn-primary">
            {t('reorder.orders.add')}
          </Link>
        </div>

        <div className="row g-2 align-items-end mb-3">
          <div className="col-12 col-sm-6 col-md-4 col-lg-3">
            <label htmlFor="purchase-orders-status" className="form-label">
              {t('reorder.orders.status')}
            </label>
            <select
              id="purchase-orders-status"
              className="form-select"
              value={status}
              onChange={(event) =>
                setParams(event.target.value ? { status: event.target.value } : {}, { replace: true })
              }
            >
              <option value="">{t('reorder.orders.allStates')}</option>
              {PURCHASE_ORDER_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`reorder.status.${state}`)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <QueryState
          query={orders}
          empty={status ? t('reorder.orders.emptyStatus') : t('reorder.orders.empty')}
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => (
            <>
              <p className="small text-secondary mb-2" data-testid="purchase-orders-count">
                {t('reorder.orders.count', { count: rows.length })}
              </p>
              <DataTable
                labelledBy="purchase-orders-title"
                className="table-hover align-middle admin-cards purchase-orders-table mb-0"
                busy={orders.isFetching}
                rows={rows}
                rowKey={(order) => order.id}
                rowProps={(order) => ({ 'data-order-id': order.id })}
                columns={[
                  {
                    key: 'number',
                    header: t('reorder.orders.columns.number'),
                    className: 'text-nowrap number-cell',
                    rowHeader: true,
                    cell: (order) => (
                      <Link to={orderPath(order.id)} aria-label={t('reorder.order.title', { id: order.id })}>
                        {`#${order.id}`}
                      </Link>
                    ),
                  },
                  {
                    key: 'supplier',
                    header: label.supplier,
                    className: 'card-main supplier-cell',
                    cell: (order) => order.supplier.name,
                  },
                  {
                    key: 'status',
                    header: label.status,
                    label: label.status,
                    className: 'card-half',
                    cell: (order) => <StatusBadge status={order.status} />,
                  },
                  {
                    key: 'total',
                    header: label.total,
                    label: label.total,
                    className: 'num card-half',
                    cell: (order) => formatNumber(order.total),
                  },
                  {
                    key: 'created',
                    header: label.created,
                    label: label.created,
                    className: 'text-nowrap card-half',
                    cell: (order) => time.date(order.created),
                  },
                  {
                    key: 'received',
                    header: label.received,
                    label: label.received,
                    className: 'received-cell card-half',
                    cell: (order) => {
                      const percent = Math.round(receivedShare(order) * 100);
                      return (
                        <div className="d-flex align-items-center gap-2">
                          <div
                            className="progress flex-grow-1"
                            role="progressbar"
                            aria-label={t('reorder.orders.received', { percent })}
                            aria-valuenow={percent}
                            aria-valuemin={0}
                            aria-valuemax={100}
                          >
                            <div className="progress-bar bg-success" style={{ width: `${percent}%` }} />
                          </div>
                          <span className="small text-nowrap" data-testid="order-received">
                            {t('reorder.orders.received', { percent })}
                          </span>
                        </div>
                      );
                    },
                  },
                ]}
              />
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
