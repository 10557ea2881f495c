import type { OrderTotals } from '@bazar/contracts/paging';
import { useTranslation } from '../../lib/i18n/i18n';

/** The cards above the orders list: Total, Paid and Due, which the server counts over the whole filter. */
export function OrdersTotals({
  totals,
}: {
  totals: Pick<OrderTotals, 'total' | 'paid' | 'due'> | undefined;
}) {
  const { t } = useTranslation();
  const shown = totals ?? { total: 0, paid: 0, due: 0 };
  return (
    <div className="row g-2 mb-3 orders-summary" role="group" aria-label={t('adminOrders.list.summary')}>
      {(['total', 'paid', 'due'] as const).map((key) => (
        <div className="col-4" key={key}>
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h6 text-secondary mb-1" id={`orders-sum-${key}`}>
                {t(`adminOrders.list.${key}`)}
              </h2>
              <p
                className="summary-amount mb-0"
                aria-labelledby={`orders-sum-${key}`}
                data-testid={`sum-${key}`}
              >
                {t('adminOrders.list.amount', { amount: shown[key] })}
              </p>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
