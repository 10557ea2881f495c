import type { Unit } from '@bazar/contracts/catalog';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import type { Stocktake, StocktakeLine } from './stocktakes-api';

/**
 * What a count covers, in words: everything, a category's or a brand's name (in the reader's
 * language: `name` picks the Bangla one when there is one), or how many products.
 */
export function scopeText(
  t: TFunction,
  name: (en: string, bn: string | undefined) => string,
  stocktake: Pick<Stocktake, 'scope' | 'scope_title' | 'scope_title_bn'>,
): string {
  const { scope } = stocktake;
  const title = name(stocktake.scope_title, stocktake.scope_title_bn);
  if (scope.category_id !== undefined) return t('stocktakes.scope.category', { name: title });
  if (scope.brand_id !== undefined) return t('stocktakes.scope.brand', { name: title });
  if (scope.product_ids) return t('stocktakes.scope.products', { count: scope.product_ids.length });
  return t('stocktakes.scope.everything');
}

const BADGES: Record<Stocktake['status'], string> = {
  open: 'text-bg-primary',
  approved: 'text-bg-success',
  cancelled: 'text-bg-secondary',
};

/** A count's status as a badge: open, approved or cancelled. */
export function StatusBadge({ status }: { status: Stocktake['status'] }) {
  const { t } = useTranslation();
  return <span className={`badge ${BADGES[status]}`}>{t(`stocktakes.status.${status}`)}</span>;
}

/**
 * A quantity with its unit ("3 pcs", "১.২৫ কেজি"); a number written beforehand (a signed
 * difference, "+2") goes in as it is.
 */
export const quantityText = (t: TFunction, qty: number | string, unit: Unit) =>
  t(`stocktakes.units.${unit}`, { qty });

/** A line's product as people name it: title and size in the language on screen. */
export const lineTitle = (
  name: (en: string, bn: string | undefined) => string,
  line: Pick<StocktakeLine, 'title' | 'title_bn' | 'attri' | 'attri_bn'>,
) => {
  const attri = name(line.attri, line.attri_bn);
  return attri ? `${name(line.title, line.title_bn)} (${attri})` : name(line.title, line.title_bn);
};

/** Lines in the order of their names in the language on screen (the counting page's lists). */
export const byTitle = (
  name: (en: string, bn: string | undefined) => string,
  lines: readonly StocktakeLine[],
): StocktakeLine[] => [...lines].sort((a, b) => lineTitle(name, a).localeCompare(lineTitle(name, b)));
