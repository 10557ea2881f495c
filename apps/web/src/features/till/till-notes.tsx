import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n';
import { useQueuedSale } from './offline/outbox-sync';

/**
 * What the receipt page hands back after printing: the sale just made (its order number, or null
 * while it waits in the outbox; its provisional number and outbox id) and its change.
 */
export type LastSale = { id: number | null; change: number; provisional?: string; clientId?: string };

/** The sale just made, until the next one starts: its change, and a way to print its receipt again. */
export function LastSaleNote({ sale: shown }: { sale: LastSale }) {
  const { t } = useTranslation();
  // A sale printed from the till shows its order's number once it is synced.
  const queued = useQueuedSale(shown.id === null ? shown.clientId : undefined);
  const sale = queued?.order ? { ...shown, id: queued.order.id } : shown;
  // An order's number once the server has the sale (its receipt shows the till's number too).
  const text =
    sale.id === null
      ? t('adminTill.lastSale.savedLocal', { provisional: sale.provisional ?? '' })
      : t('adminTill.lastSale.saved', { id: sale.id });
  // The till's copy prints with no server too, with both numbers once synced.
  const receipt = sale.clientId ? `/admin/receipt/local/${sale.clientId}` : `/admin/receipt/${sale.id}`;
  return (
    <div
      className={`alert ${sale.id === null ? 'alert-warning' : 'alert-success'} d-flex flex-wrap align-items-center gap-3 py-2`}
      role="status"
    >
      <span>{text}</span>
      {sale.change > 0 && (
        <strong className="till-last-change">
          {t('adminTill.lastSale.change', { amount: sale.change })}
        </strong>
      )}
      <Link to={`${receipt}?print=1&then=pos`} className="ms-auto">
        {t('adminTill.lastSale.reprint')}
      </Link>
    </div>
  );
}

/** A refused sale back in the cart: saved again, it keeps its number and time. */
export function FixingNote({ provisional, onStop }: { provisional: string; onStop: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 py-2" role="status">
      <span className="me-auto">{t('adminTill.offline.fixing', { provisional })}</span>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onStop}>
        {t('adminTill.offline.stopFixing')}
      </button>
    </div>
  );
}
