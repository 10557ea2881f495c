import { productFields, UNITS, variationFields, type Unit } from '@bazar/contracts/catalog';
import { required } from '@bazar/contracts/messages';
import { z } from 'zod';
import { isBlank } from '../../lib/forms';
import type { ChosenCategory } from './category-picker';
import type { AdminProduct, Brand } from './products-api';

/**
 * The product form's values and rules (Add Product and Edit Product). The
 * rules are the server's multipart schema (contracts' productFields): each field is checked by
 * its own contracts schema, the pickers' choices become the ids the server reads.
 */

export { UNITS };

/** A number input's value: a number, undefined when empty, or the text typed when it is not one. */
type NumberValue = number | string | undefined;

export interface VariationValues {
  title: string;
  /** The variation's attribute in Bangla. */
  title_bn: string;
  price: NumberValue;
  offprice: NumberValue;
  buyprice: NumberValue;
  qty: NumberValue;
}

export interface ProductFormValues {
  title: string;
  attri: string;
  /** The Bangla title, attribute and description; empty: the shop shows the English ones. */
  title_bn: string;
  attri_bn: string;
  desc_bn: string;
  price: NumberValue;
  offprice: NumberValue;
  buyprice: NumberValue;
  qty: NumberValue;
  unit: Unit;
  barcode: string;
  /** The scale's 5-digit item code; empty: none. */
  plu: string;
  desc: string;
  tags: string;
  offer: boolean;
  popular: boolean;
  stock_out: boolean;
  food: boolean;
  link_qty: boolean;
  variations: VariationValues[];
  brand: Brand | null;
  category: ChosenCategory[];
  image: File | null;
}

export const emptyVariation = (): VariationValues => ({
  title: '',
  title_bn: '',
  price: undefined,
  offprice: undefined,
  buyprice: undefined,
  qty: undefined,
});

export const emptyProduct = (): ProductFormValues => ({
  title: '',
  attri: '',
  title_bn: '',
  attri_bn: '',
  desc_bn: '',
  price: undefined,
  offprice: undefined,
  buyprice: undefined,
  qty: undefined,
  unit: 'pcs',
  barcode: '',
  plu: '',
  desc: '',
  tags: '',
  offer: false,
  popular: false,
  stock_out: false,
  food: false,
  link_qty: false,
  variations: [emptyVariation()],
  brand: null,
  category: [],
  image: null,
});

export const productToValues = (product: AdminProduct): ProductFormValues => ({
  title: product.title,
  attri: product.attri,
  title_bn: product.title_bn,
  attri_bn: product.attri_bn,
  desc_bn: product.desc_bn,
  price: product.price,
  offprice: product.offprice ?? undefined,
  buyprice: product.buyprice,
  qty: product.qty,
  unit: product.unit,
  barcode: product.barcode,
  plu: product.plu ?? '',
  desc: product.desc,
  tags: product.tags,
  offer: product.offer === 'on',
  popular: product.popular === 'on',
  stock_out: product.stock_out === 'on',
  food: product.food === 'on',
  link_qty: product.link_qty === 1,
  variations: [],
  brand: product.brand,
  category: product.category,
  image: null,
});

const isBlankRow = (row: unknown) =>
  typeof row === 'object' && row !== null && Object.values(row).every(isBlank);

const f = productFields.shape;

/**
 * The form's schema: productFields field by field. A variation row left blank is not a row
 * (undefined in the output, so indexes stay the form's); the brand and the categories become
 * their ids; Add needs a picture, Edit keeps the current one when none is chosen.
 */
export function productFormSchema(adding: boolean) {
  return z.object({
    title: f.title,
    attri: f.attri,
    title_bn: f.title_bn,
    attri_bn: f.attri_bn,
    desc_bn: f.desc_bn,
    price: f.price,
    offprice: f.offprice,
    buyprice: f.buyprice,
    qty: f.qty,
    unit: f.unit,
    barcode: f.barcode,
    plu: f.plu,
    desc: f.desc,
    tags: f.tags,
    offer: f.offer,
    popular: f.popular,
    stock_out: f.stock_out,
    food: f.food,
    link_qty: f.link_qty,
    brand: z.preprocess((brand) => (brand as Brand | null)?.id, f.brand_id),
    category: z.preprocess((list) => (list as ChosenCategory[]).map((category) => category.id), f.category),
    image: adding ? z.instanceof(File, { message: required('image') }) : z.instanceof(File).nullable(),
    variations: z
      .array(z.preprocess((row) => (isBlankRow(row) ? undefined : row), variationFields.optional()))
      .max(50),
  });
}

