import type { Unit } from '@bazar/contracts/catalog';
import { clockText } from '../../lib/delivery';
import { formatNumber, type Language, type TFunction } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import { localName } from '../../lib/names';
import { formatDay } from '../../lib/shop-time';
import type { PickList, PickListFor } from './riders-api';

export type PickOrder = PickList['orders'][number];
export type PickLine = PickOrder['lines'][number];
export type PickCategory = PickList['categories'][number];

/** A quantity with its unit as the till writes it: "2 pcs", "1.5 kg", in the language's digits. */
export const qtyText = (t: TFunction, quantity: number, unit: Unit, lang: Language) =>
  `${formatNumber(Math.round(quantity * 100) / 100 + 0, lang)} ${t(`adminTill.cart.units.${unit}`)}`;

/** A line's product as one text in a language: "Miniket Rice 5 kg". */
export function productText(
  lang: Language,
  line: Pick<PickLine, 'title' | 'attri' | 'title_bn' | 'attri_bn'>,
) {
  const { title, attri } = namesIn(lang, line);
  return attri ? `${title} ${attri}` : title;
}

/** A category's name in a language; products without one are "Other products". */
export const categoryText = (
  t: TFunction,
  lang: Language,
  category: Pick<PickCategory, 'title' | 'title_bn'>,
) =>
  category.title || category.title_bn
    ? localName(category.title, category.title_bn, lang)
    : t('riders.pick.otherCategory');

/** An order's slot as "10:00–12:00" in the language's digits ('' for none). */
export const slotRange = (t: TFunction, lang: Language, slot: PickOrder['slot']) =>
  slot
    ? t('delivery.slot.range', { start: clockText(slot.start, lang), end: clockText(slot.end, lang) })
    : '';

/** Which orders take a product, and how much each: "#12: 2 · #13: 3". */
export const perOrderText = (lang: Language, orders: ReadonlyArray<{ order_id: number; quantity: number }>) =>
  orders.map((o) => `#${o.order_id}: ${formatNumber(o.quantity, lang)}`).join(' · ');

/** What a pick list covers, in words: "Orders #12, #13", "22 Nov 2026, 10:00–12:00", "22 Nov 2026". */
export function scopeText(
  t: TFunction,
  lang: Language,
  what: PickListFor,
  today: string,
  orders: readonly PickOrder[] = [],
): string {
  if ('orders' in what)
    return t('riders.pick.forOrders', { ids: what.orders.map((id) => `#${id}`).join(', ') });
  const day = formatDay(what.date || today, lang);
  if (!what.slot) return t('riders.pick.forDay', { day });
  const slot = orders.find((o) => o.slot?.start === what.slot)?.slot;
  return t('riders.pick.forSlot', {
    day,
    slot: slot ? slotRange(t, lang, slot) : clockText(what.slot, lang),
  });
}
