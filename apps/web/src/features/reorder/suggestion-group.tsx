import { lineTotal } from '@bazar/contracts/money';
import { quantity } from '@bazar/contracts/numbers';
import { SALES_DAYS } from '@bazar/contracts/reorder';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { describedBy, FieldError } from '../../components/field-error';
import { serverMessage } from '../../lib/form-errors';
import { numberField, readNumber } from '../../lib/forms';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import { toast } from '../../lib/toast';
import { fetchSuppliers, SUPPLIERS_KEY } from '../purchases/purchases-api';
import { createOrder, orderChanged, orderPath, type Suggestion, type SuggestionGroup } from './reorder-api';
import { QtyText } from './reorder-bits';

/** The contracts' rule of an order line's quantity (more than 0, two decimals, at most 100,000). */
const lineQuantity = quantity('json');

/** A typed quantity to order: 0 (leaves the product out) or a line's quantity; null when it is neither. */
function orderQty(text: string): number | null {
  const n = readNumber(text);
  return n === 0 || lineQuantity.safeParse(n).success ? (n ?? null) : null;
}

/**
 * One supplier's suggestions (or those of products never bought: then the supplier to order from is
 * chosen here): each product's shelf, levels or sales, why, the quantity to order (the suggestion
 * until changed) and its cost at the last buy price, the group's total, and "Create purchase order"
 * with the quantities as they are now (a product at 0 left out), which then opens the order.
 */
