import { pickListQuery } from '@bazar/contracts/riders';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PrintIcon } from '../../components/admin-icons';
import { DataTable } from '../../components/data-table';
import { NotFound } from '../../components/not-found';
import { usePrintedPage } from '../../components/printed-page';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { useAreaName, useShopInfo } from '../../lib/shop-api';
import { useShopTime } from '../../lib/shop-time';
import { deliveriesKey, refreshOrderLists } from '../admin-orders/orders-api';
import { usePermissions } from '../auth/permissions';
import { printThermal } from '../printing/print-thermal';
import '../../components/admin-cards.css';
// The roll is the till receipt's narrow column (and its print rules hide the back office around it).
import '../receipts/receipt.css';
import {
  categoryText,
  perOrderText,
  productText,
  qtyText,
  scopeText,
  slotRange,
  type PickOrder,
} from './pick-list-bits';
import { pickListLines, printedPickList } from './pick-list-document';
import { PickListRoll } from './pick-list-roll';
import { fetchPickList, pickListKey, refreshRiders, type PickList, type PickListFor } from './riders-api';
import { ShortModal, type ShortTarget } from './short-modal';
import './riders.css';

/** What the URL asks a pick list for, or null for an address the server would refuse. */
function pickListIn(params: URLSearchParams): PickListFor | null {
  const orders = params.get('orders') ?? '';
  const date = params.get('date') ?? '';
  const slot = params.get('slot') ?? '';
  const asked = pickListQuery.safeParse({
    ...(orders && { order_ids: orders }),
    ...(date && { date }),
    ...(slot && { slot_start: slot }),
  });
  if (!asked.success) return null;
  return orders ? { orders: orders.split(',').map(Number) } : { date, slot };
}

