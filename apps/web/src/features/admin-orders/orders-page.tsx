import { AdminRowMenu } from '../../components/admin-row-menu';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { DownloadControl } from '../../components/download-control';
import { AdminPagination } from '../../components/admin-pagination';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { serverMessage } from '../../lib/form-errors';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { orderListTotal } from '../../lib/money';
import { useSlotText } from '../../lib/delivery';
import { useAreaName } from '../../lib/shop-api';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import {
  deleteOrder,
  exportQuery,
  fetchOrderList,
  FILTER_FIELDS,
  isCancelled,
  onlineRefundable,
  orderKey,
  orderListKey,
  ORDERS_KEY,
  type Order,
  type OrderFilter,
  type OrderListQuery,
  type OrderPage,
  type OrderType,
  type PayResult,
  receiptUrl,
} from './orders-api';
import { DeliveriesList } from './deliveries-list';
import { DifferencesList } from './differences-list';
import { statusBadge, statusLabel } from './order-bits';
import { OrdersFilter } from './orders-filter';
import { QuickPayModal } from './quick-pay-modal';
import { RefundOnlineModal } from './refund-online-modal';
import { ReturnModal } from './return-modal';
import '../../components/admin-cards.css';
import './orders.css';

const TYPE_TOGGLES: { type: OrderType; key: 'all' | 'online' | 'offline' }[] = [
  { type: 2, key: 'all' },
  { type: 1, key: 'online' },
  { type: 0, key: 'offline' },
];

const EMPTY_FILTER: OrderFilter = {
  field: 'ID',
  value: '',
  from: '',
  to: '',
  type: 2,
  status: 0,
  slot_date: '',
  slot_start: '',
};

/** The filter a link to this page carries, when it names a known field and a value. */
function linkedFilter(params: URLSearchParams): OrderFilter | null {
  const field = FILTER_FIELDS.find((f) => f === params.get('field'));
  const value = params.get('value')?.trim();
  return field && value ? { ...EMPTY_FILTER, field, value } : null;
}

