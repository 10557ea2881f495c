import { z } from 'zod';
import { required, say, tooLong, type FieldName } from './messages';
import { id, money, pageNumber, perPage, stockLevel } from './numbers';

/** Flags are stored and answered as the spec has them: "on" when set, "" when not. */
export const flag = z.enum(['on', '']);
export type Flag = z.infer<typeof flag>;

/** Units a product is sold in. Online orders of `pcs` take whole numbers; `kg` and `litre` 0.01 steps. */
export const UNITS = ['pcs', 'kg', 'litre'] as const;
export const unitSchema = z.enum(UNITS, { error: say('catalog.unit') });
export type Unit = z.infer<typeof unitSchema>;
/** A unit read from the database (its CHECK holds it to UNITS; anything else reads as pieces). */
export const unitOf = (unit: string): Unit => UNITS.find((u) => u === unit) ?? 'pcs';

/** Multipart forms send "" for an empty field: that is a missing value, not zero. */
const blankIsMissing = (v: unknown) => (v === '' ? undefined : v);
/** An optional money field of a form: empty means no value (no offer price). */
const optionalFormTaka = (field: FieldName) =>
  z.preprocess(blankIsMissing, money('text', field).optional()).transform((v) => v ?? null);

const title = z
  .string({ error: required('title') })
  .trim()
  .min(1, required('title'))
  .max(200, tooLong('title', 200));

/**
 * A Bangla text beside an English one (title_bn, attri_bn, desc_bn): optional, trimmed. On add,
 * left out is none (''); on edit, left out keeps what is stored, and '' removes it.
 */
const banglaText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, say('text.atMost', { max }))
    // One Unicode form (NFC: য় as one letter or as য + ় is the same text), so searches compare alike.
    .transform((text) => text.normalize('NFC'));

// ---- categories --------------------------------------------------------------------------

export type CategoryNode = {
  id: number;
  title: string;
  title_bn: string;
  parent: number | null;
  parents: CategoryNode[];
};
export const categoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    title_bn: z.string(),
    parent: z.number().int().nullable(),
    parents: z.array(categoryNode),
  }),
);
export const category = z.object({
  id: z.number().int(),
  title: z.string(),
  title_bn: z.string(),
  parent: z.number().int().nullable(),
});
export const categoryBody = z.object({
  title,
  title_bn: banglaText(200).optional(),
  // The form's "no parent" is "" or null; otherwise a category id (a JSON number).
  parent: z
    .preprocess((v) => (v === '' ? null : v), id('json', 'parent').nullable().optional())
    .transform((v) => v ?? null),
});
/** Categories nest at most this deep: parents, children, grandchildren. */
export const MAX_CATEGORY_DEPTH = 3;

// ---- brands ------------------------------------------------------------------------------

export const brand = z.object({ id: z.number().int(), title: z.string(), title_bn: z.string() });
export const brandBody = z.object({ title, title_bn: banglaText(200).optional() });

// ---- products ----------------------------------------------------------------------------

/** What anyone may see of a product: never the buy price. */
export const publicProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  attri: z.string(),
  /** The Bangla title, attribute and description ('' when none: show the English one). */
  title_bn: z.string(),
  attri_bn: z.string(),
  desc_bn: z.string(),
  price: z.number().int(),
  offprice: z.number().int().nullable(),
  offer: flag,
  popular: flag,
  food: flag,
  stock_out: flag,
  /** The storefront's name for stock_out. */
  stock: flag,
  qty: z.number(),
  desc: z.string(),
  barcode: z.string(),
  brand: brand.nullable(),
  /** Card-size image URL (WebP), or null. */
  image: z.string().nullable(),
  /** Detail-size image URL (WebP), or null. */
  image_large: z.string().nullable(),
  group_id: z.number().int(),
  unit: unitSchema,
});

/**
 * `GET /api/product/view/{id}`: a product's own page (/product/{id}): the product, all its sizes
 * (a product saved with variations; the product alone otherwise), cheapest first, and its categories.
 */
