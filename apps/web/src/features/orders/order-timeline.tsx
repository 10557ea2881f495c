import type { OrderStatusEvent } from '@bazar/contracts/orders';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { statusKey } from './orders-api';

/**
 * Following the order: each status it was in and when, oldest first, as an ordered list (the
 * spec's status names; times on the shop's clock, in Bengali digits in Bangla).
 */
export function OrderTimeline({ orderId, timeline }: { orderId: number; timeline: OrderStatusEvent[] }) {
  const { t } = useTranslation();
  const time = useShopTime();
  const titleId = `order-${orderId}-timeline`;
  return (
    <section aria-labelledby={titleId} className="mb-3">
      <h3 id={titleId} className="h6">
        {t('shopOrders.timeline.title')}
      </h3>
      <ol className="order-timeline small mb-0">
        {timeline.map((event, index) => (
          <li key={`${event.at}-${index}`} aria-current={index === timeline.length - 1 ? 'step' : undefined}>
            <span className="fw-semibold">{t(statusKey(event.status))}</span>{' '}
            <time dateTime={event.at} className="text-secondary">
              {time.dateTime(event.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
