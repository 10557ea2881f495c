import { translator, type Language, type Translation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { fetchShopInfo } from '../../lib/shop-api';
import type { PrintedDocument, PrintedLine } from '../printing/printed-document';
import { categoryText, perOrderText, productText, qtyText, slotRange } from './pick-list-bits';
import type { PickList } from './riders-api';

/**
 * The pick list on an 80 mm roll, line by line: the shop and what the list covers, every product
 * by category with its total and what each order takes, then a packing slip per order (customer,
 * phone, address, slot, rider, lines, what to collect). The roll on the screen draws these lines
 * (pick-list-roll.tsx) and the till's thermal printer prints the same ones, so both say the same.
 */
export function pickListLines(
  list: PickList,
  { t, language }: Pick<Translation, 't' | 'language'>,
  { shop, scope }: { shop: string; scope: string },
): PrintedLine[] {
  const lines: PrintedLine[] = [
    { kind: 'text', text: shop, align: 'center', bold: true, big: true },
    { kind: 'text', text: t('riders.pick.title'), align: 'center', bold: true },
    { kind: 'text', text: scope, align: 'center' },
    { kind: 'rule' },
    { kind: 'text', text: t('riders.pick.products'), bold: true },
  ];
  for (const category of list.categories) {
    lines.push(
      { kind: 'rule', light: true },
      { kind: 'text', text: categoryText(t, language, category), bold: true },
    );
    for (const product of category.products) {
      lines.push(
        {
          kind: 'row',
          left: productText(language, product),
          right: qtyText(t, product.quantity, product.unit, language),
          bold: true,
        },
        { kind: 'text', text: perOrderText(language, product.orders) },
      );
    }
  }
  for (const order of list.orders) {
    lines.push(
      { kind: 'rule' },
      {
        kind: 'row',
        left: t('riders.pick.order', { id: order.id }),
        right: slotRange(t, language, order.slot),
        bold: true,
      },
      { kind: 'text', text: customerName(t, order) },
      { kind: 'text', text: order.phone },
      { kind: 'text', text: [order.address, order.area].filter(Boolean).join(', ') },
    );
    if (order.rider) lines.push({ kind: 'text', text: t('riders.pick.rider', { rider: order.rider.name }) });
    if (order.note) lines.push({ kind: 'text', text: t('riders.pick.note', { note: order.note }) });
    lines.push({ kind: 'rule', light: true });
    for (const line of order.lines) {
      lines.push({
        kind: 'row',
        left: productText(language, line),
        right: qtyText(t, line.quantity, line.unit, language),
      });
    }
    lines.push(
      { kind: 'rule', light: true },
      {
        kind: 'row',
        left: t('riders.pick.collect'),
        right: order.due > 0 ? t('riders.pick.amount', { amount: order.due }) : t('riders.pick.paid'),
        bold: true,
      },
    );
  }
  return lines;
}

/** The pick list for the till's thermal printer, in `lang` (the roll the screen shows). */
export async function printedPickList(
  list: PickList,
  lang: Language,
  scope: string,
): Promise<PrintedDocument> {
  const [translation, shop] = await Promise.all([
    translator(lang),
    // The shop's name heads the roll; it prints without it if it cannot be read now.
    fetchShopInfo().catch(() => undefined),
  ]);
  const lines = pickListLines(list, translation, {
    shop: shop?.name || translation.t('shop.name'),
    scope,
  });
  return { lines, drawer: false };
}