/** /admin/orders: totals, the type toggles, the filter bar and the table with a row menu. */
export function OrdersPage() {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const time = useShopTime();
  const slotText = useSlotText();
  const queryClient = useQueryClient();
  // Opening the screen loads every type (spec §2), unless a link asks for a filter
  // (the customers list's View Orders: ?field=Phone&value=01…).
  const [params, setParams] = useSearchParams();
  const linked = linkedFilter(params);
  // ?view=differences: the till's sales synced with prices other than the shop's;
  // ?view=deliveries: today's slotted orders in slot order.
  const view = params.get('view');
  const differences = view === 'differences';
  const deliveries = view === 'deliveries';
  const showView = (next: 'differences' | 'deliveries' | null) =>
    setParams(
      (current) => {
        if (next) current.set('view', next);
        else current.delete('view');
        return current;
      },
      { replace: true },
    );
  const showDifferences = (on: boolean) => showView(on ? 'differences' : null);
  const [query, setQuery] = useState<OrderListQuery>({ filter: linked ?? EMPTY_FILTER, page: 1 });
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const [returning, setReturning] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);

  const orders = useQuery({
    queryKey: orderListKey(query),
    queryFn: () => fetchOrderList(query),
    placeholderData: keepPreviousData,
  });

  // The pay, return and delete answers change the rows in place at once; the lists are then read
  // again for the cards, which the server counts over the whole filter.
  const updateList = (change: (list: Order[]) => Order[]) => {
    const lists = [...ORDERS_KEY, 'list'];
    for (const [key, page] of queryClient.getQueriesData<OrderPage>({ queryKey: lists })) {
      if (page) queryClient.setQueryData<OrderPage>(key, { ...page, data: change(page.data) });
    }
    void queryClient.invalidateQueries({ queryKey: lists });
  };

  // The payments and the customer's advance changed too: the order's own page reads them again.
  const paid = (id: number, result: PayResult) => {
    updateList((list) => list.map((row) => (row.id === id ? { ...row, ...result } : row)));
    void queryClient.invalidateQueries({ queryKey: orderKey(id) });
  };

  // An online refund: the row's paid and due at once; the order's payments are read again.
  const refunded = (id: number, result: { paid: number; due: number }) => {
    updateList((list) =>
      list.map((row) => (row.id === id ? { ...row, paid: result.paid, due: result.due } : row)),
    );
    void queryClient.invalidateQueries({ queryKey: orderKey(id) });
  };

  const returned = (order: Order) => {
    updateList((list) => list.map((row) => (row.id === order.id ? order : row)));
    queryClient.setQueryData(orderKey(order.id), order);
  };

  const remove = useMutation({
    mutationFn: (order: Order) => deleteOrder(order.id),
    onSuccess: (_, order) => {
      updateList((list) => list.filter((row) => row.id !== order.id));
      toast.success(t('adminOrders.list.deleted'));
    },
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
    onSettled: () => {
      setDeleting(null);
      setOpenMenu(null);
    },
  });

  // Column names for the phone layout's cards (read once, not once per row).
  const label = {
    total: t('adminOrders.list.columns.total'),
    paid: t('adminOrders.list.columns.paid'),
    due: t('adminOrders.list.columns.due'),
  };
  const totals = orders.data?.meta.totals ?? { total: 0, paid: 0, due: 0 };
  const choose = (filter: OrderFilter) => {
    setOpenMenu(null);
    setQuery({ filter, page: 1 });
  };

  return (
    <section className="card shadow-sm" aria-labelledby="orders-title">
      <div className="card-body">
        <h1 id="orders-title" className="h4 mb-3">
          {t('adminOrders.list.title')}
        </h1>

        <div className="row g-2 mb-3 orders-summary" role="group" aria-label={t('adminOrders.list.summary')}>
          {(['total', 'paid', 'due'] as const).map((key) => (
            <div className="col-4" key={key}>
              <div className="card h-100">
                <div className="card-body">
                  <h2 className="h6 text-secondary mb-1" id={`orders-sum-${key}`}>
                    {t(`adminOrders.list.${key}`)}
                  </h2>
                  <p
                    className="summary-amount mb-0"
                    aria-labelledby={`orders-sum-${key}`}
                    data-testid={`sum-${key}`}
                  >
                    {t('adminOrders.list.amount', { amount: totals[key] })}
                  </p>
                </div>
              </div>
            </div>
          ))}
        </div>

        <div className="d-flex flex-wrap gap-2 mb-3">
          <div className="btn-group" role="group" aria-label={t('adminOrders.list.typeToggle')}>
            {TYPE_TOGGLES.map(({ type, key }) => {
              const active = !view && query.filter.type === type;
              return (
                <button
                  key={key}
                  type="button"
                  className={`btn ${active ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-pressed={active}
                  onClick={() => {
                    showDifferences(false);
                    choose({ ...query.filter, type });
                  }}
                >
                  {t(`adminOrders.list.${key}`)}
                </button>
              );
            })}
          </div>
          <DownloadControl name="orders" query={exportQuery(query.filter)} disabled={Boolean(view)} />
          <button
            type="button"
            className={`btn ${differences ? 'btn-warning' : 'btn-outline-warning'}`}
            aria-pressed={differences}
            onClick={() => showDifferences(!differences)}
          >
            {t('adminOrders.differences.button')}
          </button>
          <button
            type="button"
            className={`btn ${deliveries ? 'btn-info' : 'btn-outline-info'}`}
            aria-pressed={deliveries}
            onClick={() => showView(deliveries ? null : 'deliveries')}
          >
            {t('delivery.orders.today')}
          </button>
        </div>

        {differences ? (
          <DifferencesList />
        ) : deliveries ? (
          <DeliveriesList />
        ) : (
          <>
            <OrdersFilter initial={linked ?? EMPTY_FILTER} type={query.filter.type} onFilter={choose} />

            {orders.isPending ? (
              <PageSpinner />
            ) : orders.isError ? (
              <LoadFailed onRetry={() => void orders.refetch()} />
            ) : orders.data.data.length === 0 ? (
              <p className="text-secondary mb-0">{t('adminOrders.list.empty')}</p>
            ) : (
              <div className="table-responsive">
                <table
                  className="table table-hover admin-table admin-cards orders-table mb-0"
                  aria-busy={orders.isFetching || undefined}
                >
                  <thead>
                    <tr>
                      <th scope="col">{t('adminOrders.list.columns.id')}</th>
                      <th scope="col">{t('adminOrders.list.columns.date')}</th>
                      <th scope="col">{t('adminOrders.list.columns.customer')}</th>
                      <th scope="col">{t('adminOrders.list.columns.phone')}</th>
                      <th scope="col">{t('adminOrders.list.columns.area')}</th>
                      <th scope="col" className="num">
                        {t('adminOrders.list.columns.total')}
                      </th>
                      <th scope="col" className="num">
                        {t('adminOrders.list.columns.paid')}
                      </th>
                      <th scope="col" className="num">
                        {t('adminOrders.list.columns.due')}
                      </th>
                      <th scope="col">{t('adminOrders.list.columns.type')}</th>
                      <th scope="col">{t('adminOrders.list.columns.status')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('adminOrders.list.columns.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {orders.data.data.map((order) => (
                      <tr key={order.id} data-order-id={order.id}>
                        <td className="id-cell">{order.id}</td>
                        <td className="date-cell">
                          {time.dateTime(order.created)}
                          {order.slot && (
                            <span className="d-block small text-secondary slot-line">
                              {t('delivery.orders.slot')}: {slotText(order.slot)}
                            </span>
                          )}
                        </td>
                        <td className="name-cell">{customerName(t, order)}</td>
                        <td className="text-nowrap phone-cell">{order.phone}</td>
                        <td className="area-cell">{areaName(order.area)}</td>
                        <td className="num" data-label={label.total}>
                          {formatNumber(orderListTotal(order))}
                        </td>
                        <td className="num" data-label={label.paid}>
                          {formatNumber(order.paid)}
                        </td>
                        <td className="num" data-label={label.due}>
                          {formatNumber(order.due)}
                        </td>
                        <td className="type-cell">
                          {order.type ? (
                            <span className="badge text-bg-success">{t('adminOrders.list.online')}</span>
                          ) : (
                            <span className="badge text-bg-secondary">{t('adminOrders.list.offline')}</span>
                          )}
                        </td>
                        <td className="status-cell">
                          <span className={`badge ${statusBadge(order.status)}`}>
                            {statusLabel(t, order.status)}
                          </span>
                          {order.returned > 0 && (
                            <span className="badge text-bg-warning">
                              {t('adminOrders.list.returnedBadge', { amount: order.returned })}
                            </span>
                          )}
                        </td>
                        <td className="text-end menu-cell">
                          {/*
                           * The spec's Quick Pay, Print, Send SMS and Delete, with Return (not for a
                           * cancelled order) and Reprint (a till sale's receipt); the page keeps which
                           * menu is open, so only one is.
                           */}
                          <AdminRowMenu
                            label={t('adminOrders.list.menu', { id: order.id })}
                            open={openMenu === order.id}
                            onToggle={(next) =>
                              setOpenMenu((current) =>
                                next ? order.id : current === order.id ? null : current,
                              )
                            }
                            items={[
                              {
                                label: t('adminOrders.list.quickPay'),
                                onClick: () => {
                                  setOpenMenu(null);
                                  setPaying(order);
                                },
                              },
                              { label: t('adminOrders.list.print'), to: `/admin/print-order/${order.id}` },
                              ...(order.terminal === 1
                                ? [{ label: t('adminOrders.list.reprint'), to: receiptUrl(order.id) }]
                                : []),
                              ...(isCancelled(order)
                                ? []
                                : [
                                    {
                                      label: t('adminOrders.list.return'),
                                      onClick: () => {
                                        setOpenMenu(null);
                                        setReturning(order);
                                      },
                                    },
                                  ]),
                              ...(onlineRefundable(order) > 0
                                ? [
                                    {
                                      label: t('adminOrders.list.refund'),
                                      onClick: () => {
                                        setOpenMenu(null);
                                        setRefunding(order);
                                      },
                                    },
                                  ]
                                : []),
                              {
                                label: t('adminOrders.list.sendSms'),
                                to: `/admin/order/send-sms/${order.id}`,
                              },
                              {
                                label: t('adminOrders.list.delete'),
                                danger: true,
                                onClick: () => {
                                  setOpenMenu(null);
                                  setDeleting(order);
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
            )}
            {orders.data && (
              <div className="mt-3">
                <AdminPagination
                  meta={orders.data.meta}
                  limit={5}
                  onChange={(page) => {
                    setOpenMenu(null);
                    setQuery({ ...query, page });
                  }}
                />
              </div>
            )}
          </>
        )}
      </div>
      <QuickPayModal order={paying} onClose={() => setPaying(null)} onPaid={paid} />
      <ReturnModal order={returning} onClose={() => setReturning(null)} onReturned={returned} />
      <RefundOnlineModal order={refunding} onClose={() => setRefunding(null)} onRefunded={refunded} />
      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t('adminOrders.list.deleteText', { id: deleting?.id ?? '' })}
      </AdminConfirmModal>
    </section>
  );
}
