import { exactAmount } from '@bazar/contracts/money';
import type { DbOrTx } from '../../db/client';
import { shopTime } from '../../lib/shop-day';
import { BATCH, inBatches, sheet, type Column, type Sheet } from '../../lib/spreadsheet';
import * as cash from '../cash/cash.repository';
import * as catalog from '../catalog/products.repository';
import * as customers from '../customers/customers.repository';
import * as entries from '../stock/stock-entries.repository';
import * as stock from '../stock/stock.repository';

const yes = (flag: boolean) => (flag ? 'Yes' : '');
/** A name with its attribute, as the screens show it: `Miniket Rice (5 kg)`. */
const named = (title: string, attri: string) => (attri ? `${title} (${attri})` : title);

// ---- products --------------------------------------------------------------------------------

type ProductRow = catalog.ProductRow & { categories: string };

function productColumns(tz: string): ReadonlyArray<Column<ProductRow>> {
  return [
    { header: 'ID', kind: 'int', value: (p) => p.id },
    { header: 'Barcode', kind: 'text', width: 15, value: (p) => p.barcode },
    { header: 'PLU', kind: 'text', width: 8, value: (p) => p.plu ?? '' },
    { header: 'Title', kind: 'text', width: 30, value: (p) => p.title },
    { header: 'Title (Bangla)', kind: 'text', width: 30, value: (p) => p.titleBn },
    { header: 'Attribute', kind: 'text', width: 12, value: (p) => p.attri },
    { header: 'Attribute (Bangla)', kind: 'text', width: 12, value: (p) => p.attriBn },
    { header: 'Unit', kind: 'text', width: 7, value: (p) => p.unit },
    { header: 'Price', kind: 'money', value: (p) => p.price },
    { header: 'Offer price', kind: 'money', value: (p) => p.offprice },
    { header: 'Buy price', kind: 'money', value: (p) => p.buyprice },
    { header: 'Quantity', kind: 'qty', value: (p) => Number(p.qty) },
    { header: 'Brand', kind: 'text', width: 16, value: (p) => p.brandTitle ?? '' },
    { header: 'Categories', kind: 'text', width: 30, value: (p) => p.categories },
    { header: 'Tags', kind: 'text', width: 20, value: (p) => p.tags },
    { header: 'Offer', kind: 'text', width: 7, value: (p) => yes(p.offer) },
    { header: 'Popular', kind: 'text', width: 8, value: (p) => yes(p.popular) },
    { header: 'Food', kind: 'text', width: 7, value: (p) => yes(p.food) },
    { header: 'Stock out', kind: 'text', width: 9, value: (p) => yes(p.stockOut) },
    { header: 'Bind stock', kind: 'text', width: 10, value: (p) => yes(p.linkQty) },
    { header: 'Added', kind: 'time', value: (p) => shopTime(p.createdAt, tz) },
  ];
}

/** The Products list (its text filter), newest first, with brand and categories. */
export function productSheet(tx: DbOrTx, tz: string, q: string | undefined): Sheet {
  async function* rows(): AsyncGenerator<ProductRow[]> {
    const batches = inBatches(
      (before: number | undefined) => catalog.productBatch(tx, q, before, BATCH),
      (last) => last.id,
    );
    for await (const batch of batches) {
      const cats = await catalog.categoriesOf(
        tx,
        batch.map((p) => p.id),
      );
      yield batch.map((p) => ({
        ...p,
        categories: (cats.get(p.id) ?? []).map((c) => c.title).join(', '),
      }));
    }
  }
  return sheet('Products', productColumns(tz), rows());
}

// ---- live stock ------------------------------------------------------------------------------

type StockRow = Awaited<ReturnType<typeof stock.stockList>>[number];

const STOCK_COLUMNS: ReadonlyArray<Column<StockRow>> = [
  { header: 'ID', kind: 'int', value: (p) => p.id },
  { header: 'Barcode', kind: 'text', width: 15, value: (p) => p.barcode },
  { header: 'Title', kind: 'text', width: 30, value: (p) => p.title },
  { header: 'Title (Bangla)', kind: 'text', width: 30, value: (p) => p.title_bn },
  { header: 'Attribute', kind: 'text', width: 12, value: (p) => p.attri },
  { header: 'Attribute (Bangla)', kind: 'text', width: 12, value: (p) => p.attri_bn },
  { header: 'Price', kind: 'money', value: (p) => p.price },
  { header: 'Offer price', kind: 'money', value: (p) => p.offprice },
  { header: 'Buy price', kind: 'money', value: (p) => p.buyprice },
  { header: 'Quantity', kind: 'qty', value: (p) => p.qty },
  // What the stock cost, exact; below zero counts nothing (the screen's Total, the money rule's sum).
  { header: 'Stock value', kind: 'amount', value: (p) => (p.qty < 0 ? 0 : exactAmount(p.buyprice, p.qty)) },
];

