import type { DailyReportRow, DayFigures, ProductSaleRow } from '@bazar/contracts/cash';
import { exactAmount } from '@bazar/contracts/money';
import type { DbOrTx } from '../../db/client';
import { shopTime } from '../../lib/shop-day';
import { BATCH, sheet, type Column, type Sheet } from '../../lib/spreadsheet';
import * as reports from '../reports/reports.repository';

// ---- product sale ----------------------------------------------------------------------------

const SALE_COLUMNS: ReadonlyArray<Column<ProductSaleRow>> = [
  { header: 'Product ID', kind: 'int', width: 11, value: (r) => r.product_id },
  { header: 'Product', kind: 'text', width: 30, value: (r) => r.name },
  { header: 'Attribute', kind: 'text', width: 12, value: (r) => r.attri },
  { header: 'Product (Bangla)', kind: 'text', width: 30, value: (r) => r.name_bn },
  { header: 'Attribute (Bangla)', kind: 'text', width: 12, value: (r) => r.attri_bn },
  { header: 'Price', kind: 'money', value: (r) => r.price },
  { header: 'Buy price', kind: 'money', value: (r) => r.buyprice },
  { header: 'Quantity', kind: 'qty', value: (r) => r.qty },
  // Exact, so that each sum rounded down is the report's card (Total, Cost; Profit their difference).
  { header: 'Total', kind: 'amount', value: (r) => exactAmount(r.price, r.qty) },
  { header: 'Cost', kind: 'amount', value: (r) => exactAmount(r.buyprice, r.qty) },
  {
    header: 'Profit',
    kind: 'amount',
    value: (r) => exactAmount(r.price, r.qty) - exactAmount(r.buyprice, r.qty),
  },
];

/** The Product Sale report of the shop days from..to (empty: all time), most sold first. */
export function productSaleSheet(
  tx: DbOrTx,
  tz: string,
  range: { from?: string | undefined; to?: string | undefined },
): Sheet {
  return sheet('Product sale', SALE_COLUMNS, reports.productSaleBatches(tx, tz, range, BATCH));
}

// ---- daily report ----------------------------------------------------------------------------

/** The figures a change after Close Cash can touch, named as the columns name them. */
const FIGURE_NAMES: ReadonlyArray<readonly [keyof Omit<DayFigures, 'by_method'>, string]> = [
  ['orders', 'Orders'],
  ['total', 'Total'],
  ['paid', 'Received'],
  ['expance', 'Expenses'],
  ['cash', 'Cash in hand'],
  ['refunds', 'Refunds'],
  ['returns', 'Returns'],
  ['cash_moves', 'Cash moves'],
  ['drawer', 'Drawer'],
];
const METHOD_NAMES = [
  ['cash', 'Cash'],
  ['bkash', 'bKash'],
  ['nagad', 'Nagad'],
  ['card', 'Card'],
  ['balance', 'From advance'],
] as const;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** What was entered for a closed day after Close Cash, in words: `Total +100; Received +100`. */
function afterCloseText(after: DailyReportRow['after_close']): string {
  if (!after) return '';
  const parts = FIGURE_NAMES.flatMap(([key, name]) => {
    const n = after[key];
    return n === undefined ? [] : [`${name} ${signed(n)}`];
  });
  const methods = after.by_method;
  if (methods)
    for (const [key, name] of METHOD_NAMES) if (methods[key]) parts.push(`${name} ${signed(methods[key])}`);
  return parts.join('; ');
}

function dayColumns(tz: string): ReadonlyArray<Column<DailyReportRow>> {
  return [
    { header: 'Date', kind: 'day', value: (d) => d.created_at },
    { header: 'Orders', kind: 'int', value: (d) => d.orders },
    { header: 'Total', kind: 'money', value: (d) => d.total },
    { header: 'Received', kind: 'money', value: (d) => d.paid },
    { header: 'Expenses', kind: 'money', value: (d) => d.expance },
    // The spec's Total Cash: received less expenses, whatever the way of paying.
    { header: 'Cash in hand', kind: 'money', value: (d) => d.cash },
    ...METHOD_NAMES.map(([key, name]): Column<DailyReportRow> => ({
      header: name,
      kind: 'money',
      value: (d) => d.by_method[key],
    })),
    { header: 'Refunds', kind: 'money', value: (d) => d.refunds },
    { header: 'Returns', kind: 'money', value: (d) => d.returns },
    { header: 'Cash moves', kind: 'money', value: (d) => d.cash_moves },
    { header: 'Drawer', kind: 'money', value: (d) => d.drawer },
    { header: 'Closed', kind: 'text', width: 8, value: (d) => (d.closed ? 'Yes' : '') },
    {
      header: 'Closed at',
      kind: 'time',
      value: (d) => (d.closed_at ? shopTime(new Date(d.closed_at), tz) : ''),
    },
    { header: 'Changed after close', kind: 'text', width: 40, value: (d) => afterCloseText(d.after_close) },
  ];
}

/**
 * The daily report of the shop days from..to, newest first, as the Analytics screen's Overall
 * Report reads it (a closed day with the figures frozen at Close Cash). At most one row a day: read
 * whole.
 */
export function dailyReportSheet(tx: DbOrTx, tz: string, range: { from: string; to: string }): Sheet {
  async function* rows(): AsyncGenerator<DailyReportRow[]> {
    yield await reports.dailyReport(tx, tz, range.from, range.to);
  }
  return sheet('Daily report', dayColumns(tz), rows());
}
