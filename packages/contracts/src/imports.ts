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
 * to case, and a space or a hyphen reads as `_`). Only `title`, `price` and `brand` are needed for a
 * new product, as on the Add Product form; unlike that form, `tags` may be left out or blank (the
 * product then has none, ''). A column left out of the file keeps what an updated product has.
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

/**
 * A category path as an import compares it: its levels trimmed and joined by ` > `, in lower case
 * (`food>RCE ` and `Food > Rce` are one path). The screen sends the paths of `unknown_categories`
 * as they are; the server reads them through this.
 */
export const categoryPathKey = (path: string) =>
  path
    .split(CATEGORY_PATH_SEPARATOR)
    .map((level) => level.trim().normalize('NFC').toLowerCase())
    .join(` ${CATEGORY_PATH_SEPARATOR} `);

/** `create_categories=*`: every category path the shop does not have is made (the import before issue 29). */
export const CREATE_EVERY_CATEGORY = '*';

const jsonField = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Symbol('not JSON');
  }
};

/**
 * What the owner decided about the file's unknown category paths (issue 29), as form fields of a
 * product import: `create_categories`, a JSON array of the paths to make (or `*` for every one), and
 * `map_categories`, a JSON object of a path to the id of a category the shop has, used instead. A
 * path in both is mapped. Paths are compared as `categoryPathKey` does. A row naming an unknown path
 * that is neither is refused (a row error) by the import; a dry run only reports it.
 */
export const categoryChoices = z.object({
  create_categories: z
    .string()
    .optional()
    .transform((text, ctx): string[] | typeof CREATE_EVERY_CATEGORY => {
      if (text === undefined || text === '') return [];
      if (text.trim() === CREATE_EVERY_CATEGORY) return CREATE_EVERY_CATEGORY;
      const parsed = z.array(z.string().max(1000)).max(IMPORT_LIMITS.rows).safeParse(jsonField(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: say('import.createCategories') });
      return z.NEVER;
    }),
  map_categories: z
    .string()
    .optional()
    .transform((text, ctx): Record<string, number> => {
      if (text === undefined || text === '') return {};
      const parsed = z
        .record(z.string().max(1000), z.number().int().positive().max(2_147_483_647))
        .safeParse(jsonField(text));
      if (parsed.success && Object.keys(parsed.data).length <= IMPORT_LIMITS.rows)
        return Object.fromEntries(Object.entries(parsed.data));
      ctx.addIssue({ code: 'custom', message: say('import.mapCategories') });
      return z.NEVER;
    }),
});
export type CategoryChoices = z.infer<typeof categoryChoices>;

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
  /**
   * Product imports: the row's category paths the shop does not have (as `unknown_categories`
   * writes them), whatever the request decided about them. The screen shows a row whose paths are
   * not all decided as needing a decision.
   */
  unknown_categories: z.array(z.string()).optional(),
});
export type ImportRowResult = z.infer<typeof importRowResult>;

/** An existing category an unknown path may have meant: its id and its path from the top. */
export const categorySuggestion = z.object({ id: z.number().int(), path: z.string() });
export type CategorySuggestion = z.infer<typeof categorySuggestion>;

/**
 * A category path of the file that matches no category of the shop (issue 29), once however many
 * rows name it: as the first of them writes it, the rows, and at most 3 existing categories it may
 * have meant, the nearest first (by the paths' edit distance; none when nothing is near).
 */
export const unknownCategory = z.object({
  path: z.string(),
  rows: z.array(z.number().int()),
  suggestions: z.array(categorySuggestion),
});
export type UnknownCategory = z.infer<typeof unknownCategory>;

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
  /**
   * Product imports: the brands and the categories made for it (none already there); categories
   * only of the paths `create_categories` names, each level listed once, parents first.
   */
  new_brands: z.array(z.string()).optional(),
  new_categories: z.array(z.string()).optional(),
  /** Product imports: every category path of the file the shop does not have, with its suggestions. */
  unknown_categories: z.array(unknownCategory).optional(),
});
export type ImportReport = z.infer<typeof importReport>;