type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductOutput = z.output<ProductFormSchema>;

/** The fields a product must have; left empty, they are marked (Add also says "These * filed are required"). */
export const REQUIRED = ['title', 'price', 'tags', 'brand', 'image'] as const;

/** The variation rows sent, with their row in the form (the server counts only the rows sent). */
export const sentRows = (values: ProductOutput) =>
  values.variations.flatMap((row, index) => (row ? [{ row, index }] : []));

const flag = (set: boolean) => (set ? 'on' : '');

/**
 * The multipart body of POST /api/product/add (adding) or /api/product/edit/{id}. The Bangla texts
 * are always sent, empty ones too: on Edit an emptied one removes the stored text.
 */
export function toMultipart(values: ProductOutput, adding: boolean): FormData {
  const body = new FormData();
  body.append('title', values.title);
  body.append('title_bn', values.title_bn);
  body.append('attri', values.attri);
  body.append('attri_bn', values.attri_bn);
  body.append('price', String(values.price));
  // No offer price is left out (the server reads a missing one as none).
  if (values.offprice !== null) body.append('offprice', String(values.offprice));
  body.append('buyprice', String(values.buyprice));
  body.append('qty', String(values.qty));
  body.append('unit', values.unit);
  body.append('desc', values.desc);
  body.append('desc_bn', values.desc_bn);
  body.append('tags', values.tags);
  body.append('barcode', values.barcode);
  // Empty on Add is no code; empty on Edit removes the product's code.
  body.append('plu', values.plu ?? '');
  body.append('offer', flag(values.offer));
  body.append('popular', flag(values.popular));
  body.append('stock_out', flag(values.stock_out));
  if (adding) body.append('link_qty', values.link_qty ? '1' : '0');
  else body.append('food', flag(values.food));
  body.append('brand_id', String(values.brand));
  for (const id of values.category) body.append('category[]', String(id));
  if (adding) {
    sentRows(values).forEach(({ row }, position) => {
      body.append(`variations[${position}][title]`, row.title);
      body.append(`variations[${position}][title_bn]`, row.title_bn);
      body.append(`variations[${position}][price]`, String(row.price));
      if (row.offprice !== null) body.append(`variations[${position}][offprice]`, String(row.offprice));
      body.append(`variations[${position}][buyprice]`, String(row.buyprice));
      body.append(`variations[${position}][qty]`, String(row.qty));
    });
  }
  if (values.image) body.append('image', values.image);
  return body;
}

const PLAIN = [
  'title',
  'title_bn',
  'attri',
  'attri_bn',
  'price',
  'offprice',
  'buyprice',
  'qty',
  'unit',
  'barcode',
  'plu',
  'desc',
  'desc_bn',
  'tags',
  'image',
];

/**
 * The form field a key of the server's 422 answer is about (`variations[0][price]`, `brand_id`,
 * `category.1`), with the variation's row in the form; null when the form has no such field.
 */
export function formField(key: string, rows: ReadonlyArray<{ index: number }>): string | null {
  const path = key
    .replace(/\[(\w*)\]/g, (_match, part: string) => (part ? `.${part}` : ''))
    .replace(/^\./, '');
  const [head, position, field] = path.split('.');
  if (head === 'brand_id' || head === 'brand') return 'brand';
  if (head === 'category') return 'category';
  if (head === 'variations' && position !== undefined && /^\d+$/.test(position) && field) {
    const row = rows[Number(position)]?.index;
    return row === undefined ? null : `variations.${row}.${field}`;
  }
  return head && PLAIN.includes(head) ? head : null;
}
