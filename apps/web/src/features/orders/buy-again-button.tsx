import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { buyAgain, type BuyAgainResult } from './buy-again';
import type { Order } from './orders-api';

/**
 * "Buy again" on a past order: its products still sold go into the cart at today's prices; what
 * went in and what is not available now are said beside the button (a live region).
 */
export function BuyAgainButton({ order, className = '' }: { order: Order; className?: string }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BuyAgainResult | 'failed' | null>(null);

  const onClick = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await buyAgain(order, (line) => local(line.product?.title || line.title, line.title_bn)));
    } catch (error) {
      console.error('Could not buy the order again', error);
      setResult('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={className}>
      <button
        type="button"
        className="btn btn-outline-success"
        aria-label={t('shopOrders.buyAgain.label', { id: order.id })}
        disabled={busy}
        onClick={() => void onClick()}
      >
        {t('shopOrders.buyAgain.button')}
      </button>
      <div role="status" className="small mt-1">
        {result === 'failed' ? (
          <span className="text-danger">{t('shopOrders.buyAgain.failed')}</span>
        ) : result ? (
          <>
            {result.added > 0 && (
              <span className="d-block text-success">
                {t('shopOrders.buyAgain.added', { count: result.added })}
              </span>
            )}
            {result.unavailable.length > 0 && (
              <span className="d-block text-danger">
                {t('shopOrders.buyAgain.unavailable', { names: result.unavailable.join(', ') })}
              </span>
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}
