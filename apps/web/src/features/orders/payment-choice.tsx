import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/i18n';
import type { OnlineMethod } from './orders-api';

const LABELS = {
  cod: 'shopOrders.checkout.paymentCod',
  bkash: 'shopOrders.checkout.paymentBkash',
  sslcommerz: 'shopOrders.checkout.paymentSslcommerz',
} as const;

/** The gateway's name on screen ("bKash", "Card / mobile banking (SSLCommerz)"). */
export const onlineMethodKey = (method: OnlineMethod) => LABELS[method];

/**
 * Checkout's payment choice: Cash on delivery (the default) and each online gateway the shop has
 * configured. Nothing is shown when there is none: every order is then paid on delivery.
 */
export function PaymentChoice({
  methods,
  field,
}: {
  methods: readonly OnlineMethod[];
  field: UseFormRegisterReturn<'payment'>;
}) {
  const { t } = useTranslation();
  if (methods.length === 0) return null;
  return (
    <fieldset className="mt-3 mb-0">
      <legend className="form-label fs-6 mb-2">{t('shopOrders.checkout.payment')}</legend>
      {(['cod', ...methods] as const).map((method) => (
        <label className="payment-option" key={method} htmlFor={`checkout-payment-${method}`}>
          <input type="radio" id={`checkout-payment-${method}`} value={method} {...field} />
          <span>{t(LABELS[method])}</span>
        </label>
      ))}
    </fieldset>
  );
}