export const productView = z.object({
  product: publicProduct,
  sizes: z.array(publicProduct),
  categories: z.array(z.object({ id: z.number().int(), title: z.string(), title_bn: z.string() })),
});
export type ProductView = z.infer<typeof productView>;

/** `GET /api/showcategory/{id}`: a category with the products of it and of its subcategories. */
export const categoryProducts = z.object({
  id: z.number().int(),
  title: z.string(),
  title_bn: z.string(),
  products: z.array(publicProduct),
});
export type CategoryProducts = z.infer<typeof categoryProducts>;

/** Some products by id (Buy again reads today's prices and stock of a past order's products). */
export const productIdsBody = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100),
});

/** The scale's 5-digit item code (PLU) of a product sold by weight, or empty. */
export const pluSchema = z
  .string()
  .trim()
  .regex(/^(\d{5})?$/, say('catalog.plu'));

export const adminProduct = publicProduct.extend({
  plu: z.string().nullable(),
  buyprice: z.number().int(),
  tags: z.string(),
  link_qty: z.union([z.literal(0), z.literal(1)]),
  category: z.array(z.object({ id: z.number().int(), title: z.string(), title_bn: z.string() })),
});

/** One row of the multi-variant edit page and of GET /api/product/edit-list/{id}. */
export const productListRow = z.object({
  id: z.number().int(),
  image: z.string().nullable(),
  title: z.string(),
  attri: z.string(),
  title_bn: z.string(),
  attri_bn: z.string(),
  offprice: z.number().int().nullable(),
  price: z.number().int(),
  qty: z.number(),
});

/** What the till, the stock page and the barcode page get from GET /api/product/find/{text}. */
export const foundProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  attri: z.string(),
  title_bn: z.string(),
  attri_bn: z.string(),
  price: z.number().int(),
  offprice: z.number().int().nullable(),
  qty: z.number(),
  barcode: z.string(),
  image: z.string().nullable(),
  stock_out: flag,
  unit: unitSchema,
});

const formFlag = z
  .union([
    z.literal('on'),
    z.literal(''),
    z.literal('1'),
    z.literal('0'),
    z.literal('true'),
    z.literal('false'),
    z.boolean(),
  ])
  .optional()
  .transform((v) => v === 'on' || v === '1' || v === 'true' || v === true);

/** One variation of the add form (multipart `variations[i][field]`). */
export const variationFields = z.object({
  title: z.string().trim().max(200).default(''),
  /** The variant's attribute in Bangla. */
  title_bn: banglaText(200).default(''),
  price: money('text', 'price'),
  offprice: optionalFormTaka('offerPrice'),
  buyprice: optionalFormTaka('buyPrice').transform((v) => v ?? 0),
  qty: z.preprocess(blankIsMissing, stockLevel('text').default(0)),
});

/** What a product's barcode may hold (the characters of Code 39), at most 64 of them. */
export const BARCODE_TEXT = /^[0-9A-Za-z\-. $/+%]*$/;
const BARCODE_TEXT_MESSAGE = say('catalog.barcodeText');

/**
 * The text fields of POST /api/product/add and /api/product/edit/{id} (multipart). The image is a
 * file part named `image`; categories come as `category[]`, variations as `variations[i][field]`.
 */
export const productFields = z.object({
  title,
  attri: z.string().trim().max(200).default(''),
  title_bn: banglaText(200).default(''),
  attri_bn: banglaText(200).default(''),
  desc_bn: z.string().max(20_000).default(''),
  price: money('text', 'price'),
  offprice: optionalFormTaka('offerPrice'),
  buyprice: optionalFormTaka('buyPrice').transform((v) => v ?? 0),
  qty: z.preprocess(blankIsMissing, stockLevel('text').default(0)),
  unit: z.preprocess(blankIsMissing, unitSchema.default('pcs')),
  plu: pluSchema.default('').transform((v) => v || null),
  desc: z.string().max(20_000).default(''),
  tags: z
    .string({ error: required('tags') })
    .trim()
    .min(1, required('tags'))
    .max(1000),
  offer: formFlag,
  popular: formFlag,
  stock_out: formFlag,
  food: formFlag,
  link_qty: formFlag,
  brand_id: z.preprocess(blankIsMissing, id('text', 'brand')),
  category: z.array(id('text', 'category')).max(50).default([]),
  barcode: z.string().trim().max(64).regex(BARCODE_TEXT, BARCODE_TEXT_MESSAGE).default(''),
  variations: z.array(variationFields).max(50).default([]),
});
export type ProductFields = z.infer<typeof productFields>;

