import { useLocalName } from '../../lib/names';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n';
import { cartTotal } from '../../lib/money';
import type { CartLine } from '../../lib/session';

/**
 * The cart summary of checkout: the lines, Total (the money rule's, as the server charges it),
 * Shipping cost and Subtotal, the terms, and the Place Order button.
 */
export function CheckoutSummary({
  lines,
  ship,
  sending,
}: {
  lines: readonly CartLine[];
  ship: number;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const total = cartTotal(lines);
  const local = useLocalName();
  return (
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
                  <p className="mb-0 fw-semibold">{local(line.title, line.title_bn)}</p>
                  {line.atrri && (
                    <p className="mb-0 small text-secondary">{local(line.atrri, line.atrri_bn)}</p>
                  )}
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
          <dd data-testid="checkout-total">{t('common.price', { amount: total })}</dd>
          <dt>{t('shopOrders.checkout.shipping')}</dt>
          <dd>{t('common.price', { amount: ship })}</dd>
          <dt className="fw-bold">{t('shopOrders.checkout.subtotal')}</dt>
          <dd className="fw-bold">{t('common.price', { amount: total + ship })}</dd>
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
  );
}
