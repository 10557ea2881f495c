import { useTranslation } from '../../lib/i18n/i18n';
import type { ShortLine } from './orders-api';

/**
 * The lines a 409 answer said the shop cannot fill, each with a way to fix the cart: set the
 * quantity to what is left, or remove the line.
 */
export function ShortLinesAlert({
  lines,
  onSetQty,
}: {
  lines: readonly ShortLine[];
  onSetQty: (short: ShortLine, qty: number) => void;
}) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <div className="col-12">
      <div className="alert alert-warning mb-0" role="alert">
        <p className="fw-semibold mb-2">{t('shopOrders.checkout.shortTitle')}</p>
        <ul className="list-unstyled mb-0">
          {lines.map((short) => {
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
                    onClick={() => onSetQty(short, short.available)}
                  >
                    {t('shopOrders.checkout.setQty', vars)}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('shopOrders.checkout.removeLabel', vars)}
                  onClick={() => onSetQty(short, 0)}
                >
                  {t('shopOrders.checkout.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
