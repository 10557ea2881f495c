import type { FoundProduct } from '@bazar/contracts/catalog';
import { linesTotal } from '@bazar/contracts/money';
import { PAYMENT_METHODS } from '@bazar/contracts/orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { TrashIcon } from '../../components/admin-icons';
import { QtyCell } from '../../components/qty-cell';
import { serverMessage } from '../../lib/form-errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShip } from '../../lib/shop-api';
import { findProducts } from '../products/products-api';
import { StaffProductSearch } from '../products/staff-product-search';
import { saveTillOrder, type CustomerFields, type PaymentMethod, type TillLine } from './till-api';
import { TillCustomer } from './till-customer';
import './till-page.css';

/** The till searches products only above 4 characters (spec §5); a barcode scan is longer. */
const SEARCH_MIN = 5;
const CART_KEY = 'till-cart';

const emptyCustomer: CustomerFields = { phone: '', name: '', area: '', address: '', balance: 0 };
/** Discount and pay: whole taka, never below 0. */
const whole = (value: string) => Math.max(0, Math.floor(Number(value) || 0));

/** A reload (or a closed tab) does not lose the sale being rung up. */
function storedCart(): TillLine[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CART_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as TillLine[]) : [];
  } catch {
    return [];
  }
}

/** /admin/pos: a sale at the counter (back-office spec §2 "Point of sale"). */
export function TillPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [customer, setCustomer] = useState<CustomerFields>(emptyCustomer);
  const [lines, setLines] = useState<TillLine[]>(storedCart);
  const [shipOn, setShipOn] = useState(true);
  // The setting's delivery charge; 30 until it is read (spec §9), read again when re-ticked.
  const { ship, reload: reloadShip } = useShip();
  const [discount, setDiscount] = useState(0);
  const [pay, setPay] = useState(0);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => sessionStorage.setItem(CART_KEY, JSON.stringify(lines)), [lines]);

  // One key per sale as it stands: a retry of the same Save reuses it; any change makes a new sale.
  const attemptKey = useRef<string | null>(null);
  useEffect(() => {
    attemptKey.current = null;
  }, [lines, customer, shipOn, ship, discount, pay, method]);

  const onCustomer = useCallback((fields: CustomerFields) => setCustomer(fields), []);

  const add = (product: FoundProduct) => {
    setLines((current) =>
      current.some((line) => line.id === product.id)
        ? current.map((line) => (line.id === product.id ? { ...line, qty: line.qty + 1 } : line))
        : [
            ...current,
            {
              id: product.id,
              title: product.title,
              attri: product.attri,
              price: product.offprice ?? product.price,
              qty: 1,
            },
          ],
    );
    setError('');
  };

  // A scanner types the barcode and Enter: an exact barcode match is added at once (design §4).
  const onEnter = async (code: string) => {
    try {
      const match = (await findProducts(code)).find((p) => p.barcode === code);
      if (match) add(match);
      return Boolean(match);
    } catch {
      return false; // the suggestions show what was found; nothing to add
    }
  };

  const total = linesTotal(lines.map((l) => ({ price: l.price, quantity: l.qty })));
  const shipping = shipOn ? ship : 0;
  const subtotal = total + shipping;
  const due = subtotal - discount - pay;

  const save = async () => {
    setError('');
    if (lines.length === 0) return setError(t('adminTill.summary.emptyCart'));
    if (pay > subtotal - discount) return setError(t('adminTill.summary.amountLarge'));
    setSaving(true);
    attemptKey.current ??= newIdempotencyKey();
    try {
      const order = await saveTillOrder({
        idempotencyKey: attemptKey.current,
        customer,
        lines,
        subtotal: total,
        ship: shipping,
        discount,
        paid: pay,
        due,
        method,
      });
      setLines([]);
      sessionStorage.removeItem(CART_KEY);
      void navigate(`/admin/print-order/${order.id}`);
    } catch (failure) {
      setError(serverMessage(failure, t('common.somethingWrong')));
      setSaving(false);
    }
  };

  const amount = (n: number) => t('adminTill.summary.amount', { amount: n });

  return (
    <div className="till-page">
      <h1 className="h4 mb-3">{t('adminTill.title')}</h1>
      <div className="row g-3">
        <div className="col-12 col-xl-8 d-flex flex-column gap-3">
          <TillCustomer onChange={onCustomer} />

          <section className="card shadow-sm" aria-labelledby="till-cart-title">
            <div className="card-body">
              <StaffProductSearch
                id="till-search"
                min={SEARCH_MIN}
                labels={{
                  search: t('adminTill.products.search'),
                  placeholder: t('adminTill.products.searchPlaceholder'),
                  help: t('adminTill.products.searchHelp'),
                  suggestions: t('adminTill.products.suggestions'),
                  noMatch: t('adminTill.products.noMatch'),
                }}
                price={(product) => amount(product.offprice ?? product.price)}
                onPick={add}
                onEnter={onEnter}
              />

              <h2 id="till-cart-title" className="h6">
                {t('adminTill.cart.heading')}
              </h2>
              {lines.length === 0 ? (
                <p className="text-secondary small mb-0">{t('adminTill.cart.empty')}</p>
              ) : (
                <div className="table-responsive">
                  <table className="table table-sm align-middle mb-0">
                    <thead>
                      <tr>
                        <th scope="col">{t('adminTill.cart.columns.sl')}</th>
                        <th scope="col">{t('adminTill.cart.columns.title')}</th>
                        <th scope="col">{t('adminTill.cart.columns.attri')}</th>
                        <th scope="col" className="text-end">
                          {t('adminTill.cart.columns.price')}
                        </th>
                        <th scope="col">{t('adminTill.cart.columns.qty')}</th>
                        <th scope="col">{t('adminTill.cart.columns.del')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {lines.map((line, index) => (
                        <tr key={line.id}>
                          <td>{index + 1}</td>
                          <td>{line.title}</td>
                          <td>{line.attri}</td>
                          <td className="text-end">{line.price}</td>
                          <td>
                            <QtyCell
                              qty={line.qty}
                              changeLabel={t('adminTill.cart.changeQty', {
                                title: line.title,
                                qty: line.qty,
                              })}
                              inputLabel={t('adminTill.cart.qtyOf', { title: line.title })}
                              help={t('adminTill.cart.qtyHelp')}
                              onChange={(qty) =>
                                setLines((current) =>
                                  current.map((l) => (l.id === line.id ? { ...l, qty } : l)),
                                )
                              }
                            />
                          </td>
                          <td>
                            <button
                              type="button"
                              className="btn btn-sm btn-outline-danger"
                              aria-label={t('adminTill.cart.remove', { title: line.title })}
                              onClick={() => setLines((current) => current.filter((l) => l.id !== line.id))}
                            >
                              <TrashIcon />
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          </section>
        </div>

        <div className="col-12 col-xl-4">
          <section className="card shadow-sm till-summary" aria-labelledby="till-summary-title">
            <div className="card-body">
              <h2 id="till-summary-title" className="h6 mb-3">
                {t('adminTill.summary.heading')}
              </h2>
              <dl className="till-totals mb-3">
                <dt>{t('adminTill.summary.total')}</dt>
                <dd data-testid="till-total">{amount(total)}</dd>
                <dt>
                  <div className="form-check mb-0">
                    <input
                      id="till-ship"
                      type="checkbox"
                      className="form-check-input"
                      checked={shipOn}
                      onChange={(event) => {
                        setShipOn(event.target.checked);
                        if (event.target.checked) reloadShip();
                      }}
                    />
                    <label htmlFor="till-ship" className="form-check-label">
                      {t('adminTill.summary.shipping')}
                    </label>
                  </div>
                </dt>
                <dd data-testid="till-ship">{amount(shipping)}</dd>
                <dt>{t('adminTill.summary.subtotal')}</dt>
                <dd data-testid="till-subtotal">{amount(subtotal)}</dd>
              </dl>
              <div className="row g-2 mb-2">
                <div className="col-6">
                  <label htmlFor="till-discount" className="form-label small mb-1">
                    {t('adminTill.summary.discount')}
                  </label>
                  <input
                    id="till-discount"
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    className="form-control form-control-sm"
                    value={discount}
                    onChange={(event) => setDiscount(whole(event.target.value))}
                  />
                </div>
                <div className="col-6">
                  <label htmlFor="till-pay" className="form-label small mb-1">
                    {t('adminTill.summary.pay')}
                  </label>
                  <input
                    id="till-pay"
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    className="form-control form-control-sm"
                    value={pay}
                    onChange={(event) => setPay(whole(event.target.value))}
                  />
                </div>
              </div>
              <dl className="till-totals mb-2">
                <dt>{t('adminTill.summary.due')}</dt>
                <dd data-testid="till-due" className={due < 0 ? 'text-danger' : ''}>
                  {amount(due)}
                </dd>
              </dl>
              <label htmlFor="till-method" className="form-label small mb-1">
                {t('adminTill.summary.method')}
              </label>
              <select
                id="till-method"
                className="form-select form-select-sm mb-3"
                value={method}
                onChange={(event) => setMethod(event.target.value as PaymentMethod)}
              >
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`adminTill.summary.methods.${m}`)}
                  </option>
                ))}
              </select>
              <p className="small text-danger mb-2" role="alert">
                {error}
              </p>
              <button
                type="button"
                className="btn btn-success w-100"
                disabled={saving}
                onClick={() => void save()}
              >
                {saving ? t('adminTill.summary.saving') : t('adminTill.summary.save')}
              </button>
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
