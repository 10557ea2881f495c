import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useShopTime } from '../../lib/shop-time';
import type { HeldSale } from './till-held';
import { cartTotal } from './till-sale';

type Props = {
  held: HeldSale[];
  /** Something is rung up: it may go on hold. */
  canHold: boolean;
  onHold: () => void;
  onRecall: (id: string) => void;
};

/**
 * "Hold sale" and the sales on hold, each a button that brings it back (the sale being built, if
 * any, goes on hold in its place): when it was held, what it holds, for whom.
 */
export function TillHeld({ held, canHold, onHold, onRecall }: Props) {
  const { t } = useTranslation();
  const time = useShopTime();
  const local = useLocalName();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="till-held">
      <button type="button" className="btn btn-sm btn-outline-secondary" disabled={!canHold} onClick={onHold}>
        {t('adminTill.held.hold')}
      </button>
      {held.length > 0 && (
        <>
          <span className="small text-secondary">{t('adminTill.held.title', { count: held.length })}</span>
          {held.map((h) => {
            const first = h.sale.lines[0];
            return (
              <button
                key={h.id}
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={() => onRecall(h.id)}
              >
                {t('adminTill.held.recall', {
                  time: time.dateTime(h.at),
                  // The first line, and how many more: "Miniket Rice +2".
                  what:
                    (first ? local(first.title, first.title_bn) : '') +
                    (h.sale.lines.length > 1 ? ` +${formatNumber(h.sale.lines.length - 1)}` : ''),
                  amount: cartTotal(h.sale.lines),
                  who: h.sale.customer.name || h.sale.customer.phone || t('adminTill.held.walkIn'),
                })}
              </button>
            );
          })}
        </>
      )}
    </div>
  );
}
