import type { OrderSlot } from '@bazar/contracts/delivery';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from './api';
import { useTranslation, type Language } from './i18n/i18n';
import { formatDay } from './shop-time';

export const DELIVERY_SLOTS_KEY = ['delivery-slots'] as const;

/** GET /api/delivery-slots: the bookable days with each slot's places left (public). */
const fetchSlotDays = () => call('GET /api/delivery-slots').then((answer) => answer.data);

/** The bookable slots; asked again after half a minute, places go quickly. */
export function useSlotDays() {
  return useQuery({ queryKey: DELIVERY_SLOTS_KEY, queryFn: fetchSlotDays, staleTime: 30_000 });
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** A slot's clock time ("10:00") in the language's digits ("১০:০০" in Bangla), as dates are shown. */
export const clockText = (time: string, lang: Language) =>
  lang === 'bn' ? time.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)] ?? d) : time;

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
            start: clockText(slot.start, language),
            end: clockText(slot.end, language),
          })
        : '',
    [t, language, kind],
  );
}
