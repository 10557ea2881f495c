import type { Purchase, Supplier } from '@bazar/contracts/purchases';
import type { DbOrTx } from '../../db/client';
import { BATCH, inBatches, sheet, type Column, type Sheet } from '../../lib/spreadsheet';
import * as purchases from '../purchases/purchases.repository';

/** A line as the screens name it: `Miniket Rice (5 kg) × 25.5 @ 58`. */
const lineText = (l: Purchase['lines'][number]) =>
  `${l.attri ? `${l.title} (${l.attri})` : l.title} × ${l.quantity} @ ${l.buyprice}`;

const PURCHASE_COLUMNS: ReadonlyArray<Column<Purchase>> = [
  { header: 'ID', kind: 'int', value: (p) => p.id },
  { header: 'Date', kind: 'text', width: 11, value: (p) => p.date },
  { header: 'Supplier', kind: 'text', width: 24, value: (p) => p.supplier },
  { header: 'Invoice', kind: 'text', width: 14, value: (p) => p.invoice },
  { header: 'Items', kind: 'text', width: 60, value: (p) => p.lines.map(lineText).join('; ') },
  { header: 'Total', kind: 'money', value: (p) => p.total },
  { header: 'Paid', kind: 'money', value: (p) => p.paid },
  { header: 'Due', kind: 'money', value: (p) => p.due },
  { header: 'Note', kind: 'text', width: 30, value: (p) => p.note },
];

/** The purchases of the filter, newest entered first (Σ Total, Paid, Due = the screen's cards). */
export function purchaseSheet(tx: DbOrTx, filter: purchases.PurchaseFilter): Sheet {
  const rows = inBatches(
    (before: number | undefined) => purchases.purchaseBatch(tx, filter, before, BATCH),
    (last) => last.id,
  );
  return sheet('Purchases', PURCHASE_COLUMNS, rows);
}

const SUPPLIER_COLUMNS: ReadonlyArray<Column<Supplier>> = [
  { header: 'ID', kind: 'int', value: (s) => s.id },
  { header: 'Name', kind: 'text', width: 24, value: (s) => s.name },
  { header: 'Phone', kind: 'text', width: 13, value: (s) => s.phone },
  { header: 'Address', kind: 'text', width: 30, value: (s) => s.address },
  { header: 'Purchases', kind: 'int', value: (s) => s.purchases },
  { header: 'Due', kind: 'money', value: (s) => s.due },
];

/** Every supplier with what the shop owes them (a short list: one batch). */
export function supplierSheet(tx: DbOrTx): Sheet {
  async function* rows(): AsyncGenerator<Supplier[]> {
    yield await purchases.listSuppliers(tx);
  }
  return sheet('Suppliers', SUPPLIER_COLUMNS, rows());
}
