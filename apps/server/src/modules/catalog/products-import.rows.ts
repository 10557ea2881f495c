import { MAX_CATEGORY_DEPTH, productFields } from '@bazar/contracts/catalog';
import {
  CATEGORY_LIST_SEPARATOR,
  CATEGORY_PATH_SEPARATOR,
  IMPORT_FLAGS,
  type ProductImportColumn,
} from '@bazar/contracts/imports';
import { z } from 'zod';
import { required, say, tooLong, type Message } from '@bazar/contracts/messages';
import { cellValue, ReportBuilder, RowCells, ungroup } from '../../lib/import-rows';

/**
 * One row of a product import read by the Add Product form's own rules (contracts' productFields):
 * every cell the file has, checked as that form field is. What the file leaves out is filled in
 * later, once it is known whether the row makes a product (the form's defaults and required
 * fields) or updates one (kept as it is).
 */

type Col = ProductImportColumn;

type Shape = typeof productFields.shape;

/** The form field each plain column is checked as. */
const FORM_FIELD = {
  title: 'title',
  title_bn: 'title_bn',
  attribute: 'attri',
  attribute_bn: 'attri_bn',
  unit: 'unit',
  price: 'price',
  offer_price: 'offprice',
  buy_price: 'buyprice',
  qty: 'qty',
  scale_item_code: 'plu',
  tags: 'tags',
  description: 'desc',
  description_bn: 'desc_bn',
} as const satisfies Partial<Record<Col, keyof Shape>>;

type PlainCol = keyof typeof FORM_FIELD;

type FormField = (typeof FORM_FIELD)[PlainCol];

/** The form's values a row sets, by form field (each as the form's schema gives it). */
type FormValues = { [F in FormField]?: z.output<Shape[F]> };

type Flags = Record<(typeof IMPORT_FLAGS)[number], boolean>;

export type ProductRow = {
  row: number;
  /** The title cell as written ('' when none): how the screen names the row. */
  label: string;
  barcode: string;
  values: FormValues;
  brand?: string | undefined;
  /** Category paths, each from the top level down. */
  categories?: string[][] | undefined;
  flags?: Flags | undefined;
  picture?: string | undefined;
};

/**
 * The rules a column is read by where they are not the form's: tags may be left out or blank in an
 * import (issue 29), the product then has none ('').
 */
const IMPORT_RULES: Partial<{ [F in FormField]: z.ZodType<z.output<Shape[F]>, unknown> }> = {
  tags: z.string().trim().max(1000).default(''),
};
const ruleOf = <F extends FormField>(field: F) =>
  (IMPORT_RULES[field] ?? productFields.shape[field]) as z.ZodType<z.output<Shape[F]>, unknown>;

/** Money and quantity columns: a grouped number (1,250) is read without its commas. */
const NUMBER_COLUMNS = new Set<Col>(['price', 'offer_price', 'buy_price', 'qty']);

/** Columns whose blank cell means "as it is" (a new product: the form's default), not "empty". */
const BLANK_KEEPS = new Set<Col>(['qty', 'unit', 'picture']);

const FLAG_NAMES: Record<string, keyof Flags> = {
  offer: 'offer',
  popular: 'popular',
  food: 'food',
  stock_out: 'stock_out',
  stockout: 'stock_out',
};

