import { WALK_IN_NAME } from '@bazar/contracts/orders';
import type { Language, TFunction } from './i18n/i18n';

type Named = { title: string; attri: string; title_bn?: string; attri_bn?: string };
type Line = Named & { product_id: number | null };

/**
 * A sold line's title and attribute as a language reads them: in Bangla the Bangla names the
 * product had when it was sold, each falling back to the English one when it had none.
 */
export function namesIn(lang: Language, item: Named): { title: string; attri: string } {
  if (lang !== 'bn') return { title: item.title, attri: item.attri };
  return { title: item.title_bn || item.title, attri: item.attri_bn || item.attri };
}

/**
 * A returned line's names in a language: a return line keeps only the English names, so the
 * Bangla ones come from the order's line of the same product.
 */
export function returnedNamesIn(
  lang: Language,
  line: Line,
  soldLines: readonly Line[] = [],
): { title: string; attri: string } {
  const sold =
    lang === 'bn' && line.product_id !== null
      ? soldLines.find((l) => l.product_id === line.product_id)
      : undefined;
  return namesIn(lang, sold ? { ...sold, title: line.title, attri: line.attri } : line);
}

/** An order's customer name as a screen writes it: a walk-in's (no customer) in the screen's words. */
export const customerName = (t: TFunction, order: { name: string; phone: string }) =>
  order.name === WALK_IN_NAME && !order.phone ? t('common.walkIn') : order.name;