/** Live stock: every product by title with what its stock cost (Σ floored = Total Invested). */
export function liveStockSheet(tx: DbOrTx): Sheet {
  const rows = inBatches(
    (after: { title: string; id: number } | undefined) => stock.stockList(tx, { limit: BATCH, after }),
    (last) => ({ title: last.title, id: last.id }),
  );
  return sheet('Live stock', STOCK_COLUMNS, rows);
}

// ---- stock entries ---------------------------------------------------------------------------

type EntryRow = Awaited<ReturnType<typeof entries.listEntries>>[number];

function entryColumns(tz: string): ReadonlyArray<Column<EntryRow>> {
  return [
    { header: 'ID', kind: 'int', value: (e) => e.id },
    { header: 'Date', kind: 'time', value: (e) => shopTime(new Date(e.created), tz) },
    {
      header: 'Products',
      kind: 'text',
      width: 40,
      value: (e) => e.product_list.map((p) => named(p.title, p.attri)).join('; '),
    },
    {
      header: 'Products (Bangla)',
      kind: 'text',
      width: 40,
      value: (e) => e.product_list.map((p) => named(p.title_bn || p.title, p.attri_bn || p.attri)).join('; '),
    },
    { header: 'Buy price', kind: 'money', value: (e) => e.price },
    { header: 'Quantity', kind: 'qty', value: (e) => e.qty },
    { header: 'Total', kind: 'amount', value: (e) => exactAmount(e.price, e.qty) },
  ];
}

/** Advance Stock: every stock entry, newest first, with what it cost (Σ floored = Total Invested). */
export function stockEntrySheet(tx: DbOrTx, tz: string): Sheet {
  const rows = inBatches(
    (before: number | undefined) =>
      entries.listEntries(tx, undefined, { limit: BATCH, offset: 0, beforeId: before }),
    (last) => last.id,
  );
  return sheet('Stock entries', entryColumns(tz), rows);
}

// ---- customers -------------------------------------------------------------------------------

const CUSTOMER_COLUMNS: ReadonlyArray<Column<customers.CustomerExportRow>> = [
  { header: 'ID', kind: 'int', value: (c) => c.id },
  { header: 'Name', kind: 'text', value: (c) => c.name },
  { header: 'Phone', kind: 'text', width: 14, value: (c) => c.phone },
  { header: 'Area', kind: 'text', width: 16, value: (c) => c.area },
  { header: 'Address', kind: 'text', width: 30, value: (c) => c.address },
  // The customer's advance (money the shop holds for them) and what they owe (baki).
  { header: 'Balance', kind: 'money', value: (c) => c.balance },
  { header: 'Due', kind: 'money', value: (c) => c.due },
  { header: 'Points', kind: 'int', value: (c) => c.point },
  { header: 'Language', kind: 'text', width: 10, value: (c) => (c.lang === 'bn' ? 'Bangla' : 'English') },
  { header: 'Joined', kind: 'time', value: (c) => c.joined },
];

/** The customers list, newest first, with their advance balance and due. */
export function customerSheet(tx: DbOrTx, tz: string): Sheet {
  const rows = inBatches(
    (before: number | undefined) => customers.customerBatch(tx, tz, before, BATCH),
    (last) => last.id,
  );
  return sheet('Customers', CUSTOMER_COLUMNS, rows);
}

// ---- expenses --------------------------------------------------------------------------------

const EXPENSE_COLUMNS: ReadonlyArray<Column<cash.ExpenseExportRow>> = [
  { header: 'ID', kind: 'int', value: (e) => e.id },
  { header: 'Date', kind: 'time', value: (e) => e.created },
  { header: 'Category', kind: 'text', width: 14, value: (e) => e.category },
  { header: 'Details', kind: 'text', width: 40, value: (e) => e.details },
  { header: 'Amount', kind: 'money', value: (e) => e.amount },
];

/** The expenses of the shop days from..to, newest first (Σ Amount = the screen's Total). */
export function expenseSheet(
  tx: DbOrTx,
  tz: string,
  range: { from?: string | undefined; to?: string | undefined },
): Sheet {
  const rows = inBatches(
    (after: { at: string; id: number } | undefined) => cash.expenseBatch(tx, tz, range, after, BATCH),
    (last) => ({ at: last.at, id: last.id }),
  );
  return sheet('Expenses', EXPENSE_COLUMNS, rows);
}
