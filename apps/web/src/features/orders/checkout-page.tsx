import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import { useTranslation } from '../../lib/i18n/i18n';
import { type CartLine, STORAGE_KEYS, getCartLines, useCartLines } from '../../lib/session';
import { toast } from '../../lib/toast';
import {
  type OrderForm,
  type ShortLine,
  cartTotal,
  clearCart,
  isShortLinesError,
  orderBody,
  placeOrder,
  replaceCartLines,
  useAreas,
  useShip,
} from './orders-api';
import './orders.css';

type FieldName = keyof OrderForm;
const REQUIRED: readonly FieldName[] = ['name', 'phone', 'area', 'address'];
const FIELDS: readonly FieldName[] = ['name', 'phone', 'area', 'address', 'note'];

function storedText(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** The cart line a short line of a 409 answer is about. */
const findLine = (lines: readonly CartLine[], short: ShortLine) =>
  lines.find((line) => line.product_id === short.product_id && line.atrri === short.attri) ??
  lines.find((line) => line.product_id === short.product_id);

/** /user/checkout (storefront spec §2 Checkout, §5): delivery details, the cart summary, Place Order. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lines = useCartLines();
  const ship = useShip();
  const areas = useAreas();
  const [form, setForm] = useState<OrderForm>(() => ({
    name: storedText(STORAGE_KEYS.name),
    phone: storedText(STORAGE_KEYS.phone),
    area: '',
    address: '',
    note: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [shortLines, setShortLines] = useState<ShortLine[]>([]);
  const [needsVerify, setNeedsVerify] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One key per checkout attempt, kept until the order is placed: a retry or a double click
  // sends the same key, and the server answers with the order it already made.
  const attemptKey = useRef<string | null>(null);
  const inFlight = useRef(false);

  const total = cartTotal(lines);
  const subtotal = total + ship;

  const change = (field: FieldName, value: string) => {
    setForm((old) => ({ ...old, [field]: value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const current = getCartLines();
    if (current.length === 0) {
      toast.error(t('shopOrders.checkout.empty'));
      return;
    }
    const missing = REQUIRED.filter((field) => !form[field].trim());
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, t('shopOrders.checkout.fieldRequired')])));
      toast.error(t('shopOrders.checkout.fieldsRequired'));
      return;
    }
    inFlight.current = true;
    setSending(true);
    setNeedsVerify(null);
    attemptKey.current ??= newIdempotencyKey();
    try {
      await placeOrder(orderBody(form, current, ship), attemptKey.current);
      attemptKey.current = null;
      setShortLines([]);
      clearCart();
      void queryClient.invalidateQueries({ queryKey: ['my-orders'] });
      void navigate('/user/success');
    } catch (error) {
      if (isShortLinesError(error)) {
        setShortLines(error.lines);
      } else if (isApiError(error, 403)) {
        setNeedsVerify(error.message || t('shopOrders.checkout.verifyFirst'));
      } else if (isApiError(error, 422) && error.errors) {
        const found = error.errors;
        const fieldErrors: Partial<Record<FieldName, string>> = {};
        for (const field of FIELDS) {
          const message = found[field]?.[0];
          if (message) fieldErrors[field] = message;
        }
        setErrors(fieldErrors);
        const other = Object.entries(found).find(([key]) => !FIELDS.includes(key as FieldName))?.[1]?.[0];
        toast.error(other ?? t('shopOrders.checkout.fieldsRequired'));
      } else {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  // The short lines the shopper has not fixed yet.
  const openShort = shortLines.filter((short) => {
    const line = findLine(lines, short);
    return line !== undefined && line.qty > short.available;
  });

  const setLineQty = (short: ShortLine, qty: number) => {
    const line = findLine(getCartLines(), short);
    if (!line) return;
    const next = getCartLines()
      .map((item) => (item.id === line.id ? { ...item, qty } : item))
      .filter((item) => item.qty > 0);
    replaceCartLines(next);
  };

  const fieldError = (field: FieldName) => errors[field];

  return (
    <form className="row g-3 my-1 checkout" onSubmit={(event) => void submit(event)} noValidate>
      <div className="col-12">
        <h1 className="h4 mb-0">{t('shopOrders.checkout.title')}</h1>
      </div>

      {openShort.length > 0 && (
        <div className="col-12">
          <div className="alert alert-warning mb-0" role="alert">
            <p className="fw-semibold mb-2">{t('shopOrders.checkout.shortTitle')}</p>
            <ul className="list-unstyled mb-0">
              {openShort.map((short) => {
                const vars = { title: short.title, attri: short.attri, available: short.available };
                return (
                  <li
                    key={`${short.product_id}-${short.attri}`}
                    className="d-flex flex-wrap align-items-center gap-2 py-1"
                  >
                    <span className="me-auto">
                      {short.available > 0
                        ? t('shopOrders.checkout.shortLeft', vars)
                        : t('shopOrders.checkout.outOfStock', vars)}
                    </span>
                    {short.available > 0 && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-dark"
                        aria-label={t('shopOrders.checkout.setQtyLabel', vars)}
                        onClick={() => setLineQty(short, short.available)}
                      >
                        {t('shopOrders.checkout.setQty', vars)}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('shopOrders.checkout.removeLabel', vars)}
                      onClick={() => setLineQty(short, 0)}
                    >
                      {t('shopOrders.checkout.remove')}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      )}

      {needsVerify && (
        <div className="col-12">
          <div className="alert alert-warning mb-0 d-flex flex-wrap gap-2 align-items-center" role="alert">
            <span className="me-auto">{needsVerify}</span>
            <Link to="/varify" className="btn btn-sm btn-outline-dark">
              {t('shopOrders.checkout.verifyLink')}
            </Link>
          </div>
        </div>
      )}

      <div className="col-12 col-lg-7">
        <section className="card shadow-sm h-100" aria-labelledby="checkout-delivery">
          <div className="card-body">
            <h2 id="checkout-delivery" className="h5 mb-3">
              {t('shopOrders.checkout.delivery')}
            </h2>
            <div className="row g-0 column-gap-3">
              <TextField
                id="checkout-name"
                className="col-12 col-sm mb-3"
                label={t('shopOrders.checkout.name')}
                autoComplete="name"
                value={form.name}
                error={fieldError('name')}
                onChange={(event) => change('name', event.currentTarget.value)}
              />
              <TextField
                id="checkout-phone"
                className="col-12 col-sm mb-3"
                label={t('shopOrders.checkout.phone')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={form.phone}
                error={fieldError('phone')}
                onChange={(event) => change('phone', event.currentTarget.value)}
              />
            </div>
            <div className="mb-3">
              <label htmlFor="checkout-area" className="form-label">
                {t('shopOrders.checkout.area')}
              </label>
              <select
                id="checkout-area"
                className={`form-select${fieldError('area') ? ' is-invalid' : ''}`}
                value={form.area}
                aria-invalid={fieldError('area') ? true : undefined}
                aria-describedby={fieldError('area') ? 'checkout-area-error' : undefined}
                onChange={(event) => change('area', event.currentTarget.value)}
              >
                <option value="">{t('shopOrders.checkout.chooseArea')}</option>
                {(areas.data ?? []).map((area) => (
                  <option key={area.id} value={area.title}>
                    {area.title}
                  </option>
                ))}
              </select>
              {fieldError('area') && (
                <div id="checkout-area-error" className="invalid-feedback">
                  {fieldError('area')}
                </div>
              )}
              {areas.isError && (
                <div className="form-text text-danger d-flex gap-2 align-items-center">
                  {t('shopOrders.checkout.areasFailed')}
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    onClick={() => void areas.refetch()}
                  >
                    {t('common.retry')}
                  </button>
                </div>
              )}
            </div>
            <div className="mb-3">
              <label htmlFor="checkout-address" className="form-label">
                {t('shopOrders.checkout.address')}
              </label>
              <textarea
                id="checkout-address"
                className={`form-control${fieldError('address') ? ' is-invalid' : ''}`}
                rows={2}
                autoComplete="street-address"
                value={form.address}
                aria-invalid={fieldError('address') ? true : undefined}
                aria-describedby={fieldError('address') ? 'checkout-address-error' : undefined}
                onChange={(event) => change('address', event.currentTarget.value)}
              />
              {fieldError('address') && (
                <div id="checkout-address-error" className="invalid-feedback">
                  {fieldError('address')}
                </div>
              )}
            </div>
            <div className="mb-0">
              <label htmlFor="checkout-note" className="form-label">
                {t('shopOrders.checkout.note')}
              </label>
              <textarea
                id="checkout-note"
                className={`form-control${fieldError('note') ? ' is-invalid' : ''}`}
                rows={2}
                value={form.note}
                onChange={(event) => change('note', event.currentTarget.value)}
              />
              {fieldError('note') && <div className="invalid-feedback">{fieldError('note')}</div>}
            </div>
          </div>
        </section>
      </div>

      <div className="col-12 col-lg-5">
        <section className="card shadow-sm h-100" aria-labelledby="checkout-summary">
          <div className="card-body d-flex flex-column">
            <h2 id="checkout-summary" className="h5 mb-3">
              {t('shopOrders.checkout.summary')}
            </h2>
            {lines.length === 0 ? (
              <p className="text-secondary">
                {t('shopOrders.checkout.empty')} <Link to="/">{t('shopOrders.checkout.backToShop')}</Link>
              </p>
            ) : (
              <ul className="list-unstyled mb-3 checkout-lines">
                {lines.map((line) => (
                  <li key={line.id} className="d-flex gap-2 py-2 border-bottom">
                    <div className="flex-grow-1 min-w-0">
                      <p className="mb-0 fw-semibold">{line.title}</p>
                      {line.atrri && <p className="mb-0 small text-secondary">{line.atrri}</p>}
                    </div>
                    <span className="text-nowrap small">
                      {t('shopOrders.checkout.lineQty', { qty: line.qty, price: line.price })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <dl className="checkout-totals mb-3">
              <dt>{t('shopOrders.checkout.total')}</dt>
              <dd>{t('common.price', { amount: total })}</dd>
              <dt>{t('shopOrders.checkout.shipping')}</dt>
              <dd>{t('common.price', { amount: ship })}</dd>
              <dt className="fw-bold">{t('shopOrders.checkout.subtotal')}</dt>
              <dd className="fw-bold">{t('common.price', { amount: subtotal })}</dd>
            </dl>
            <p className="small text-secondary">{t('shopOrders.checkout.terms')}</p>
            <button
              type="submit"
              className="btn btn-primary w-100 mt-auto"
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {t('shopOrders.checkout.placeOrder')}
            </button>
          </div>
        </section>
      </div>
    </form>
  );
}
