import { z } from 'zod';
import { say } from './messages';
import './zod-messages';

/**
 * Imports of the owner's files (`POST /api/product/import`, `POST /api/customer/import`): a CSV or
 * XLSX file with a header row, read first as a dry run (what would be created, updated or refused,
 * row by row), then applied in one transaction.
 */

const MB = 1024 * 1024;

/** What one import may take; larger is refused (413) before anything is read. */
export const IMPORT_LIMITS = {
  /** The CSV or XLSX file. */
  fileBytes: 20 * MB,
  /** Data rows (the header row is not counted). */
  rows: 20_000,
  /** The ZIP of pictures beside a product import. */
  zipBytes: 100 * MB,
  /** Files in that ZIP. */
  zipEntries: 5_000,
  /**
   * What the ZIP's files add up to unpacked, as its directory says (a zip bomb is refused unopened);
   * each file's unpacking stops at what the directory says of it (one that lies is refused).
   */
  zipUnpackedBytes: 1024 * MB,
  /** One picture unpacked: the same 5 MB as an upload on the product form. */
  pictureBytes: 5 * MB,
} as const;

/**
 * The columns of a product import, as the template writes them (headers are matched without regard
 * to case, and a space or a hyphen reads as `_`). Only `title`, `price`, `tags` and `brand` are
 * needed for a new product, as on the Add Product form; a column left out of the file keeps what an
 * updated product has.
 */
export const PRODUCT_IMPORT_COLUMNS = [
  'title',
  'title_bn',
  'attribute',
  'attribute_bn',
  'unit',
  'price',
  'offer_price',
  'buy_price',
  'qty',
  'barcode',
  'scale_item_code',
  'category',
  'brand',
  'tags',
  'flags',
  'picture',
  'description',
  'description_bn',
] as const;
export type ProductImportColumn = (typeof PRODUCT_IMPORT_COLUMNS)[number];

/** The flags a product row's `flags` cell may list (separated by commas, semicolons or spaces). */
export const IMPORT_FLAGS = ['offer', 'popular', 'stock_out', 'food'] as const;
/** Between the levels of a category path: `Food > Rice > Miniket`. */
export const CATEGORY_PATH_SEPARATOR = '>';
/** Between two category paths in one cell: `Food > Rice; Offers`. */
export const CATEGORY_LIST_SEPARATOR = ';';

/** The columns of a customer import; customers are matched by phone. */
export const CUSTOMER_IMPORT_COLUMNS = ['name', 'phone', 'area', 'address', 'balance', 'point'] as const;
export type CustomerImportColumn = (typeof CUSTOMER_IMPORT_COLUMNS)[number];

/** `1`, `true` or `on` is yes; `0`, `false`, `''` or left out is no (a form field or a query parameter). */
const yesNo = z
  .enum(['1', '0', 'true', 'false', 'on', ''], { error: say('import.yesNo') })
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'on');

/** `dry_run=1`: read and judge only; `skip_errors=1`: import the good rows of a file with errors. */
export const importOptions = z.object({ dry_run: yesNo, skip_errors: yesNo });
export type ImportOptions = z.infer<typeof importOptions>;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** A refused cell or row: its row as numbered in the file (the header is row 1) and its column's header. */
export const importError = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

/** What happens (or happened) to one row of the file. */
export const importRowResult = z.object({
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  /** The row's product title or customer name, as the file has it (to find the row on screen). */
  title: z.string(),
});
export type ImportRowResult = z.infer<typeof importRowResult>;

/**
 * The answer of an import. A dry run counts what the import would do; an applied one what it did.
 * A file with errors is applied only with `skip_errors=1` (its rows with errors left out), and
 * never when its header row is wrong.
 */
export const importReport = z.object({
  dry_run: z.boolean(),
  /** True when the changes were saved (never for a dry run). */
  applied: z.boolean(),
  /** Data rows read (blank rows are not counted). */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with errors: left out of an import with skip_errors. */
  refused: z.number().int(),
  errors: z.array(importError),
  results: z.array(importRowResult),
  /** Product imports: the brands and the category paths made for it (none already there). */
  new_brands: z.array(z.string()).optional(),
  new_categories: z.array(z.string()).optional(),
});
export type ImportReport = z.infer<typeof importReport>;
