import { lineTotal } from '@bazar/contracts/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { PrintIcon } from '../../components/admin-icons';
import { DataTable } from '../../components/data-table';
import { NotFound } from '../../components/not-found';
import { usePrintedPage } from '../../components/printed-page';
import { QueryState } from '../../components/query-state';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import '../../components/admin-cards.css';
import {
  closeOrder,
  fetchOrder,
  leftOf,
  orderChanged,
  orderKey,
  sendOrder,
  type PurchaseOrder,
} from './reorder-api';
import { StatusBadge } from './reorder-bits';
import { ReceiveModal } from './receive-modal';
import { SendPanel } from './send-panel';
import './reorder.css';

/** Whether goods may still come against the order: not closed, and some product still to come. */
const receivable = (order: PurchaseOrder) =>
  order.status !== 'closed' && order.lines.some((l) => l.product_id !== null && leftOf(l) > 0);

/**
 * /admin/purchase-orders/{id}: one order with its lines (ordered, received, still to come, the
 * expected buy price), and what may be done at its status: Send (marks it sent and shows the text
 * for the supplier), Receive (all or part: a purchase), Close (nothing more will come), Print (A4,
 * the order as the supplier reads it).
 */
export function PurchaseOrderPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const order = useQuery({
    queryKey: orderKey(id),
    queryFn: () => fetchOrder(id),
    enabled: valid,
    staleTime: 0,
  });
  const [justSent, setJustSent] = useState(false);
  const [receiving, setReceiving] = useState(false);
  const [closing, setClosing] = useState(false);

  const changed = (answer: PurchaseOrder) => orderChanged(queryClient, answer);
  const failed = (error: unknown) => toast.error(serverMessage(error, t('common.somethingWrong')));
  const send = useMutation({
    mutationFn: () => sendOrder(id),
    onSuccess: (answer) => {
      changed(answer);
      setJustSent(true);
      toast.success(t('reorder.order.sentToast', { id }));
    },
    onError: failed,
  });
  const close = useMutation({
    mutationFn: () => closeOrder(id),
    onSuccess: (answer) => {
      changed(answer);
      setClosing(false);
      toast.success(t('reorder.order.closedToast', { id }));
    },
    onError: (error) => {
      setClosing(false);
      failed(error);
    },
  });

  if (!valid || (order.isError && isApiError(order.error, 404))) return <NotFound />;

  return (
    <div className="purchase-order-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3 d-print-none">
        <Link
          to="/admin/purchase-orders"
          className="btn btn-outline-secondary"
          aria-label={t('reorder.order.back')}
          title={t('reorder.order.back')}
        >
          <span aria-hidden="true">←</span>
        </Link>
        <h1 className="h4 mb-0 me-auto d-flex flex-wrap align-items-center gap-2">
          {t('reorder.order.title', { id })} {order.data && <StatusBadge status={order.data.status} />}
        </h1>
        {order.data && (
          <div className="d-flex flex-wrap gap-2 po-actions">
            {order.data.status === 'draft' && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={send.isPending}
                onClick={() => send.mutate()}
              >
                {t('reorder.order.send')}
              </button>
            )}
            {receivable(order.data) && (
              <button type="button" className="btn btn-success" onClick={() => setReceiving(true)}>
                {t('reorder.order.receive')}
              </button>
            )}
            <button type="button" className="btn btn-outline-secondary" onClick={() => window.print()}>
              <PrintIcon className="me-1" />
              {t('reorder.order.print')}
            </button>
            {order.data.status !== 'closed' && (
              <button type="button" className="btn btn-outline-danger" onClick={() => setClosing(true)}>
                {t('reorder.order.close')}
              </button>
            )}
          </div>
        )}
      </div>

      <QueryState query={order}>
        {(data) => (
          <>
            {data.status === 'sent' && <SendPanel order={data} focus={justSent} />}
            <OrderSheet order={data} />
          </>
        )}
      </QueryState>

      <ReceiveModal
        order={receiving ? (order.data ?? null) : null}
        onClose={() => setReceiving(false)}
        onReceived={(answer) => {
          changed(answer);
          toast.success(
            answer.status === 'received' ? t('reorder.receive.savedAll') : t('reorder.receive.savedPart'),
          );
        }}
      />
      <AdminConfirmModal
        show={closing}
        title={t('reorder.order.closeTitle')}
        confirmLabel={t('reorder.order.close')}
        cancelLabel={t('reorder.order.keepOpen')}
        pending={close.isPending}
        onConfirm={() => close.mutate()}
        onClose={() => setClosing(false)}
      >
        {t('reorder.order.closeText', { id })}
      </AdminConfirmModal>
    </div>
  );
}

