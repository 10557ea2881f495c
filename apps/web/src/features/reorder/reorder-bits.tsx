import type { Unit } from '@bazar/contracts/catalog';
import { useTranslation } from '../../lib/i18n/i18n';
import type { PurchaseOrderState } from './reorder-api';

/** A quantity with its unit as the language writes it ("5 kg", "৫ কেজি"). */
export function QtyText({ qty, unit }: { qty: number; unit: Unit }) {
  const { t } = useTranslation();
  return <>{t(`reorder.units.${unit}`, { qty })}</>;
}

const BADGES: Record<PurchaseOrderState, string> = {
  draft: 'text-bg-secondary',
  sent: 'text-bg-info',
  partly_received: 'text-bg-warning',
  received: 'text-bg-success',
  closed: 'text-bg-dark',
};

/** A purchase order's status as a coloured badge with its name. */
export function StatusBadge({ status }: { status: PurchaseOrderState }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${BADGES[status]}`} data-status={status}>
      {t(`reorder.status.${status}`)}
    </span>
  );
}
