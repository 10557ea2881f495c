import { FAIL_REASONS, RIDER_METHODS, type FailReason, type RiderMethod } from '@bazar/contracts/riders';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { methodLabel } from '../../components/order-record';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { useAreaName } from '../../lib/shop-api';
import { statusBadge, statusLabel } from '../admin-orders/order-bits';
import type { Settlement } from './riders-api';

type SheetOrder = Settlement['delivered'][number];

const isRiderMethod = (method: string): method is RiderMethod =>
  (RIDER_METHODS as readonly string[]).includes(method);
const isFailReason = (reason: string): reason is FailReason =>
  (FAIL_REASONS as readonly string[]).includes(reason);

/** Why a delivery failed, in words ("Nobody at home"); an unknown reason as the server wrote it. */
export const reasonText = (t: TFunction, reason: string) =>
  isFailReason(reason) ? t(`riders.reasons.${reason}`) : reason;

/** What a rider collected for an order: "Cash 160 · bKash 100" ('' for nothing). */
function collectedText(t: TFunction, collected: SheetOrder['collected']): string {
  return collected
    .map((c) =>
      t('riders.settle.collectedBy', {
        method: isRiderMethod(c.method) ? methodLabel(t, c.method) : c.method,
        amount: c.amount,
      }),
    )
    .join(' · ');
}

/**
 * Cash a rider holds, with whether it is settled: any amount but 0 stands out as "Not settled"
 * (a negative one: the rider handed over more than they held).
 */
export function CashHeld({ amount }: { amount: number }) {
  const { t } = useTranslation();
  if (amount === 0) {
    return (
      <span className="cash-held">
        {t('riders.settle.amount', { amount })}{' '}
        <span className="badge text-bg-success">{t('riders.riders.settled')}</span>
      </span>
    );
  }
  return (
    <span className="cash-held fw-semibold" data-unsettled="true">
      {t('riders.settle.amount', { amount })}{' '}
      <span className="badge text-bg-warning">{t('riders.riders.notSettled')}</span>
    </span>
  );
}

/** One part of the sheet: its heading with a count, a sentence when empty, else its table. */
export function SheetPart({
  id,
  title,
  count,
  empty,
  note,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  note?: string;
  children: ReactNode;
}) {
  const { formatNumber } = useTranslation();
  return (
    <section className="card shadow-sm mb-3" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h6 mb-2">
          {title} <span className="badge text-bg-light border">{formatNumber(count)}</span>
        </h2>
        {note && <p className="small text-secondary mb-2">{note}</p>}
        {count === 0 ? <p className="text-secondary small mb-0">{empty}</p> : children}
      </div>
    </section>
  );
}

/**
 * Orders of the sheet: number, customer, area, and the part's own columns (what was collected,
 * why it failed, where it stands). A failed order's number leads to the orders list showing it
 * alone, where its menu can send it out again or cancel it (which puts its stock back); the
 * others' to its invoice.
 */
export function SheetOrders({
  id,
  orders,
  kind,
}: {
  id: string;
  orders: readonly SheetOrder[];
  kind: 'delivered' | 'failed' | 'open';
}) {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const label = (key: 'total' | 'collected' | 'reason' | 'status') => t(`riders.settle.columns.${key}`);
  return (
    <DataTable
      labelledBy={`${id}-title`}
      className="table-sm align-middle admin-cards settle-table mb-0"
      rows={orders}
      rowKey={(order) => order.id}
      rowProps={(order) => ({ 'data-order-id': order.id })}
      columns={[
        {
          key: 'id',
          header: t('riders.settle.columns.order'),
          className: 'text-nowrap',
          cell: (order) =>
            kind === 'failed' ? (
              <Link
                to={`/admin/orders?field=ID&value=${order.id}`}
                aria-label={t('riders.settle.openOrder', { id: order.id })}
              >
                #{order.id}
              </Link>
            ) : (
              <Link to={`/admin/print-order/${order.id}`}>#{order.id}</Link>
            ),
        },
        {
          key: 'customer',
          header: t('riders.settle.columns.customer'),
          className: 'card-main',
          cell: (order) => order.name,
        },
        {
          key: 'area',
          header: t('riders.settle.columns.area'),
          className: 'card-half',
          cellClassName: 'text-secondary',
          cell: (order) => areaName(order.area),
        },
        {
          key: 'total',
          header: label('total'),
          label: label('total'),
          className: 'num',
          cell: (order) => t('riders.settle.amount', { amount: order.total }),
        },
        kind === 'delivered' && {
          key: 'collected',
          header: label('collected'),
          label: label('collected'),
          className: 'card-full collected-cell',
          cell: (order) => collectedText(t, order.collected) || t('riders.settle.nothingCollected'),
        },
        kind === 'failed' && {
          key: 'reason',
          header: label('reason'),
          label: label('reason'),
          className: 'card-full',
          cell: (order) => (
            <>
              {order.reason ? reasonText(t, order.reason) : '—'}
              {order.reason_note && <span className="d-block small text-secondary">{order.reason_note}</span>}
            </>
          ),
        },
        kind === 'open' && {
          key: 'status',
          header: label('status'),
          label: label('status'),
          className: 'card-half',
          cell: (order) => (
            <span className={`badge ${statusBadge(order.status)}`}>{statusLabel(t, order.status)}</span>
          ),
        },
      ]}
    />
  );
}
