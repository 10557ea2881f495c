import { useProfile } from '../auth/use-profile';
import { SLOT_ERROR_CODES, type SlotChoice } from '@bazar/contracts/delivery';
import { placeOrderBody } from '@bazar/contracts/orders';
import { areaCharge } from '@bazar/contracts/settings';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FieldError as FormFieldError } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { describedBy, FieldError } from '../../components/field-error';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { DELIVERY_SLOTS_KEY, useSlotDays } from '../../lib/delivery';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { isBlank, useZodForm } from '../../lib/forms';
import { newIdempotencyKey } from '../../lib/idempotency';
import { currentLanguage, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { type CartLine, STORAGE_KEYS, getCartLines, useCartLines, useStoredPhone } from '../../lib/session';
import { useAreas, useShip } from '../../lib/shop-api';
import { toast } from '../../lib/toast';
import { CheckoutSummary } from './checkout-summary';
import {
  type OrderForm,
  type ShortLine,
  clearCart,
  goToGateway,
  isShortLinesError,
  MY_ORDERS,
  orderBody,
  payOnline,
  placeOrder,
  replaceCartLines,
  useMyOrders,
  usePaymentMethods,
} from './orders-api';
import { PaymentChoice } from './payment-choice';
import type { SuccessState } from './success-page';
import { ShortLinesAlert } from './short-lines-alert';
import { SlotPicker } from './slot-picker';
import './orders.css';

/** The delivery details of the storefront's order body (the cart comes from storage, the language from the screen). */
const schema = placeOrderBody.omit({ carts: true, lang: true, slot: true });
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

/**
 * /user/checkout: delivery details, the cart summary and Place Order, which sends nothing for an empty
 * cart or a missing field.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lines = useCartLines();
  const { ship: settingsShip } = useShip();
  const areas = useAreas();
  const slotDays = useSlotDays();
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const [slotError, setSlotError] = useState<string | undefined>();
  const slotsOn = slotDays.data?.enabled === true;
  const local = useLocalName();
  const { register, handleSubmit, setError, getValues, setValue, watch, formState } = useZodForm(schema, {
    defaultValues: {
      name: storedText(STORAGE_KEYS.name),
      phone: storedText(STORAGE_KEYS.phone),
      area: '',
      address: '',
      note: '',
      payment: 'cod',
    },
  });
  const methods = usePaymentMethods().data ?? [];
  const { errors } = formState;
  // Area and address as on the customer's last order (newest first; the order list's own read),
  // else as the shop has them on the account (the profile), each once and only into a field still
  // empty: what the person typed or chose stays.
  const orders = useMyOrders(useStoredPhone()).query;
  const profile = useProfile().data;
  const fromOrder = orders.data?.data.find((order) => order.area || order.address);
  const fromProfile =
    orders.isSuccess && profile && (profile.area || profile.address)
      ? { area: profile.area ?? '', address: profile.address ?? '' }
      : undefined;
  const last = fromOrder ?? fromProfile;
  const areaKnown = areas.data?.some((area) => area.title === last?.area) === true;
  const filled = useRef({ area: false, address: false });
  useEffect(() => {
    if (!last) return;
    const fill = (field: 'area' | 'address', ready: boolean) => {
      if (!ready || filled.current[field]) return;
      filled.current[field] = true;
      if (!getValues(field)) setValue(field, last[field]);
    };
    fill('area', areaKnown);
    fill('address', true);
  }, [last, areaKnown, getValues, setValue]);
  // The chosen area's own delivery charge, else the settings' (the server charges the same).
  const ship = areaCharge(areas.data ?? [], watch('area') ?? '', settingsShip);
  const [shortLines, setShortLines] = useState<ShortLine[]>([]);
  const [needsVerify, setNeedsVerify] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One key per checkout attempt, kept until the order is placed: a retry or a double click
  // sends the same key, and the server answers with the order it already made.
  const attemptKey = useRef<string | null>(null);
  const inFlight = useRef(false);

  const send = async (form: OrderForm) => {
    const current = getCartLines();
    if (slotsOn && !slot) {
      setSlotError(t('delivery.slot.required'));
      toast.error(t('delivery.slot.required'));
      return;
    }
    setSending(true);
    setNeedsVerify(null);
    attemptKey.current ??= newIdempotencyKey();
    try {
      const order = await placeOrder(
        { ...orderBody(form, current, ship, currentLanguage()), ...(slotsOn && { slot }) },
        attemptKey.current,
      );
      attemptKey.current = null;
      setShortLines([]);
      clearCart();
      void queryClient.invalidateQueries({ queryKey: MY_ORDERS });
      const online = form.payment === 'cod' ? undefined : methods.find((m) => m === form.payment);
      let state: SuccessState = { order };
      if (online) {
        // The order stands whatever happens next: unpaid until the gateway confirms the payment.
        try {
          goToGateway(await payOnline(order.id, online));
          return;
        } catch (error) {
          console.error('Could not start the online payment', error);
          state = { order, payment: 'failed' };
        }
      }
      void navigate('/user/success', { state });
    } catch (error) {
      if (isApiError(error) && SLOT_ERROR_CODES.some((code) => code === error.code)) {
        // Taken or closed meanwhile: the shopper sees the slots as they are now and chooses again.
        setSlotError(error.message);
        setSlot(null);
        toast.error(error.message);
        void queryClient.invalidateQueries({ queryKey: DELIVERY_SLOTS_KEY });
      } else if (isShortLinesError(error)) {
        setShortLines(error.lines);
      } else if (isApiError(error, 403)) {
        setNeedsVerify(error.message || t('shopOrders.checkout.verifyFirst'));
      } else if (isApiError(error, 422) && error.errors) {
        setServerErrors(error, setError, FIELDS);
        const other = Object.entries(error.errors).find(
          ([key]) => !FIELDS.includes(key as FieldName),
        )?.[1]?.[0];
        toast.error(other ?? t('shopOrders.checkout.fieldsRequired'));
      } else {
        // 429 (too many orders), 409 and the like in the server's words; a 5xx in ours.
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    } finally {
      setSending(false);
    }
  };

  // An empty cart is refused first; then missing fields say "Fields are required".
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (getCartLines().length === 0) {
      toast.error(t('shopOrders.checkout.empty'));
      return;
    }
    // A double click must not send twice: the second finds this attempt still running.
    inFlight.current = true;
    void handleSubmit(send, () => {
      if (REQUIRED.some((field) => isBlank(getValues(field))))
        toast.error(t('shopOrders.checkout.fieldsRequired'));
    })(event).finally(() => {
      inFlight.current = false;
    });
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

  /** A field left empty says so in the catalogue's words; any other refusal in the schema's or the server's. */
  const message = (field: FieldName, error: FormFieldError | undefined) =>
    error &&
    (error.type !== 'server' && isBlank(getValues(field))
      ? t('shopOrders.checkout.fieldRequired')
      : error.message);
  const nameError = message('name', errors.name);
  const phoneError = message('phone', errors.phone);
  const areaError = message('area', errors.area);
  const addressError = message('address', errors.address);
  const noteError = message('note', errors.note);

  return (
    <form className="row g-3 my-1 checkout" onSubmit={submit} noValidate>
      <div className="col-12">
        <h1 className="h4 mb-0">{t('shopOrders.checkout.title')}</h1>
      </div>

      <ShortLinesAlert lines={openShort} onSetQty={setLineQty} />

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
                maxLength={100}
                error={nameError}
                {...register('name')}
              />
              <TextField
                id="checkout-phone"
                className="col-12 col-sm mb-3"
                label={t('shopOrders.checkout.phone')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                error={phoneError}
                {...register('phone')}
              />
            </div>
            <div className="mb-3">
              <label htmlFor="checkout-area" className="form-label">
                {t('shopOrders.checkout.area')}
              </label>
              <select
                id="checkout-area"
                className={`form-select${areaError ? ' is-invalid' : ''}`}
                aria-invalid={areaError ? true : undefined}
                aria-describedby={describedBy('checkout-area', { error: areaError })}
                {...register('area')}
              >
                <option value="">{t('shopOrders.checkout.chooseArea')}</option>
                {(areas.data ?? []).map((area) => (
                  <option key={area.id} value={area.title}>
                    {local(area.title, area.title_bn)}
                  </option>
                ))}
              </select>
              <FieldError id="checkout-area" message={areaError} />
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
                className={`form-control${addressError ? ' is-invalid' : ''}`}
                rows={2}
                maxLength={500}
                autoComplete="street-address"
                aria-invalid={addressError ? true : undefined}
                aria-describedby={describedBy('checkout-address', { error: addressError })}
                {...register('address')}
              />
              <FieldError id="checkout-address" message={addressError} />
            </div>
            <div className="mb-0">
              <label htmlFor="checkout-note" className="form-label">
                {t('shopOrders.checkout.note')}
              </label>
              <textarea
                id="checkout-note"
                className={`form-control${noteError ? ' is-invalid' : ''}`}
                rows={2}
                maxLength={1000}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={describedBy('checkout-note', { error: noteError })}
                {...register('note')}
              />
              <FieldError id="checkout-note" message={noteError} />
            </div>
            {slotsOn && slotDays.data && (
              <SlotPicker
                days={slotDays.data.days}
                value={slot}
                onChange={(chosen) => {
                  setSlot(chosen);
                  setSlotError(undefined);
                }}
                error={slotError}
              />
            )}
            {slotDays.isError && (
              <div className="form-text text-danger d-flex gap-2 align-items-center">
                {t('delivery.slot.loadFailed')}
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => void slotDays.refetch()}
                >
                  {t('common.retry')}
                </button>
              </div>
            )}
            <PaymentChoice methods={methods} field={register('payment')} />
          </div>
        </section>
      </div>

      <div className="col-12 col-lg-5">
        <CheckoutSummary lines={lines} ship={ship} sending={sending} />
      </div>
    </form>
  );
}