/** `POST /api/product/edit/{id}`: the add form without variations and Bind Stock; no unit keeps the current one. */
export const productEditFields = productFields.omit({ variations: true, link_qty: true }).extend({
  // Left out keeps the stored Bangla texts (the spec's form has no such fields); '' removes one.
  title_bn: banglaText(200).optional(),
  attri_bn: banglaText(200).optional(),
  desc_bn: z.string().max(20_000).optional(),
  unit: z.preprocess(blankIsMissing, unitSchema.optional()),
  // Left out keeps the product's PLU; sent empty removes it.
  plu: pluSchema.optional().transform((v) => (v === undefined ? undefined : v || null)),
});
export type ProductEditFields = z.infer<typeof productEditFields>;

/** `POST /api/product/edit-quick/{id}` (JSON): no offer price is null. */
export const quickEditBody = z.object({
  price: money('json', 'price'),
  offprice: money('json', 'offerPrice')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  qty: stockLevel('json'),
  attri: z.string().trim().max(200).optional(),
  attri_bn: banglaText(200).optional(),
});

export const productListQuery = z.object({
  page: pageNumber(),
  per_page: perPage(),
  q: z.string().trim().max(100).optional(),
});

export const searchParams = z.object({
  text: z.string().trim().min(3, say('catalog.searchShort')).max(100),
});

// ---- stories and requests ----------------------------------------------------------------

export const story = z.object({ id: z.number().int(), image: z.string(), link: z.string() });
export const storyFields = z.object({ link: z.string().trim().max(500).default('') });

export const productRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  product_id: z.number().int().nullable(),
  product_title: z.string(),
  product_attri: z.string(),
  /** The product's Bangla title and attribute ('' for none). */
  product_title_bn: z.string(),
  product_attri_bn: z.string(),
  product_price: z.number().int(),
  created: z.string(),
});

export type PublicProduct = z.infer<typeof publicProduct>;
export type AdminProduct = z.infer<typeof adminProduct>;
export type Category = z.infer<typeof category>;
export type Brand = z.infer<typeof brand>;
export type Story = z.infer<typeof story>;
export type ProductRequest = z.infer<typeof productRequest>;
export type FoundProduct = z.infer<typeof foundProduct>;

/**
 * `GET /api/product/barcode/{code}`: any barcode a product may have (so letters too), or a scale
 * label; other text is refused before the database is asked.
 */
export const barcodeParams = z.object({
  code: z
    .string()
    .trim()
    .min(1, say('catalog.scanOrType'))
    .max(64, tooLong('barcode', 64))
    .regex(BARCODE_TEXT, BARCODE_TEXT_MESSAGE),
});

/** `GET /api/product/barcode/{code}`: the product of a barcode or a scale label, and how much of it. */
export const barcodeLookup = z.object({
  product: z.object({
    id: z.number().int(),
    title: z.string(),
    attri: z.string(),
    title_bn: z.string(),
    attri_bn: z.string(),
    price: z.number().int(),
    offprice: z.number().int().nullable(),
    barcode: z.string(),
    unit: unitSchema,
  }),
  /** 1 for a product's own barcode; the label's weight in kg, or its price over the unit price. */
  quantity: z.number(),
  /**
   * A price label's price in poisha: the line's amount exactly (ADR 0061); null for a product's
   * own barcode or a weight label. An older server's answer reads as null.
   */
  label_poisha: z.number().int().positive().nullable().default(null),
});
export type BarcodeLookup = z.infer<typeof barcodeLookup>;
