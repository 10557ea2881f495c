import { z } from 'zod';
import { say } from './messages';
import { auditQuery } from './audit';
import { dateRangeQuery } from './cash';
import { productListQuery } from './catalog';
import { orderExportQuery } from './orders';
import { purchaseQuery } from './purchases';

/** The lists an owner or accountant downloads (`GET /api/export/{name}.{format}`). */
export const EXPORT_NAMES = [
  'orders',
  'products',
  'live-stock',
  'stock-entries',
  'customers',
  'expenses',
  'product-sale',
  'daily-report',
  'purchases',
  'suppliers',
  'audit',
] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const FILE = new RegExp(`^(${EXPORT_NAMES.join('|')})\\.(${EXPORT_FORMATS.join('|')})$`);

/** `{name}.{format}` of `GET /api/export/{file}`, exactly (no other name, no other ending). */
export const exportFileParams = z.object({
  file: z.string().regex(FILE, say('exports.fileName')),
});

/** The list and the format a file name checked by `exportFileParams` names. */
export function splitExportFile(file: string): { name: ExportName; format: ExportFormat } {
  const dot = file.lastIndexOf('.');
  return { name: file.slice(0, dot) as ExportName, format: file.slice(dot + 1) as ExportFormat };
}

/**
 * The query of any export, passed on whole: each export checks it with its own schema
 * (`exportQueries`), so a wrong filter is refused naming its field.
 */
export const exportQuery = z.looseObject({});

/** The products list's text search without its paging: what the Products screen's download takes. */
export const productSearchQuery = productListQuery.pick({ q: true });

/** A list the screen shows whole, without filters (live stock, stock entries, customers). */
export const noFilterQuery = z.object({});

/**
 * What each export takes: the query of its screen's list call without `page` and `per_page`, so a
 * download holds exactly the rows the screen pages through.
 */
export const exportQueries = {
  orders: orderExportQuery,
  products: productSearchQuery,
  'live-stock': noFilterQuery,
  'stock-entries': noFilterQuery,
  customers: noFilterQuery,
  expenses: dateRangeQuery,
  'product-sale': dateRangeQuery,
  'daily-report': dateRangeQuery,
  purchases: purchaseQuery.omit({ page: true, per_page: true }),
  suppliers: noFilterQuery,
  audit: auditQuery.omit({ page: true, per_page: true }),
} as const satisfies Record<ExportName, z.ZodType>;
