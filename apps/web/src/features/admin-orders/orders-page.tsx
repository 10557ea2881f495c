import { useApproval, withApproval } from '../till/till-staff';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPagination } from '../../components/admin-pagination';
import { useConfirmDelete } from '../../components/confirm-delete';
import { DownloadControl } from '../../components/download-control';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { AssignBar } from '../admin-riders/assign-bar';
import { AssignRiderModal } from '../admin-riders/assign-rider-modal';
import { refreshRiders } from '../admin-riders/riders-api';
import { useSelection } from '../admin-riders/selection';
import { usePermissions } from '../auth/permissions';
import { DeliveriesList } from './deliveries-list';
import { DifferencesList } from './differences-list';
import type { OrderAction } from './order-row-menu';
import { deleteOrder, exportQuery, NO_FILTER, orderKey, type Order, type OrderType } from './orders-api';
import { OrdersFilterBar } from './orders-filter-bar';
import { OrdersTable, rideableIds } from './orders-table';
import { OrdersTotals } from './orders-totals';
import { QuickPayModal } from './quick-pay-modal';
import { RefundOnlineModal } from './refund-online-modal';
import { ReturnModal } from './return-modal';
import { useOrdersList } from './use-orders-list';
import '../../components/admin-cards.css';
import './orders.css';

const TYPE_TOGGLES: { type: OrderType; key: 'all' | 'online' | 'offline' }[] = [
  { type: 2, key: 'all' },
  { type: 1, key: 'online' },
  { type: 0, key: 'offline' },
];

/** The filter bar starts afresh when the URL's filter changes (Back, a link), its type aside. */
const formKey = (filter: Record<string, string>) =>
  Object.keys(NO_FILTER)
    .filter((name) => name !== 'type')
    .map((name) => filter[name])
    .join('|');

/**
 * /admin/orders: the totals, the type toggles, the filter bar and the table with a row menu; the
 * filter, type and page are in the URL. `?view=` shows the synced-with-differences sales or
 * today's deliveries instead. Who assigns deliveries ticks orders and gives them to a rider
 * together (the bar under the list), or one order from its menu.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useOrdersList();
  const approval = useApproval();
  const { view, filter } = list;
  const canAssign = usePermissions().can('deliveries.assign');
  const selection = useSelection(rideableIds(list.query.data?.data ?? []));
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [open, setOpen] = useState<{ action: Exclude<OrderAction, 'delete'>; order: Order } | null>(null);
  const opened = (action: Exclude<OrderAction, 'delete'>) => (open?.action === action ? open.order : null);
  const close = () => setOpen(null);

  const deletion = useConfirmDelete<Order>({
    remove: (order) =>
      withApproval(
        approval.ask,
        () => t('adminTill.staff.kinds.void'),
        (given) => deleteOrder(order.id, given),
      ),
    onDeleted: (order) => list.removeRow(order.id),
    deleted: t('adminOrders.list.deleted'),
    question: (order) => t('adminOrders.list.deleteText', { id: order.id }),
  });

  const act = (action: OrderAction, order: Order) => {
    setOpenMenu(null);
    if (action === 'delete') deletion.ask(order);
    else setOpen({ action, order });
  };

  /**
   * A payment's, a refund's or a return's answer goes into the order's row at once (the lists are
   * then read again for the cards, which the server counts over the whole filter); the order's own
   * page reads it again.
   */
  const saved = (id: number, fields: Partial<Order>) => {
    list.changeRow(id, fields);
    void queryClient.invalidateQueries({ queryKey: orderKey(id) });
  };

  const setType = (type: OrderType) => {
    setOpenMenu(null);
    selection.clear();
    if (view) list.show(null, type);
    else list.setFilter({ ...filter, type: String(type) });
  };

  return (
    <section className="card shadow-sm" aria-labelledby="orders-title">
      <div className="card-body">
        <h1 id="orders-title" className="h4 mb-3">
          {t('adminOrders.list.title')}
        </h1>

        <OrdersTotals totals={list.query.data?.meta.totals} />

        <div className="d-flex flex-wrap gap-2 mb-3">
          <div className="btn-group" role="group" aria-label={t('adminOrders.list.typeToggle')}>
            {TYPE_TOGGLES.map(({ type, key }) => {
              const active = !view && filter.type === String(type);
              return (
                <button
                  key={key}
                  type="button"
                  className={`btn ${active ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-pressed={active}
                  onClick={() => setType(type)}
                >
                  {t(`adminOrders.list.${key}`)}
                </button>
              );
            })}
          </div>
          <DownloadControl name="orders" query={exportQuery(filter)} disabled={Boolean(view)} />
          <button
            type="button"
            className={`btn ${view === 'differences' ? 'btn-warning' : 'btn-outline-warning'}`}
            aria-pressed={view === 'differences'}
            onClick={() => list.show(view === 'differences' ? null : 'differences')}
          >
            {t('adminOrders.differences.button')}
          </button>
          <button
            type="button"
            className={`btn ${view === 'deliveries' ? 'btn-info' : 'btn-outline-info'}`}
            aria-pressed={view === 'deliveries'}
            onClick={() => list.show(view === 'deliveries' ? null : 'deliveries')}
          >
            {t('delivery.orders.today')}
          </button>
        </div>

        {view === 'differences' ? (
          <DifferencesList />
        ) : view === 'deliveries' ? (
          <DeliveriesList />
        ) : (
          <>
            <OrdersFilterBar
              filter={filter}
              formKey={formKey(filter)}
              onFilter={(next) => {
                setOpenMenu(null);
                selection.clear();
                list.setFilter(next);
              }}
            />
            <QueryState query={list.query} empty={t('adminOrders.list.empty')}>
              {(page) => (
                <OrdersTable
                  orders={page.data}
                  busy={list.query.isFetching}
                  selection={canAssign ? selection : null}
                  openMenu={openMenu}
                  onMenu={setOpenMenu}
                  onAction={act}
                />
              )}
            </QueryState>
            {canAssign && (
              <AssignBar
                ids={selection.ids}
                onClear={selection.clear}
                onAssigned={({ order_ids, rider }) => {
                  for (const id of order_ids) list.changeRow(id, { rider });
                  selection.clear();
                  void refreshRiders(queryClient);
                }}
              />
            )}
            {list.query.data && (
              <div className="mt-3">
                <AdminPagination
                  meta={list.query.data.meta}
                  limit={5}
                  onChange={(page) => {
                    setOpenMenu(null);
                    selection.clear();
                    list.setPage(page);
                  }}
                />
              </div>
            )}
          </>
        )}
      </div>
      <QuickPayModal order={opened('pay')} onClose={close} onPaid={saved} />
      <ReturnModal order={opened('return')} onClose={close} onReturned={(order) => saved(order.id, order)} />
      <RefundOnlineModal
        order={opened('refund')}
        onClose={close}
        onRefunded={(id, { paid, due }) => saved(id, { paid, due })}
      />
      <AssignRiderModal
        order={opened('rider')}
        onClose={close}
        onAssigned={(id, rider) => {
          saved(id, { rider });
          void refreshRiders(queryClient);
        }}
      />
      {deletion.dialog}
      {approval.dialog}
    </section>
  );
}
