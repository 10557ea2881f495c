import { RIDER_METHODS, type RiderDelivery } from '@bazar/contracts/riders';
import { useSlotText } from '../../lib/delivery';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import type { ShownDelivery } from './rider-outbox';
import { MapPinIcon, PhoneIcon } from './rider-icons';

/** What a rider can do from a card; Delivered and Failed open their dialogs. */
export type CardAction = 'picked-up' | 'delivered' | 'failed';

/** Where the phone's map app finds the address (Google Maps' search link opens the app on a phone). */
const mapLink = (delivery: Pick<RiderDelivery, 'address' | 'area'>) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    [delivery.address, delivery.area].filter(Boolean).join(', '),
  )}`;

/** The card's heading's id: the screen puts the focus there after an action. */
export const cardTitleId = (id: number) => `delivery-${id}-title`;

/** A collected amount's method by its name, or as the server wrote it (one a rider does not take). */
function methodName(t: TFunction, method: string): string {
  const known = RIDER_METHODS.find((m) => m === method);
  return known ? t(`rider.methods.${known}`) : method;
}

/**
 * One delivery on the rider's screen: who, how to reach them, what to hand over and collect, and
 * (still to do) the actions. A done one (delivered or failed today) says what was collected or why
 * it failed. An action not yet sent says so; one the server refused shows its reason.
 */
export function DeliveryCard({
  delivery,
  onAction,
  onDismiss,
}: {
  delivery: ShownDelivery;
  onAction: (action: CardAction, delivery: ShownDelivery) => void;
  onDismiss: (seq: number) => void;
}) {
  const { t, language, formatNumber } = useTranslation();
  const slotText = useSlotText('short');
  const done = delivery.state === 'delivered' || delivery.state === 'failed';
  const titleId = cardTitleId(delivery.id);

  return (
    <article
      className={`card shadow-sm mb-3 rider-card${done ? ' rider-card-done' : ''}`}
      aria-labelledby={titleId}
      data-delivery-id={delivery.id}
    >
      <div className="card-body">
        <div className="d-flex align-items-start gap-2">
          <h3 id={titleId} className="h5 card-title mb-0 me-auto" tabIndex={-1}>
            {delivery.name}
          </h3>
          <span className={`badge ${done ? 'text-bg-dark' : 'text-bg-light border'}`}>
            {t(`rider.state.${delivery.state}`)}
          </span>
        </div>
        <p className="small mb-2">
          {t('rider.order', { id: delivery.id })} ·{' '}
          {delivery.slot ? slotText(delivery.slot) : t('rider.noSlot')}
        </p>

        {delivery.waiting && (
          <p className="mb-2">
            <span className="badge text-bg-warning" role="status">
              {t('rider.waiting')}
            </span>
          </p>
        )}
        {delivery.refusals.map((refusal) => (
          <div
            key={refusal.seq}
            className="alert alert-danger py-2 d-flex flex-wrap align-items-center gap-2"
            role="alert"
          >
            <span className="me-auto">{t('rider.refused', { message: refusal.message })}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-dark"
              onClick={() => onDismiss(refusal.seq)}
            >
              {t('rider.dismiss')}
            </button>
          </div>
        ))}

        <div className="d-flex flex-wrap gap-2 mb-2">
          <a
            className="btn btn-outline-primary d-inline-flex align-items-center gap-2"
            href={`tel:${delivery.phone}`}
          >
            <PhoneIcon />
            <span className="visually-hidden">{t('rider.call', { name: delivery.name })} </span>
            <span className="rider-code" translate="no">
              {delivery.phone}
            </span>
          </a>
          <a
            className="btn btn-outline-primary d-inline-flex align-items-center gap-2"
            href={mapLink(delivery)}
            target="_blank"
            rel="noreferrer"
          >
            <MapPinIcon />
            {t('rider.map')}
            <span className="visually-hidden"> {t('rider.mapOf', { name: delivery.name })}</span>
          </a>
        </div>
        <p className="mb-1">
          {delivery.address}
          {delivery.area && `, ${delivery.area}`}
        </p>
        {delivery.note && <p className="mb-1 small">{t('rider.note', { note: delivery.note })}</p>}

        <h4 className="h6 mt-3 mb-1">{t('rider.items')}</h4>
        <ul className="list-unstyled mb-2">
          {delivery.lines.map((line, i) => {
            const names = namesIn(language, line);
            return (
              <li key={`${line.product_id ?? line.title}-${i}`}>
                <span className="fw-semibold">
                  {formatNumber(line.quantity)} {t(`rider.units.${line.unit}`)}
                </span>{' '}
                {names.title}
                {names.attri && ` (${names.attri})`}
              </li>
            );
          })}
        </ul>

        {delivery.state === 'delivered' ? (
          <p className="mb-0 fw-semibold">
            {delivery.collected.length
              ? t('rider.collected', {
                  list: delivery.collected
                    .map((c) => `${methodName(t, c.method)} ${t('common.price', { amount: c.amount })}`)
                    .join(', '),
                })
              : t('rider.collectedNone')}
          </p>
        ) : delivery.state === 'failed' ? (
          <p className="mb-0 fw-semibold">
            {t('rider.reason', {
              reason: delivery.reason
                ? t(`rider.reasons.${delivery.reason}`) +
                  (delivery.reason_note ? `: ${delivery.reason_note}` : '')
                : delivery.reason_note,
            })}
          </p>
        ) : (
          <p className="mb-0 rider-amount">
            {delivery.due > 0 ? t('rider.collect', { amount: delivery.due }) : t('rider.paid')}
          </p>
        )}

        {!done && (
          <div className="d-grid gap-2 mt-3">
            {delivery.state === 'assigned' && (
              <button
                type="button"
                className="btn btn-outline-primary"
                aria-describedby={titleId}
                onClick={() => onAction('picked-up', delivery)}
              >
                {t('rider.actions.pickedUp')}
              </button>
            )}
            <div className="d-flex gap-2">
              <button
                type="button"
                className="btn btn-primary flex-fill"
                aria-describedby={titleId}
                onClick={() => onAction('delivered', delivery)}
              >
                {t('rider.actions.delivered')}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger flex-fill"
                aria-describedby={titleId}
                onClick={() => onAction('failed', delivery)}
              >
                {t('rider.actions.failed')}
              </button>
            </div>
          </div>
        )}
      </div>
    </article>
  );
}
