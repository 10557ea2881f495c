import { orderAmounts } from '@bazar/contracts/money';
import { BATCH, inBatches, type Column } from '../../lib/spreadsheet';
import type { DbOrTx } from '../../db/client';
import { exportBatch, planEachRun, type ExportRow, type OrderFilter } from './order-filter.repository';

/** The spec's status words (§4); any other value reads Complete. */
const STATUS_WORDS = ['Processing', 'Collecting Product', 'Out for Delivery', 'Delivered', 'Canceled'];

export const statusWord = (status: number) => STATUS_WORDS[status] ?? 'Complete';

/**
 * The orders export's columns: ID, Date (shop time), Customer, Phone, Area, Address, Type, Status,
 * Subtotal, Returned, Shipping, Discount, Total (what the order charges), Paid, Due.
 */
export const ORDER_COLUMNS: ReadonlyArray<Column<ExportRow>> = [
  { header: 'ID', kind: 'int', value: (o) => o.id },
  { header: 'Date', kind: 'time', value: (o) => o.created },
  { header: 'Customer', kind: 'text', value: (o) => o.name },
  { header: 'Phone', kind: 'text', width: 14, value: (o) => o.phone },
  { header: 'Area', kind: 'text', width: 16, value: (o) => o.area },
  { header: 'Address', kind: 'text', width: 30, value: (o) => o.address },
  { header: 'Type', kind: 'text', width: 9, value: (o) => (o.online ? 'Online' : 'Offline') },
  { header: 'Status', kind: 'text', width: 17, value: (o) => statusWord(o.status) },
  // The file's Subtotal is the lines before returns (contracts' money.ts: `lines`).
  { header: 'Subtotal', kind: 'money', value: (o) => o.subtotal },
  { header: 'Returned', kind: 'money', value: (o) => o.returned },
  { header: 'Shipping', kind: 'money', value: (o) => o.ship },
  { header: 'Discount', kind: 'money', value: (o) => o.discount },
  { header: 'Total', kind: 'money', value: (o) => orderAmounts(o).total },
  { header: 'Paid', kind: 'money', value: (o) => o.paid },
  { header: 'Due', kind: 'money', value: (o) => o.due },
];

/**
 * Every order of a filter, newest first, in batches read by id: memory stays flat however many
 * orders there are. Meant for a snapshot transaction (inSnapshot), whose plans it sets.
 */
export async function* orderBatches(
  tx: DbOrTx,
  filter: OrderFilter,
  tz: string,
): AsyncGenerator<ExportRow[]> {
  // Each batch is planned for its own id bound: a generic plan (after five runs of the same
  // prepared statement) walked the date index over the whole range for every batch.
  await planEachRun(tx);
  yield* inBatches(
    (before: number | undefined) => exportBatch(tx, filter, tz, before, BATCH),
    (last) => last.id,
  );
}