/**
 * The order as it prints on A4 (while it is on the screen the printed page is A4): the shop, the
 * supplier, the days, each product with what was ordered and has come, the expected buy prices and
 * the total.
 */
function OrderSheet({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const time = useShopTime();
  const ref = useRef<HTMLDivElement>(null);
  usePrintedPage(ref, 'a4');
  const col = (key: 'product' | 'ordered' | 'received' | 'left' | 'price' | 'amount') =>
    t(`reorder.order.columns.${key}`);

  return (
    <div ref={ref} className="card shadow-sm po-sheet">
      <div className="card-body">
        {/* On paper the page's title bar is gone: the sheet says what it is itself. */}
        <header className="d-none d-print-block mb-3">
          <p className="h5 mb-0">{t('shop.name')}</p>
          <p className="h4 mb-0">
            {t('reorder.order.title', { id: order.id })} · {t(`reorder.status.${order.status}`)}
          </p>
        </header>
        <dl className="row po-facts mb-3">
          <div className="col-12 col-md-6">
            <dt>{t('reorder.order.supplier')}</dt>
            <dd data-testid="po-supplier">
              {order.supplier.name}
              {order.supplier.phone && <span className="d-block text-secondary">{order.supplier.phone}</span>}
            </dd>
          </div>
          <div className="col-6 col-md-2">
            <dt>{t('reorder.order.created')}</dt>
            <dd>{time.date(order.created)}</dd>
          </div>
          {order.sent && (
            <div className="col-6 col-md-2">
              <dt>{t('reorder.order.sent')}</dt>
              <dd>{time.date(order.sent)}</dd>
            </div>
          )}
          {order.closed && (
            <div className="col-6 col-md-2">
              <dt>{t('reorder.order.closed')}</dt>
              <dd>{time.date(order.closed)}</dd>
            </div>
          )}
          {order.note && (
            <div className="col-12">
              <dt>{t('reorder.order.note')}</dt>
              <dd>{order.note}</dd>
            </div>
          )}
        </dl>

        <h2 id="po-lines-title" className="h6">
          {t('reorder.order.lines')}
        </h2>
        <DataTable
          labelledBy="po-lines-title"
          className="table-sm align-middle admin-cards po-lines-table mb-0"
          rows={order.lines}
          rowKey={(line) => `${line.product_id ?? 'gone'}|${line.title}|${line.attri}`}
          rowProps={(line) => ({
            'data-product-id': line.product_id ?? undefined,
            ...(leftOf(line) === 0 && { className: 'po-line-done' }),
          })}
          columns={[
            {
              key: 'product',
              header: col('product'),
              className: 'card-main',
              rowHeader: true,
              cell: (line) => (
                <>
                  {line.attri ? `${line.title} ${line.attri}` : line.title}
                  {line.product_id === null && (
                    <span className="d-block small text-secondary fw-normal">
                      {t('reorder.order.productGone')}
                    </span>
                  )}
                </>
              ),
            },
            {
              key: 'ordered',
              header: col('ordered'),
              label: col('ordered'),
              className: 'num',
              cell: (line) => formatNumber(line.qty),
            },
            {
              key: 'received',
              header: col('received'),
              label: col('received'),
              className: 'num',
              cell: (line) => <span data-testid="po-line-received">{formatNumber(line.received)}</span>,
            },
            {
              key: 'left',
              header: col('left'),
              label: col('left'),
              className: 'num',
              cell: (line) => <span data-testid="po-line-left">{formatNumber(leftOf(line))}</span>,
            },
            {
              key: 'price',
              header: col('price'),
              label: col('price'),
              className: 'num',
              cell: (line) => formatNumber(line.buy_price),
            },
            {
              key: 'amount',
              header: col('amount'),
              label: col('amount'),
              className: 'num',
              cell: (line) => formatNumber(lineTotal(line.buy_price, line.qty)),
            },
          ]}
          footer={
            <tr>
              <th scope="row" colSpan={5}>
                {t('reorder.order.total')}
              </th>
              <td className="num fw-bold" data-testid="po-total">
                {t('common.price', { amount: order.total })}
              </td>
            </tr>
          }
        />
        {order.purchase_ids.length > 0 && (
          <p className="small text-secondary mt-3 mb-0 d-print-none" data-testid="po-purchases">
            {t('reorder.order.purchases', { ids: order.purchase_ids.map((p) => `#${p}`).join(', ') })}
          </p>
        )}
        <p className="d-none d-print-block small text-secondary mt-3 mb-0">
          {t('reorder.order.printedOn', { date: time.dateTime(new Date().toISOString()) })}
        </p>
      </div>
    </div>
  );
}
