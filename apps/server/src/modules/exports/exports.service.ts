import type { Readable } from 'node:stream';
import { exportQueries, type ExportFormat, type ExportName } from '@bazar/contracts/exports';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { InvalidFields, issueErrors } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import { CONTENT_TYPES, streamFile, type Sheet } from '../../lib/spreadsheet';
import { dailyReportRange } from '../reports/reports.service';
import { customerSheet, expenseSheet, liveStockSheet, productSheet, stockEntrySheet } from './list-sheets';
import { auditSheet } from './audit-sheet';
import { orderSheets } from './order-sheets';
import { purchaseSheet, supplierSheet } from './purchase-sheets';
import { dailyReportSheet, productSaleSheet } from './report-sheets';

/** A query checked by its export's schema: 422 with the field errors, as a route's own schema answers. */
function checked<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  throw new InvalidFields(issueErrors(parsed.error.issues, 'querystring'));
}

/** Blank days mean an open end, as the screens' lists read them. */
const days = (q: { from?: string | undefined; to?: string | undefined }) => ({
  from: q.from || undefined,
  to: q.to || undefined,
});

/**
 * The sheets of an export, from its query (checked here, before anything is sent): what the screen
 * of that name lists for the same filter, every page of it.
 */
function sheetsOf(ctx: Ctx, name: ExportName, format: ExportFormat, query: unknown): (tx: Tx) => Sheet[] {
  const tz = ctx.config.shopTz;
  switch (name) {
    case 'orders': {
      const q = checked(exportQueries.orders, query);
      const filter = { ...q, ...days(q), tz, slotDate: q.slot_date || undefined, slotStart: q.slot_start };
      return (tx) => orderSheets(tx, filter, tz, format);
    }
    case 'products': {
      const { q } = checked(exportQueries.products, query);
      return (tx) => [productSheet(tx, tz, q)];
    }
    case 'live-stock':
      checked(exportQueries['live-stock'], query);
      return (tx) => [liveStockSheet(tx)];
    case 'stock-entries':
      checked(exportQueries['stock-entries'], query);
      return (tx) => [stockEntrySheet(tx, tz)];
    case 'customers':
      checked(exportQueries.customers, query);
      return (tx) => [customerSheet(tx, tz)];
    case 'expenses': {
      const range = days(checked(exportQueries.expenses, query));
      return (tx) => [expenseSheet(tx, tz, range)];
    }
    case 'product-sale': {
      const range = days(checked(exportQueries['product-sale'], query));
      return (tx) => [productSaleSheet(tx, tz, range)];
    }
    case 'purchases': {
      const q = checked(exportQueries.purchases, query);
      const filter = { supplierId: q.supplier_id, ...days(q) };
      return (tx) => [purchaseSheet(tx, filter)];
    }
    case 'suppliers':
      checked(exportQueries.suppliers, query);
      return (tx) => [supplierSheet(tx)];
    case 'audit': {
      const q = checked(exportQueries.audit, query);
      const filter = {
        ...days(q),
        tz,
        staffId: q.staff_id,
        action: q.action || undefined,
        entity: q.entity || undefined,
      };
      return (tx) => [auditSheet(tx, filter)];
    }
    case 'daily-report': {
      const range = dailyReportRange(ctx, checked(exportQueries['daily-report'], query));
      // Read as the screen reads it, its statements side by side on the pool (a transaction's one
      // connection takes one statement at a time); one row a day, each statement consistent.
      return () => [dailyReportSheet(ctx.db, tz, range)];
    }
  }
}

export type ExportFile = { body: Readable; filename: string; contentType: string };

/**
 * The columns each permission guards in the downloads, by sheet: what the screens leave out of
 * their answers for staff without it (buy prices and what stock cost; cost and profit).
 */
const GUARDED: Record<'products.buy_prices' | 'reports.profit', Record<string, readonly string[]>> = {
  'products.buy_prices': {
    Products: ['Buy price'],
    'Live stock': ['Buy price', 'Stock value'],
    'Stock entries': ['Buy price', 'Total'],
    Lines: ['Buy price', 'Cost'],
  },
  'reports.profit': { 'Product sale': ['Buy price', 'Cost', 'Profit'], Lines: ['Buy price', 'Cost'] },
};

/** A sheet without some of its columns (their cells left out of every row). */
function withoutColumns(s: Sheet, headers: ReadonlySet<string>): Sheet {
  const keep = s.columns.map((c, i) => (headers.has(c.header) ? -1 : i)).filter((i) => i >= 0);
  if (keep.length === s.columns.length) return s;
  async function* rows() {
    for await (const batch of s.rows) yield batch.map((row) => keep.map((i) => row[i] ?? null));
  }
  return { ...s, columns: keep.map((i) => s.columns[i]!), rows: rows() };
}

/** The sheets as someone without `missing` permissions may see them. */
function guarded(sheets: Sheet[], missing: ReadonlyArray<keyof typeof GUARDED>): Sheet[] {
  if (!missing.length) return sheets;
  return sheets.map((s) => {
    const headers = new Set(missing.flatMap((p) => GUARDED[p][s.name] ?? []));
    return headers.size ? withoutColumns(s, headers) : s;
  });
}

/**
 * An export as a file to download, streamed (lib/spreadsheet.ts streamFile: one snapshot, batches
 * with back pressure): its query is checked first (422 before anything is sent), then the file is
 * named `{name}-{shop day}.{format}`.
 */
export function exportFile(
  ctx: Ctx,
  name: ExportName,
  format: ExportFormat,
  query: unknown,
  missing: ReadonlyArray<keyof typeof GUARDED> = [],
): ExportFile {
  const build = sheetsOf(ctx, name, format, query);
  const day = shopDay(ctx.clock.now(), ctx.config.shopTz);
  return {
    body: streamFile(ctx.db, ctx.log, format, async (tx) => guarded(build(tx), missing)),
    filename: `${name}-${day}.${format}`,
    contentType: CONTENT_TYPES[format],
  };
}
