import type { OrderSlot, SlotDays } from '@bazar/contracts/delivery';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api';
import { useTranslation } from './i18n/i18n';
import { formatDay } from './shop-time';

export const DELIVERY_SLOTS_KEY = ['delivery-slots'] as const;

/** GET /api/delivery-slots: the bookable days with each slot's places left (public). */
export const fetchSlotDays = () =>
  api.get<{ data: SlotDays }>('/api/delivery-slots').then((answer) => answer.data);

/** The bookable slots; asked again after half a minute, places go quickly. */
export function useSlotDays() {
  return useQuery({ queryKey: DELIVERY_SLOTS_KEY, queryFn: fetchSlotDays, staleTime: 30_000 });
}

/**
 * An order's slot as one line: `short` "27 Nov 2026 10:00–12:00", `shown` "Delivery: 27 Nov 2026,
 * 10:00–12:00" (invoices); '' for none.
 */
export function useSlotText(
  kind: 'short' | 'shown' = 'short',
): (slot: OrderSlot | null | undefined) => string {
  const { t, language } = useTranslation();
  return useCallback(
    (slot) =>
      slot
        ? t(`delivery.slot.${kind}`, {
            day: formatDay(slot.date, language),
            start: slot.start,
            end: slot.end,
          })
        : '',
    [t, language, kind],
  );
}
