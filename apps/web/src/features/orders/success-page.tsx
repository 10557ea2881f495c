import { PAYMENT_OUTCOMES, type PaymentOutcome } from '@bazar/contracts/payments';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import {
  goToGateway,
  payOnline,
  useOrder,
  usePaymentMethods,
  type OnlineMethod,
  type Order,
} from './orders-api';
import { onlineMethodKey } from './payment-choice';

/** What checkout hands the page: the order just placed, and how starting its online payment went. */
export type SuccessState = { order: Order; payment?: PaymentOutcome };

const isOutcome = (value: string | null): value is PaymentOutcome =>
  (PAYMENT_OUTCOMES as readonly string[]).includes(value ?? '');

/**
 * /user/success: the order went through; its number and what is left to pay (issue 15), and after
 * an online payment whether it was paid, or failed (Pay again, or pay on delivery). Checkout passes
 * the order along; a gateway's return names it in the address (?order=…&payment=…), and it is read.
 */
export function SuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const passed = (useLocation().state as SuccessState | null) ?? null;
  const id = passed?.order.id ?? Number(params.get('order'));
  const asked = params.get('payment');
  const payment = passed?.payment ?? (isOutcome(asked) ? asked : undefined);
  // After a gateway the order is read again: it is the server that knows whether it is paid.
  const read = useOrder(id, Number.isInteger(id) && id > 0 && !passed);
  const order = passed?.order ?? read.data;
  const failed = payment === 'failed' || payment === 'cancelled';
  const open = order !== undefined && order.due > 0 && order.status !== 4;
  return (
    <section className="card shadow-sm my-3 mx-auto text-center" style={{ maxWidth: 560 }}>
      <div className="card-body p-4">
        <p className={`display-6 mb-2 ${failed ? 'text-warning' : 'text-success'}`} aria-hidden="true">
          {failed ? '!' : '✓'}
        </p>
        <h1 className="h4 mb-2">{t('shopOrders.success.title')}</h1>
        {order && (
          <p className="mb-1 fw-semibold" data-testid="success-order">
            {t('shopOrders.success.order', { id: order.id })}
          </p>
        )}
        <div aria-live="polite">
          {order && payment === 'paid' && order.due <= 0 && (
            <p className="alert alert-success py-2" role="status">
              {t('shopOrders.success.paid', { amount: order.paid })}
            </p>
          )}
          {order && open && (
            <p className="fw-semibold" data-testid="success-due">
              {t('shopOrders.success.toPay', { amount: order.due })}
            </p>
          )}
          {failed && (
            <div className="alert alert-warning py-2" role="alert">
              <p className="mb-1">{t(`shopOrders.success.${payment}`)}</p>
              <p className="mb-0">{t('shopOrders.success.payOnDelivery')}</p>
            </div>
          )}
          {payment === 'pending' && (
            <p className="alert alert-info py-2" role="status">
              {t('shopOrders.success.pending')}
            </p>
          )}
        </div>
        {order && open && failed && <PayAgain orderId={order.id} />}
        <p className="text-secondary">{t('shopOrders.success.text')}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link to="/" className="btn btn-outline-primary">
            {t('shopOrders.success.home')}
          </Link>
          <Link to="/user/orders" className="btn btn-primary">
            {t('shopOrders.success.orders')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** "Pay again" with each configured gateway: a new payment for what the order still owes. */
function PayAgain({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const methods = usePaymentMethods().data ?? [];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const again = async (method: OnlineMethod) => {
    setBusy(true);
    setError(null);
    try {
      goToGateway(await payOnline(orderId, method));
    } catch (failure) {
      setError(serverMessage(failure, t('shopOrders.success.payFailed')));
      setBusy(false);
    }
  };
  if (methods.length === 0) return null;
  return (
    <div className="mb-3">
      {error && (
        <p className="text-danger small" role="alert">
          {error}
        </p>
      )}
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {methods.map((method) => (
          <button
            key={method}
            type="button"
            className="btn btn-success"
            disabled={busy}
            onClick={() => void again(method)}
          >
            {t('shopOrders.success.payAgain', { method: t(onlineMethodKey(method)) })}
          </button>
        ))}
      </div>
    </div>
  );
}
