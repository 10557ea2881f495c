import { receiptBarcodeValue } from '@bazar/contracts/receipt-code';
import type { Translation } from '../../lib/i18n/i18n';
import { formatAmount, translator } from '../../lib/i18n/i18n';
import type { ShopInfo } from '../../lib/shop-api';
import { FALLBACK_TIME_ZONE, shopTimeIn } from '../../lib/shop-time';
import { qtyPriceText, type ReceiptView } from '../receipts/receipt-model';
import type { PrintedDocument, PrintedLine } from './printed-document';

/**
 * A till receipt (the receipt model of features/receipts) as a printed document, line for line
 * what receipt.tsx draws on the page: shop, order and time, cashier, customer, the lines, totals,
 * payments with references, change, due, notes, the order's barcode and the closing line. In the
 * receipt's language (the customer's); figures are bare numbers, as on the page.
 */

/** Whether the sale took cash: its receipt opens the cash drawer (a return's refund does not). */
const takesCash = (view: Pick<ReceiptView, 'kind' | 'payments'>) =>
  view.kind === 'sale' && view.payments.some((p) => p.method === 'cash' && !p.refund);

/** The sale's number as the receipt prints it (receipt.tsx's saleNumber). */
function saleNumber({ t }: Translation, view: ReceiptView) {
  if (view.orderId === null)
    return t('adminTill.receipt.provisional', { provisional: view.provisional ?? '' });
  return view.provisional
    ? t('adminTill.receipt.orderBoth', { id: view.orderId, provisional: view.provisional })
    : t('adminTill.receipt.order', { id: view.orderId });
}

export function receiptDocument(
  view: ReceiptView,
  shop: ShopInfo | undefined,
  translation: Translation,
  dateTime: (iso: string) => string,
  { drawer }: { drawer: boolean },
): PrintedDocument {
  const { t, formatNumber } = translation;
  const method = (m: ReceiptView['payments'][number]['method']) => t(`adminTill.summary.methods.${m}`);
  const lines: PrintedLine[] = [];
  const text = (value: string, more: Omit<Extract<PrintedLine, { kind: 'text' }>, 'kind' | 'text'> = {}) =>
    lines.push({ kind: 'text', text: value, ...more });
  const row = (left: string, right: string, bold = false) => lines.push({ kind: 'row', left, right, bold });

  text(shop?.name || t('shop.name'), { align: 'center', bold: true, big: true });
  if (shop?.address) text(shop.address, { align: 'center' });
  if (shop?.phone) text(t('adminTill.receipt.phone', { phone: shop.phone }), { align: 'center' });
  lines.push({ kind: 'rule' });
  if (view.kind === 'return') text(t('adminTill.receipt.returnTitle'), { align: 'center', bold: true });
  row(
    view.kind === 'return'
      ? t('adminTill.receipt.returnOf', { id: view.orderId ?? '', returnId: view.returnId ?? '' })
      : saleNumber(translation, view),
    dateTime(view.at),
  );
  if (view.staff) text(t('adminTill.receipt.cashier', { name: view.staff }));
  if (view.customer) {
    text(t('adminTill.receipt.customer', { name: view.customer.name }));
    if (view.customer.phone) text(t('adminTill.receipt.phone', { phone: view.customer.phone }));
  }
  lines.push({ kind: 'rule' });
  for (const line of view.lines) {
    text(line.title);
    const detail = [
      line.attri,
      qtyPriceText(t, line),
      line.returned > 0 ? `(${t('adminTill.receipt.returnedQty', { qty: line.returned })})` : '',
    ];
    row(detail.filter(Boolean).join(' '), formatAmount(line.amount, translation.language));
  }
  lines.push({ kind: 'rule' });
  for (const total of view.totals)
    row(
      t(`adminTill.receipt.${total.key}`),
      formatNumber(total.amount),
      total.key === 'subtotal' || view.kind === 'return',
    );
  if (view.payments.length > 0) lines.push({ kind: 'rule', light: true });
  for (const payment of view.payments) {
    const name = payment.refund
      ? t('adminTill.receipt.refund', { method: method(payment.method) })
      : method(payment.method);
    row(payment.reference ? `${name} ${payment.reference}` : name, formatNumber(payment.amount));
  }
  if (view.change > 0) row(t('adminTill.receipt.change'), formatNumber(view.change), true);
  if (view.due !== null) row(t('adminTill.receipt.due'), formatNumber(view.due), true);
  if (view.orderId === null) text(t('adminTill.receipt.provisionalNote'));
  if (view.reason) text(t('adminTill.receipt.reason', { reason: view.reason }));
  lines.push({ kind: 'rule' });
  // Before sync the barcode carries the provisional number; "#" marks it as a receipt's (the till
  // opens the sale's return when it is scanned: receipt-code.ts).
  const orderNo = view.orderId === null ? (view.provisional ?? '') : String(view.orderId);
  if (orderNo) lines.push({ kind: 'barcode', value: receiptBarcodeValue(orderNo) });
  if (shop?.receipt_footer) text(shop.receipt_footer, { align: 'center' });
  return { lines, drawer: drawer && takesCash(view) };
}

/**
 * The receipt as the page shows it, for the printer: its texts in the receipt's language (fetched if
 * this page has not loaded them) and its time on the shop's clock. `drawer`: this print is the one
 * right after the sale (a reprint never opens the drawer).
 */
export async function printedReceipt(
  view: ReceiptView,
  shop: ShopInfo | undefined,
  { drawer }: { drawer: boolean },
): Promise<PrintedDocument> {
  const translation = await translator(view.lang);
  const time = shopTimeIn(shop?.tz || FALLBACK_TIME_ZONE, view.lang);
  return receiptDocument(view, shop, translation, time.dateTime, { drawer });
}