export function SuggestionGroupCard({
  id,
  group,
  onLevels,
}: {
  /** A page-unique id: the heading's is `${id}-title`. */
  id: string;
  group: SuggestionGroup;
  /** Opens a product's levels; null for who may not set them. */
  onLevels: ((product: Suggestion) => void) | null;
}) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Only what was typed: a product not typed in keeps the server's suggestion, even when the
  // suggestions are read again (its levels changed).
  const [typed, setTyped] = useState<ReadonlyMap<number, string>>(new Map());
  const [tried, setTried] = useState(false);
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const unknown = group.supplier === null;
  const suppliers = useQuery({
    queryKey: SUPPLIERS_KEY,
    queryFn: fetchSuppliers,
    enabled: unknown,
    staleTime: 0,
  });

  const textOf = (p: Suggestion) => typed.get(p.product_id) ?? String(p.suggested);
  const lines = group.products.map((p) => ({ p, qty: orderQty(textOf(p)) }));
  const total = lines.reduce((sum, l) => sum + (l.qty === null ? 0 : lineTotal(l.p.buyprice, l.qty)), 0);
  const supplierId = group.supplier?.id ?? (chosen ? Number(chosen) : null);
  const supplierError = tried && supplierId === null ? t('reorder.group.supplierNeeded') : undefined;
  const titleOf = (p: Suggestion) => {
    const names = namesIn(language, p);
    return names.attri ? `${names.title} ${names.attri}` : names.title;
  };

  const create = async () => {
    setTried(true);
    setFailure(null);
    if (lines.some((l) => l.qty === null)) {
      setFailure(t('reorder.group.fixQuantities'));
      return;
    }
    const wanted = lines.flatMap(({ p, qty }) =>
      qty ? [{ product_id: p.product_id, qty, buy_price: p.buyprice }] : [],
    );
    if (wanted.length === 0) {
      setFailure(t('reorder.group.allZero'));
      return;
    }
    if (supplierId === null) return;
    setSaving(true);
    try {
      const order = await createOrder({ supplier_id: supplierId, lines: wanted });
      toast.success(t('reorder.group.created', { id: order.id }));
      orderChanged(queryClient, order);
      void navigate(orderPath(order.id));
    } catch (error) {
      setFailure(serverMessage(error, t('common.somethingWrong')));
      setSaving(false);
    }
  };

  const label = {
    onHand: t('reorder.columns.onHand'),
    levels: t('reorder.columns.levels'),
    why: t('reorder.columns.why'),
    order: t('reorder.columns.order'),
    cost: t('reorder.columns.cost'),
  };
  const titleId = `${id}-title`;

  return (
    <section
      className="card shadow-sm mb-3 reorder-group"
      aria-labelledby={titleId}
      data-supplier-id={group.supplier?.id ?? 'none'}
    >
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-baseline column-gap-3 row-gap-1 mb-2">
          <h2 id={titleId} className="h5 mb-0">
            {group.supplier ? group.supplier.name : t('reorder.group.noSupplier')}
          </h2>
          {group.supplier && (
            <p className="small text-secondary mb-0 reorder-supplier-facts">
              <span>
                {group.supplier.phone
                  ? t('reorder.group.phone', { phone: group.supplier.phone })
                  : t('reorder.group.noPhone')}
              </span>
              <span data-testid="reorder-lead-days">
                {t('reorder.group.leadDays', { count: group.supplier.lead_days })}
              </span>
              <span>{t('reorder.group.count', { count: group.products.length })}</span>
            </p>
          )}
        </div>
        {unknown && <p className="small text-secondary mb-2">{t('reorder.group.noSupplierHelp')}</p>}

        <DataTable
          labelledBy={titleId}
          className="table-sm align-middle admin-cards reorder-table mb-0"
          rows={lines}
          rowKey={({ p }) => p.product_id}
          rowProps={({ p }) => ({ 'data-product-id': p.product_id })}
          columns={[
            {
              key: 'product',
              header: t('reorder.columns.product'),
              className: 'card-main product-cell',
              rowHeader: true,
              cell: ({ p }) => (
                <>
                  {titleOf(p)}
                  <span className="d-block small text-secondary fw-normal">
                    {t('reorder.row.buyPrice', { price: p.buyprice })}
                  </span>
                </>
              ),
            },
            {
              key: 'onHand',
              header: label.onHand,
              label: label.onHand,
              className: 'num',
              cell: ({ p }) => <QtyText qty={p.qty} unit={p.unit} />,
            },
            {
              key: 'levels',
              header: label.levels,
              label: label.levels,
              className: 'levels-cell',
              cell: ({ p }) =>
                p.min === null
                  ? t('reorder.row.fromSales', { sold: p.sold, days: SALES_DAYS })
                  : p.target === null
                    ? t('reorder.row.minDouble', { min: p.min })
                    : t('reorder.row.minTarget', { min: p.min, target: p.target }),
            },
            {
              key: 'why',
              header: label.why,
              label: label.why,
              className: 'why-cell',
              cell: ({ p }) => (
                <span
                  className={`badge ${p.why === 'below_min' ? 'text-bg-danger' : 'text-bg-warning'} text-wrap text-start`}
                  data-why={p.why}
                >
                  {t(`reorder.row.why.${p.why}`)}
                </span>
              ),
            },
            {
              key: 'order',
              header: label.order,
              label: label.order,
              className: 'order-cell',
              cell: ({ p, qty }) => {
                const inputId = `${id}-qty-${p.product_id}`;
                const error = tried && qty === null ? t('reorder.row.quantityInvalid') : undefined;
                return (
                  <>
                    <div className="input-group input-group-sm">
                      <input
                        id={inputId}
                        className={`form-control${error ? ' is-invalid' : ''}`}
                        aria-label={t('reorder.row.quantityOf', { title: titleOf(p) })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={describedBy(inputId, { error })}
                        {...numberField('decimal')}
                        value={textOf(p)}
                        onChange={(event) => {
                          const text = event.target.value;
                          setTyped((now) => new Map(now).set(p.product_id, text));
                        }}
                      />
                      <span className="input-group-text">{t(`adminTill.cart.units.${p.unit}`)}</span>
                    </div>
                    <FieldError id={inputId} message={error} />
                  </>
                );
              },
            },
            {
              key: 'cost',
              header: label.cost,
              label: label.cost,
              className: 'num',
              cell: ({ p, qty }) => (
                <span data-testid="reorder-cost">
                  {qty === null ? '–' : formatNumber(lineTotal(p.buyprice, qty))}
                </span>
              ),
            },
            onLevels && {
              key: 'actions',
              header: <span className="visually-hidden">{t('reorder.columns.actions')}</span>,
              className: 'text-end card-menu',
              cell: ({ p }) => (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  aria-label={t('reorder.row.levelsOf', { title: titleOf(p) })}
                  onClick={() => onLevels(p)}
                >
                  {t('reorder.row.levels')}
                </button>
              ),
            },
          ]}
          footer={
            <tr>
              <th scope="row" colSpan={5}>
                {t('reorder.group.total')}
              </th>
              <td className="num fw-bold" data-testid="reorder-group-total">
                {t('common.price', { amount: total })}
              </td>
              {onLevels && <td />}
            </tr>
          }
        />

        <div className="d-flex flex-wrap align-items-start justify-content-end gap-2 mt-3">
          {unknown && (
            <div className="me-auto reorder-supplier-choice">
              <label htmlFor={`${id}-supplier`} className="visually-hidden">
                {t('reorder.group.orderFrom')}
              </label>
              <select
                id={`${id}-supplier`}
                className={`form-select${supplierError ? ' is-invalid' : ''}`}
                aria-invalid={supplierError ? true : undefined}
                aria-describedby={describedBy(`${id}-supplier`, { error: supplierError })}
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
              >
                <option value="">{t('reorder.group.chooseSupplier')}</option>
                {(suppliers.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-supplier`} message={supplierError} />
            </div>
          )}
          <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void create()}>
            {t('reorder.group.create')}
          </button>
        </div>
        <div aria-live="polite">
          {failure && (
            <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
              {failure}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
