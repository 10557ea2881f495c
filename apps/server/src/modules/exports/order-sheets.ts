import { exactAmount } from '@bazar/contracts/money';
import type { OrderPayment, StoredPaymentMethod as PaymentMethod } from '@bazar/contracts/orders';
import type { DbOrTx } from '../../db/client';
import { shopTime } from '../../lib/shop-day';
import { sheet, type Column, type FileFormat, type Sheet } from '../../lib/spreadsheet';
import type { ExportRow, OrderFilter } from '../orders/order-filter.repository';
import { ORDER_COLUMNS, orderBatches, statusWord } from '../orders/order-export.service';
import * as orders from '../orders/orders.repository';

/** How each way of paying is named in a column and in the Payments sheet. */
const METHOD_NAMES: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bkash: 'bKash',
  nagad: 'Nagad',
  card: 'Card',
  balance: 'From advance',
  sslcommerz: 'SSLCommerz',
};
const METHODS = Object.keys(METHOD_NAMES) as PaymentMethod[];

type OrderRow = ExportRow & {
  /** What each way of paying brought in on the order, refunds taken off. */
  byMethod: Record<PaymentMethod, number>;
  /** CSV only: the lines and the payments, each in one text. */
  items: string;
  payments: string;
};

/**
 * The Orders sheet (and the CSV): one row per order, the orders export's columns (Total is what the
 * order charges; the screen's cards count the orders not cancelled), what each way of paying brought
 * in (their sum is Paid) and the note. The CSV, which holds one table, adds the lines and the payments
 * as text.
 */
function orderColumns(format: FileFormat): ReadonlyArray<Column<OrderRow>> {
  return [
    ...ORDER_COLUMNS,
    ...METHODS.map((m): Column<OrderRow> => ({
      header: METHOD_NAMES[m],
      kind: 'money',
      value: (o) => o.byMethod[m],
    })),
    { header: 'Note', kind: 'text', value: (o) => o.note },
    ...(format === 'csv'
      ? [
          { header: 'Items', kind: 'text', width: 50, value: (o) => o.items } satisfies Column<OrderRow>,
          {
            header: 'Payments',
            kind: 'text',
            width: 50,
            value: (o) => o.payments,
          } satisfies Column<OrderRow>,
        ]
      : []),
  ];
}

/** A line in words: `Miniket Rice (5 kg) × 2 @ 350`, with what came back of it. */
function itemText(line: orders.LineRow, returned: number): string {
  const name = line.attri ? `${line.title} (${line.attri})` : line.title;
  const back = returned > 0 ? `, ${returned} returned` : '';
  return `${name} × ${Number(line.quantity)} @ ${line.price}${back}`;
}

/** A payment in words: `2026-11-27 14:05 bKash 500 (TX81)`; a refund's amount is negative. */
function paymentText(p: OrderPayment, tz: string): string {
  const ref = p.reference ? ` (${p.reference})` : '';
  return `${shopTime(new Date(p.created), tz)} ${METHOD_NAMES[p.method]} ${p.amount}${ref}`;
}

async function* orderRows(
  tx: DbOrTx,
  filter: OrderFilter,
  tz: string,
  format: FileFormat,
): AsyncGenerator<OrderRow[]> {
  for await (const rows of orderBatches(tx, filter, tz)) {
    const ids = rows.map((o) => o.id);
    const paid = await orders.paymentsOf(tx, ids);
    // The lines in words only for the CSV: the workbook has them in a sheet of their own.
    const lines = format === 'csv' ? await orders.linesOf(tx, ids) : undefined;
    const back = format === 'csv' ? await orders.returnsOf(tx, ids) : undefined;
    yield rows.map((o) => {
      const payments = paid.get(o.id) ?? [];
      const byMethod = { cash: 0, bkash: 0, nagad: 0, card: 0, balance: 0, sslcommerz: 0 };
      for (const p of payments) byMethod[p.method] += p.amount;
      const own = lines?.get(o.id) ?? [];
      const returned = orders.returnedPerLine(own, back?.get(o.id) ?? []);
      return {
        ...o,
        byMethod,
        items: own.map((l) => itemText(l, returned.get(l.id) ?? 0)).join('; '),
        payments: payments.map((p) => paymentText(p, tz)).join('; '),
      };
    });
  }
}

type LineRow = { order: ExportRow; line: orders.LineRow; returned: number };