/** Reads one data row: the cells its file has, each by the form's rule; errors go to the report. */
export function readProductRow(cells: RowCells<Col>, report: ReportBuilder): ProductRow {
  const row = cells.number;
  const values: FormValues = {};
  const put = <F extends FormField>(field: F, value: z.output<Shape[F]>) => {
    (values as Record<F, z.output<Shape[F]>>)[field] = value;
  };
  for (const [column, field] of Object.entries(FORM_FIELD) as Array<[PlainCol, FormField]>) {
    const text = cells.get(column);
    if (text === undefined || (text === '' && BLANK_KEEPS.has(column))) continue;
    const parsed = ruleOf(field).safeParse(cellValue(NUMBER_COLUMNS.has(column) ? ungroup(text) : text));
    if (parsed.success) put(field, parsed.data);
    else report.issues(row, cells.name(column), parsed.error);
  }

  const barcodeText = cells.get('barcode') ?? '';
  const barcode = productFields.shape.barcode.safeParse(barcodeText);
  if (!barcode.success) report.issues(row, cells.name('barcode'), barcode.error);

  const brandText = cells.get('brand');
  let brand: string | undefined;
  if (brandText !== undefined) {
    if (brandText === '') report.error({ row, field: cells.name('brand'), message: required('brand') });
    else if (brandText.length > 200)
      report.error({
        row,
        field: cells.name('brand'),
        message: tooLong('brand', 200),
      });
    else brand = brandText.normalize('NFC');
  }

  const categoryText = cells.get('category');
  const categories = categoryText === undefined ? undefined : readCategories(categoryText);
  if (categories !== undefined && !Array.isArray(categories))
    report.error({ row, field: cells.name('category'), message: categories.message });

  const flagText = cells.get('flags');
  const flags = flagText === undefined ? undefined : readFlags(flagText);
  if (flags === 'unknown')
    report.error({
      row,
      field: cells.name('flags'),
      message: say('import.flags'),
    });

  const picture = cells.get('picture') || undefined;
  const title = cells.get('title') ?? '';
  return {
    row,
    label: title,
    barcode: barcode.success ? barcode.data : '',
    values,
    brand,
    categories: Array.isArray(categories) ? categories : undefined,
    flags: flags === 'unknown' ? undefined : flags,
    picture,
  };
}

/**
 * A new product's values for the columns the file leaves out, by the form's rules: its defaults
 * (no Bangla title, unit pcs, quantity 0, no tags …), and "required" errors for title, price and brand.
 */
export function fillForCreate(product: ProductRow, has: (column: Col) => boolean, report: ReportBuilder) {
  for (const [column, field] of Object.entries(FORM_FIELD) as Array<[PlainCol, FormField]>) {
    if (product.values[field] !== undefined || (has(column) && !BLANK_KEEPS.has(column))) continue;
    const parsed = ruleOf(field).safeParse(undefined);
    if (parsed.success) (product.values as Record<string, unknown>)[field] = parsed.data;
    else report.issues(product.row, column, parsed.error);
  }
  if (!has('brand')) report.error({ row: product.row, field: 'brand', message: required('brand') });
}

/** `Food > Rice > Miniket; Offers` → [[Food, Rice, Miniket], [Offers]], or why it cannot be read. */
function readCategories(text: string): string[][] | { message: Message } {
  if (text === '') return [];
  const paths = text
    .split(CATEGORY_LIST_SEPARATOR)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => p.split(CATEGORY_PATH_SEPARATOR).map((level) => level.trim().normalize('NFC')));
  if (paths.length > 50) return { message: say('import.tooManyCategories') };
  for (const path of paths) {
    if (path.some((level) => level === '')) return { message: say('import.emptyLevel') };
    if (path.length > MAX_CATEGORY_DEPTH) return { message: say('import.tooManyLevels') };
    if (path.some((level) => level.length > 200)) return { message: say('import.categoryNameTooLong') };
  }
  return paths;
}

/** `offer, popular` → those flags set and the others not; 'unknown' for a word that is no flag. */
function readFlags(text: string): Flags | 'unknown' {
  const flags: Flags = { offer: false, popular: false, stock_out: false, food: false };
  // "Stock Out" as the products list's badge says it is one flag, not two words.
  for (const word of text.replace(/stock[\s_-]*out/gi, 'stock_out').split(/[\s,;|]+/)) {
    if (word === '') continue;
    const flag = FLAG_NAMES[word.toLowerCase().replace(/[\s-]+/g, '_')];
    if (!flag) return 'unknown';
    flags[flag] = true;
  }
  return flags;
}