/** The A4 sheet: while it is on the screen the printed page is A4. */
function A4Sheet({
  list,
  scope,
  onShort,
}: {
  list: PickList;
  scope: string;
  onShort: ((target: ShortTarget) => void) | null;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  usePrintedPage(ref, 'a4');
  return (
    <div ref={ref} className="pick-a4">
      {/* On paper the tools are gone: the sheet says what it is itself. */}
      <header className="d-none d-print-block mb-3">
        <p className="h4 mb-0">{t('riders.pick.title')}</p>
        <p className="mb-0">{scope}</p>
      </header>
      <Products list={list} />
      <section aria-labelledby="pick-slips-title" className="mt-4">
        <h2 id="pick-slips-title" className="h5">
          <SlipsTitle count={list.orders.length} />
        </h2>
        <div className="row g-3">
          {list.orders.map((order) => (
            <div key={order.id} className="col-12 col-lg-6 pick-slip-col">
              <PackingSlip order={order} onShort={onShort} />
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

function SlipsTitle({ count }: { count: number }) {
  const { t } = useTranslation();
  return <>{t('riders.pick.slips', { count })}</>;
}

/** Every product to take from the shelves, by category: its total and what each order takes. */
function Products({ list }: { list: PickList }) {
  const { t, language } = useTranslation();
  const totalLabel = t('riders.pick.columns.total');
  return (
    <section aria-labelledby="pick-products-title">
      <h2 id="pick-products-title" className="h5">
        {t('riders.pick.products')}
      </h2>
      {list.categories.map((category, index) => (
        <div key={`${category.title}-${index}`} className="pick-category mb-3">
          <h3 id={`pick-category-${index}`} className="h6 mb-1">
            {categoryText(t, language, category)}
          </h3>
          <DataTable
            labelledBy={`pick-category-${index}`}
            className="table-sm align-middle admin-cards pick-table mb-0"
            rows={category.products}
            rowKey={(p) => p.product_id ?? `${p.title}|${p.attri}`}
            rowProps={(p) => ({ 'data-product-id': p.product_id ?? undefined })}
            columns={[
              {
                key: 'product',
                header: t('riders.pick.columns.product'),
                className: 'card-main',
                rowHeader: true,
                cell: (p) => productText(language, p),
              },
              {
                key: 'total',
                header: totalLabel,
                label: totalLabel,
                className: 'num pick-total text-nowrap',
                cell: (p) => qtyText(t, p.quantity, p.unit, language),
              },
              {
                key: 'orders',
                header: t('riders.pick.columns.orders'),
                className: 'card-full pick-orders',
                cell: (p) => perOrderText(language, p.orders),
              },
            ]}
          />
        </div>
      ))}
    </section>
  );
}

/** One order's packing slip: who and where, its lines (each with Short), and what to collect. */
function PackingSlip({
  order,
  onShort,
}: {
  order: PickOrder;
  onShort: ((target: ShortTarget) => void) | null;
}) {
  const { t, language } = useTranslation();
  const areaName = useAreaName();
  const slot = slotRange(t, language, order.slot);
  return (
    <article
      className="card h-100 pick-slip"
      aria-label={t('riders.pick.slip', { id: order.id })}
      data-order-id={order.id}
    >
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between column-gap-2">
          <h3 className="h6 mb-1">{t('riders.pick.order', { id: order.id })}</h3>
          {slot && <span className="fw-semibold">{slot}</span>}
        </div>
        <p className="mb-0 fw-semibold">{customerName(t, order)}</p>
        <p className="mb-0">{order.phone}</p>
        <p className="mb-0">{[order.address, areaName(order.area)].filter(Boolean).join(', ')}</p>
        <p className="mb-0 small">
          {order.rider ? t('riders.pick.rider', { rider: order.rider.name }) : t('riders.pick.noRider')}
        </p>
        {order.note && <p className="mb-0 small fst-italic">{t('riders.pick.note', { note: order.note })}</p>}
        <table className="table table-sm align-middle mt-2 mb-2 pick-lines">
          <caption className="visually-hidden">{t('riders.pick.lines', { id: order.id })}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('riders.pick.columns.product')}</th>
              <th scope="col">{t('riders.pick.columns.quantity')}</th>
              {onShort && <th scope="col">{t('riders.pick.columns.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => {
              const productId = line.product_id;
              return (
                <tr key={`${productId ?? line.title}-${index}`}>
                  <td>{productText(language, line)}</td>
                  <td className="num text-nowrap">{qtyText(t, line.quantity, line.unit, language)}</td>
                  {onShort && (
                    <td className="text-end d-print-none">
                      {productId !== null && (
                        <button
                          type="button"
                          className="btn btn-outline-warning btn-sm"
                          aria-label={t('riders.pick.shortLabel', {
                            product: productText(language, line),
                            id: order.id,
                          })}
                          onClick={() =>
                            onShort({ orderId: order.id, line: { ...line, product_id: productId } })
                          }
                        >
                          {t('riders.pick.short')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="d-flex justify-content-between fw-semibold pick-collect" data-testid="pick-collect">
          <span>{t('riders.pick.collect')}</span>
          <span>
            {order.due > 0 ? t('riders.pick.amount', { amount: order.due }) : t('riders.pick.paid')}
          </span>
        </div>
      </div>
    </article>
  );
}

/**
 * /admin/pick-list: what to take from the shelves for a slot of a day (`?date=&slot=`) or for chosen
 * orders (`?orders=1,2,3`): every product by category with its total and what each order takes,
 * then a packing slip per order. Printed on A4, or (`?paper=80`) on the till's 80 mm roll: its
 * thermal printer when one is set up, else the print dialog. While packing, Short takes what the
 * shelf lacks off an order (who may change orders).
 */
export function PickListPage() {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const time = useShopTime();
  const shop = useShopInfo();
  const canShort = usePermissions().can('orders.edit');
  const [params, setParams] = useSearchParams();
  const what = pickListIn(params);
  const roll = params.get('paper') === '80';
  const list = useQuery({
    queryKey: pickListKey(what ?? { orders: [] }),
    queryFn: () => fetchPickList(what ?? { orders: [] }),
    enabled: what !== null,
    // Orders come in and lines go short all the time: read afresh at every visit.
    staleTime: 0,
  });
  const [short, setShort] = useState<ShortTarget | null>(null);
  if (!what) return <NotFound />;

  const scope = scopeText(t, language, what, time.day(), list.data?.orders);
  const back = 'orders' in what ? '/admin/orders' : '/admin/orders?view=deliveries';
  const setPaper = (paper: 'a4' | '80') =>
    setParams(
      (current) => {
        if (paper === '80') current.set('paper', '80');
        else current.delete('paper');
        return current;
      },
      { replace: true },
    );
  const print = () => {
    const data = list.data;
    if (roll && data) void printThermal(() => printedPickList(data, language, scope), { paper: '80' });
    else window.print();
  };

  return (
    <div className="pick-list">
      <div className="pick-tools d-flex flex-wrap align-items-center gap-2 mb-3 d-print-none">
        <Link to={back} className="btn btn-outline-secondary" aria-label={t('riders.pick.back')}>
          <span aria-hidden="true">←</span>
        </Link>
        <div className="me-auto">
          <h1 className="h4 mb-0">{t('riders.pick.title')}</h1>
          <p className="text-secondary mb-0" data-testid="pick-scope">
            {scope}
          </p>
        </div>
        <div className="btn-group" role="group" aria-label={t('riders.pick.paper')}>
          {(['a4', '80'] as const).map((paper) => {
            const on = roll === (paper === '80');
            return (
              <button
                key={paper}
                type="button"
                className={`btn btn-sm ${on ? 'btn-secondary' : 'btn-outline-secondary'}`}
                aria-pressed={on}
                onClick={() => setPaper(paper)}
              >
                {t(`riders.pick.papers.${paper}`)}
              </button>
            );
          })}
        </div>
        <button type="button" className="btn btn-primary" onClick={print} disabled={!list.data}>
          <PrintIcon className="me-1" />
          {t('riders.pick.print')}
        </button>
      </div>
      <QueryState query={list} empty={t('riders.pick.empty')} isEmpty={(data) => data.orders.length === 0}>
        {(data) =>
          roll ? (
            <div className="receipt-sheet">
              <PickListRoll
                label={t('riders.pick.title')}
                lines={pickListLines(
                  data,
                  { t, language },
                  { shop: shop.data?.name || t('shop.name'), scope },
                )}
              />
            </div>
          ) : (
            <A4Sheet list={data} scope={scope} onShort={canShort ? setShort : null} />
          )
        }
      </QueryState>
      <ShortModal
        target={short}
        onClose={() => setShort(null)}
        onShort={() => {
          // The riders' keys hold this pick list too: it is read again with them.
          void refreshOrderLists(queryClient);
          void queryClient.invalidateQueries({ queryKey: deliveriesKey });
          void refreshRiders(queryClient);
        }}
      />
    </div>
  );
}