/** The Lines sheet: one row per order line, newest order first, with what it came to net of returns. */
const LINE_COLUMNS: ReadonlyArray<Column<LineRow>> = [
  { header: 'Order ID', kind: 'int', value: (r) => r.order.id },
  { header: 'Date', kind: 'time', value: (r) => r.order.created },
  { header: 'Customer', kind: 'text', value: (r) => r.order.name },
  { header: 'Phone', kind: 'text', width: 14, value: (r) => r.order.phone },
  { header: 'Status', kind: 'text', width: 17, value: (r) => statusWord(r.order.status) },
  { header: 'Product ID', kind: 'int', width: 11, value: (r) => r.line.productId },
  { header: 'Product', kind: 'text', width: 30, value: (r) => r.line.title },
  { header: 'Attribute', kind: 'text', width: 12, value: (r) => r.line.attri },
  { header: 'Product (Bangla)', kind: 'text', width: 30, value: (r) => r.line.titleBn },
  { header: 'Attribute (Bangla)', kind: 'text', width: 12, value: (r) => r.line.attriBn },
  { header: 'Price', kind: 'money', value: (r) => r.line.price },
  { header: 'Quantity', kind: 'qty', value: (r) => Number(r.line.quantity) },
  { header: 'Returned', kind: 'qty', value: (r) => r.returned },
  {
    header: 'Amount',
    kind: 'amount',
    // A price label's pack costs what the scale printed (nothing of it came back: a return takes
    // the goods back at the unit price).
    value: (r) =>
      r.returned === 0 && r.line.labelPoisha !== null
        ? r.line.labelPoisha / 100
        : exactAmount(r.line.price, Number(r.line.quantity) - r.returned),
  },
  { header: 'Buy price', kind: 'money', value: (r) => r.line.buyprice },
  {
    header: 'Cost',
    kind: 'amount',
    value: (r) => exactAmount(r.line.buyprice, Number(r.line.quantity) - r.returned),
  },
];

async function* lineRows(tx: DbOrTx, filter: OrderFilter, tz: string): AsyncGenerator<LineRow[]> {
  for await (const rows of orderBatches(tx, filter, tz)) {
    const ids = rows.map((o) => o.id);
    const lines = await orders.linesOf(tx, ids);
    const back = await orders.returnsOf(tx, ids);
    yield rows.flatMap((order) => {
      const own = lines.get(order.id) ?? [];
      const returned = orders.returnedPerLine(own, back.get(order.id) ?? []);
      return own.map((line) => ({ order, line, returned: returned.get(line.id) ?? 0 }));
    });
  }
}

type PaymentRow = { order: ExportRow; payment: OrderPayment };

/** The Payments sheet: every payment (refunds negative) of the orders, oldest first within an order. */
function paymentColumns(tz: string): ReadonlyArray<Column<PaymentRow>> {
  return [
    { header: 'Payment ID', kind: 'int', width: 11, value: (r) => r.payment.id },
    { header: 'Date', kind: 'time', value: (r) => shopTime(new Date(r.payment.created), tz) },
    { header: 'Order ID', kind: 'int', value: (r) => r.order.id },
    { header: 'Order date', kind: 'time', value: (r) => r.order.created },
    { header: 'Customer', kind: 'text', value: (r) => r.order.name },
    { header: 'Phone', kind: 'text', width: 14, value: (r) => r.order.phone },
    { header: 'Method', kind: 'text', width: 13, value: (r) => METHOD_NAMES[r.payment.method] },
    { header: 'Amount', kind: 'money', value: (r) => r.payment.amount },
    { header: 'Reference', kind: 'text', width: 16, value: (r) => r.payment.reference ?? '' },
    { header: 'Taken by', kind: 'text', width: 18, value: (r) => r.payment.by ?? '' },
    { header: 'Return ID', kind: 'int', value: (r) => r.payment.return_id },
  ];
}

async function* paymentRows(tx: DbOrTx, filter: OrderFilter, tz: string): AsyncGenerator<PaymentRow[]> {
  for await (const rows of orderBatches(tx, filter, tz)) {
    const paid = await orders.paymentsOf(
      tx,
      rows.map((o) => o.id),
    );
    yield rows.flatMap((order) => (paid.get(order.id) ?? []).map((payment) => ({ order, payment })));
  }
}

/**
 * The orders of a filter: the CSV is the Orders table with the lines and payments as text; the
 * workbook has the sheets Orders, Lines and Payments, each read in a pass of its own over the same
 * snapshot (a streamed workbook writes one sheet after the other).
 */
export function orderSheets(tx: DbOrTx, filter: OrderFilter, tz: string, format: FileFormat): Sheet[] {
  const ordersSheet = sheet('Orders', orderColumns(format), orderRows(tx, filter, tz, format));
  if (format === 'csv') return [ordersSheet];
  return [
    ordersSheet,
    sheet('Lines', LINE_COLUMNS, lineRows(tx, filter, tz)),
    sheet('Payments', paymentColumns(tz), paymentRows(tx, filter, tz)),
  ];
}
