import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPagination } from '../../components/admin-pagination';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { useStoredPhone } from '../../lib/session';
import { useAreaName } from '../../lib/shop-api';
import { BuyAgainButton } from './buy-again-button';
import { OrderDetailsModal } from './order-details-modal';
import { orderAmounts } from '../../lib/money';
import { type Order, statusKey, useMyOrders } from './orders-api';
import './orders.css';
import { useSlotText } from '../../lib/delivery';

/**
 * /user/orders: the signed-in customer's orders as cards, each with a View of its details; the
 * page is in the URL (`?page=2`).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const phone = useStoredPhone();
  const { query: orders, setPage } = useMyOrders(phone);
  const [open, setOpen] = useState<Order | null>(null);

  return (
    <div className="my-1">
      <h1 id="my-orders-title" className="h4 my-2">
        {t('shopOrders.orders.title')}
      </h1>
      <QueryState
        query={orders}
        empty={
          <div className="card shadow-sm">
            <div className="card-body">
              <p className="mb-2">{t('shopOrders.orders.empty')}</p>
              <Link to="/" className="btn btn-primary">
                {t('shopOrders.orders.shop')}
              </Link>
            </div>
          </div>
        }
      >
        {(page) => (
          <>
            <ul className="list-unstyled row g-3" aria-busy={orders.isFetching || undefined}>
              {page.data.map((order) => (
                <li key={order.id} className="col-12 col-md-6 col-xl-4">
                  <OrderCard order={order} onView={() => setOpen(order)} />
                </li>
              ))}
            </ul>
            <AdminPagination
              meta={page.meta}
              limit={3}
              onChange={(next) => {
                setPage(next);
                // Back to the top of the list (the shop's main area scrolls, not always the window).
                document.getElementById('my-orders-title')?.scrollIntoView({ block: 'start' });
              }}
            />
          </>
        )}
      </QueryState>
      <OrderDetailsModal order={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function OrderCard({ order, onView }: { order: Order; onView: () => void }) {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const time = useShopTime();
  const slotText = useSlotText();
  const titleId = `order-${order.id}-title`;
  const canceled = order.status === 4;
  return (
    <article className="card shadow-sm h-100 order-card" aria-labelledby={titleId}>
      <div className="card-body d-flex flex-column">
        <div className="d-flex align-items-start gap-2 mb-2">
          <h2 id={titleId} className="h6 mb-0 me-auto">
            {t('shopOrders.orders.order', { id: order.id })}
          </h2>
          <span className={`badge ${canceled ? 'text-bg-danger' : 'text-bg-success'}`}>
            {t(statusKey(order.status))}
          </span>
          {/* Paid in full (online, or by the shop): nothing left to pay on delivery. */}
          {order.paid > 0 && order.due <= 0 && (
            <span className="badge text-bg-primary">{t('shopOrders.orders.paid')}</span>
          )}
        </div>
        <dl className="order-facts small">
          <dt>{t('shopOrders.orders.time')}</dt>
          <dd>
            <time dateTime={order.created}>{time.dateTime(order.created)}</time>
          </dd>
          <dt>{t('shopOrders.orders.phone')}</dt>
          <dd>{order.phone}</dd>
          <dt>{t('shopOrders.orders.area')}</dt>
          <dd>{areaName(order.area)}</dd>
          <dt>{t('shopOrders.orders.address')}</dt>
          <dd>{order.address}</dd>
          {order.slot && (
            <>
              <dt>{t('delivery.slot.legend')}</dt>
              <dd>{slotText(order.slot)}</dd>
            </>
          )}
        </dl>
        <div className="d-flex align-items-center gap-2 mt-auto">
          <ToPay order={order} className="mb-0 me-auto" />
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-label={t('shopOrders.orders.viewLabel', { id: order.id })}
            onClick={onView}
          >
            {t('shopOrders.orders.view')}
          </button>
        </div>
        <BuyAgainButton order={order} className="mt-2" />
      </div>
    </article>
  );
}

/** What is left to pay on an order (its due), or "Paid in full" once nothing is. */
function ToPay({ order, className }: { order: Order; className: string }) {
  const { t } = useTranslation();
  const { due } = orderAmounts(order);
  return (
    <p className={className} data-testid="order-to-pay">
      {due > 0 ? (
        <>
          <span className="text-secondary small d-block">{t('shopOrders.orders.toPay')}</span>
          <span className="fw-bold order-amount">{t('common.price', { amount: due })}</span>
        </>
      ) : (
        <span className="fw-bold text-success">{t('shopOrders.orders.paidInFull')}</span>
      )}
    </p>
  );
}
