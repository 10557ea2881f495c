import { PRODUCT_IMPORT_COLUMNS, type CategoryChoices } from '@bazar/contracts/imports';
import { hundredths } from '@bazar/contracts/money';
import { say } from '@bazar/contracts/messages';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { catalogChanged } from '../../lib/catalog-cache';
import type { Ctx } from '../../lib/context';
import { Conflict } from '../../lib/errors';
import { matchColumns, ReportBuilder, RowCells, type Columns, type SaidReport } from '../../lib/import-rows';
import { ImportRefused, type ImportUpload } from '../../lib/import-upload';
import { readTable } from '../../lib/table-file';
import { PictureZip } from '../../lib/zip-pictures';
import { lockStock, openStocks, type StockLock } from '../stock/stock.service';
import { inStoreEan13 } from './barcode';
import { insertCategory, listCategories, type CategoryRow } from './categories.repository';
import { CategoryPlan, NewCategory, type CategoryRef } from './products-import.categories';
import { readPictures } from './products-import.pictures';
import * as repo from './products-import.repository';
import { fillForCreate, readProductRow, type ProductRow } from './products-import.rows';

type Col = (typeof PRODUCT_IMPORT_COLUMNS)[number];

/** A brand a row names: one the shop has, or one the import makes (by its title in lower case). */
type BrandRef = { id: number } | { key: string };
type Planned = Omit<repo.ImportedValues, 'brandId'> & { brand: BrandRef | null };
type Create = { row: number; values: Planned; barcode: string; qty: number; categories: CategoryRef[] };
type Update = {
  row: number;
  id: number;
  values: Planned;
  fieldsChanged: boolean;
  /** The categories it gets, when the file sets them and they differ. */
  categories?: CategoryRef[] | undefined;
  /** Its new quantity, when the file sets one that differs. */
  qty?: number | undefined;
};

/** What the shop has, as a plan reads it. */
type Stored = {
  idByBarcode: Map<string, number>;
  products: Map<number, repo.StoredProduct>;
  brands: Map<string, number>;
  categories: CategoryRow[];
  pluOwner: Map<string, number>;
};

/** A file read and judged against the shop: what each row does, and the errors. */
class Plan {
  readonly creates: Create[] = [];
  readonly updates: Update[] = [];
  readonly newBrands = new Map<string, string>();
  readonly categories: CategoryPlan;

  constructor(
    readonly report: ReportBuilder,
    readonly rows: ProductRow[],
    stored: Stored,
    choices: CategoryChoices | undefined,
  ) {
    this.categories = new CategoryPlan(stored.categories, choices);
  }

  build(dryRun: boolean, applied: boolean): SaidReport {
    return {
      ...this.report.build({ dryRun, applied, rows: this.rows.length }),
      new_brands: [...this.newBrands.values()],
      new_categories: this.categories.created.map((c) => c.path),
      unknown_categories: this.categories.unknownCategories(),
    };
  }
}

const FLAG_FIELDS = [
  ['offer', 'offer'],
  ['popular', 'popular'],
  ['stock_out', 'stockOut'],
  ['food', 'food'],
] as const;

/**
 * Imports products from a CSV or XLSX file (and a ZIP of pictures): every row is checked by the
 * Add Product form's rules, matched by barcode (a match is updated, anything else created). A dry
 * run only judges. Otherwise the whole file goes in one transaction: the missing brands and the
 * category paths the owner ticked are made (issue 29: an unknown path neither ticked nor mapped to
 * a category the shop has refuses its row), quantities move through the stock core with ledger reason `import`, and
 * the catalogue cache is dropped once at the end. A file with errors changes nothing unless
 * `skip_errors` (its rows with errors are then left out); a wrong header row never goes in.
 */
export async function importProducts(ctx: Ctx, upload: ImportUpload, by: number): Promise<SaidReport> {
  const dryRun = upload.options.dry_run;
  const table = await readTable(upload.file);
  const columns = matchColumns(table, PRODUCT_IMPORT_COLUMNS);
  const report = new ReportBuilder(columns.errors);
  const rows = table.rows.map((row) => {
    const cells = new RowCells(row, columns);
    for (const column of cells.extraCells(table.header.length))
      report.error({
        row: row.row,
        field: `column ${column}`,
        message: say('import.extraCells'),
      });
    return readProductRow(cells, report);
  });
  const zip = upload.images ? PictureZip.open(upload.images) : undefined;
  const pictures = await readPictures(ctx, rows, zip, report, columns, !dryRun);

  if (dryRun) {
    const plan = await inSnapshotOf(ctx, (db) =>
      planImport(db, rows, report, columns, pictures, { dryRun, choices: upload.categories }),
    );
    return plan.build(true, false);
  }
  try {
    const plan = await ctx.db.transaction(async (tx) => {
      // The products the file updates are locked first (and their Bind Stock groups), then read.
      const ids = await repo.idsByBarcode(tx, barcodesOf(rows));
      const lock = await lockStock(ctx, tx, [...ids.values()]);
      const planned = await planImport(tx, rows, report, columns, pictures, {
        dryRun,
        choices: upload.categories,
      });
      if (report.headerBroken || (report.errors.length > 0 && !upload.options.skip_errors))
        throw new ImportRefused(planned.build(false, false));
      if (planned.creates.length === 0 && planned.updates.length === 0) return planned;
      await write(tx, planned, lock, by);
      await catalogChanged(tx);
      return planned;
    });
    if (plan.creates.length > 0 || plan.updates.length > 0) ctx.catalog.invalidate();
    return plan.build(false, true);
  } catch (err) {
    // Another writer took a barcode, a scale item code or a brand's title meanwhile.
    if (isUniqueViolation(err)) throw new Conflict(say('import.catalogueChanged'));
    throw err;
  }
}

const inSnapshotOf = <T>(ctx: Ctx, read: (db: DbOrTx) => Promise<T>) =>
  ctx.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });

const barcodesOf = (rows: ProductRow[]) => [...new Set(rows.map((r) => r.barcode).filter((b) => b !== ''))];

/**
 * A category path of a dry run that the owner has not decided yet: the row is judged as if it got
 * a new category (a product it updates changes), and nothing is made of it.
 */
const UNDECIDED = new NewCategory('undecided', '', null, '');

/**
 * Reads what the rows refer to and judges every row; nothing is written. A category path the shop
 * does not have and the owner neither ticked nor mapped refuses its row, except in a dry run (the
 * owner decides after it): there it is only listed, beside its row and in `unknown_categories`.
 */
async function planImport(
  db: DbOrTx,
  rows: ProductRow[],
  report: ReportBuilder,
  columns: Columns<Col>,
  pictures: Map<number, string>,
  opts: { dryRun: boolean; choices: CategoryChoices | undefined },
): Promise<Plan> {
  const idByBarcode = await repo.idsByBarcode(db, barcodesOf(rows));
  const plus = [...new Set(rows.flatMap((r) => (r.values.plu ? [r.values.plu] : [])))];
  const [products, brands, categories, pluOwner] = await Promise.all([
    repo.productsById(db, [...idByBarcode.values()]),
    repo.brandIdsByTitle(db),
    listCategories(db),
    repo.pluOwners(db, plus),
  ]);
  const plan = new Plan(report, rows, { idByBarcode, products, brands, categories, pluOwner }, opts.choices);
  const has = (column: Col) => columns.index.has(column);
  const name = (column: Col) => columns.names.get(column) ?? column;
  const firstWith = { barcode: new Map<string, number>(), plu: new Map<string, number>() };

  for (const r of rows) {
    const id = r.barcode ? idByBarcode.get(r.barcode) : undefined;
    const stored = id === undefined ? undefined : products.get(id);
    if (r.barcode) {
      const first = firstWith.barcode.get(r.barcode);
      if (first === undefined) firstWith.barcode.set(r.barcode, r.row);
      else
        report.error({
          row: r.row,
          field: name('barcode'),
          message: say('import.barcodeTwice', { row: first }),
        });
    }
    if (!stored) fillForCreate(r, has, report);
    const plu = r.values.plu;
    if (plu) {
      const first = firstWith.plu.get(plu);
      const owner = pluOwner.get(plu);
      if (first === undefined) firstWith.plu.set(plu, r.row);
      if (first !== undefined)
        report.error({
          row: r.row,
          field: name('scale_item_code'),
          message: say('import.pluTwice', { row: first }),
        });
      else if (owner !== undefined && owner !== id)
        report.error({
          row: r.row,
          field: name('scale_item_code'),
          message: say('catalog.pluTaken'),
        });
    }
    const outcomes = r.categories?.map((path) => plan.categories.classify(path, r.row)) ?? [];
    const unknown = [
      ...new Set(outcomes.flatMap((o) => (o.kind === 'known' ? [] : [plan.categories.shown(o.key)]))),
    ];
    for (const o of outcomes) {
      if (o.kind === 'mapGone')
        report.error({
          row: r.row,
          field: name('category'),
          message: say('import.mappedCategoryGone', { path: o.path }),
        });
      else if (o.kind === 'undecided' && !opts.dryRun)
        report.error({
          row: r.row,
          field: name('category'),
          message: say('import.unknownCategory', { path: o.path }),
        });
    }
    if (report.hasErrors(r.row)) {
      report.result(r.row, 'error', r.label || stored?.title || r.barcode, unknown);
      continue;
    }
    const brand = r.brand === undefined ? undefined : brandRef(plan, brands, r.brand);
    const cats = r.categories?.map((path, i): CategoryRef => {
      const o = outcomes[i];
      if (o?.kind === 'known') return o.id;
      return o?.kind === 'create' ? plan.categories.resolve(path) : UNDECIDED;
    });
    const image = pictures.get(r.row);
    if (!stored) {
      const values = merged(undefined, r, brand ?? null, image);
      plan.creates.push({
        row: r.row,
        values,
        barcode: r.barcode,
        qty: r.values.qty ?? 0,
        categories: cats ?? [],
      });
      report.result(r.row, 'create', r.label || r.barcode, unknown);
      continue;
    }
    const values = merged(stored, r, brand ?? storedBrand(stored), image);
    const fieldsChanged = differs(stored, values);
    const categoriesChanged = cats !== undefined && !sameCategories(stored.categoryIds, cats);
    const qty = r.values.qty;
    const qtyChanged = qty !== undefined && hundredths(qty) !== hundredths(stored.qty);
    const changed = fieldsChanged || categoriesChanged || qtyChanged;
    if (changed)
      plan.updates.push({
        row: r.row,
        id: stored.id,
        values,
        fieldsChanged,
        categories: categoriesChanged ? cats : undefined,
        qty: qtyChanged ? qty : undefined,
      });
    report.result(r.row, changed ? 'update' : 'unchanged', r.label || stored.title, unknown);
  }
  return plan;
}

function brandRef(plan: Plan, brands: Map<string, number>, title: string): BrandRef {
  const key = title.toLowerCase();
  const id = brands.get(key);
  if (id !== undefined) return { id };
  if (!plan.newBrands.has(key)) plan.newBrands.set(key, title);
  return { key };
}

const storedBrand = (p: repo.StoredProduct): BrandRef | null =>
  p.brandId === null ? null : { id: p.brandId };

/** A product's values after the row: what the row sets over what is stored (a new product: over the form's defaults). */
function merged(
  stored: repo.StoredProduct | undefined,
  r: ProductRow,
  brand: BrandRef | null,
  image: string | undefined,
): Planned {
  const v = r.values;
  const flags = Object.fromEntries(
    FLAG_FIELDS.map(([flag, field]) => [field, r.flags ? r.flags[flag] : (stored?.[field] ?? false)]),
  ) as Record<(typeof FLAG_FIELDS)[number][1], boolean>;
  return {
    title: v.title ?? stored?.title ?? '',
    titleBn: v.title_bn ?? stored?.titleBn ?? '',
    attri: v.attri ?? stored?.attri ?? '',
    attriBn: v.attri_bn ?? stored?.attriBn ?? '',
    price: v.price ?? stored?.price ?? 0,
    offprice: v.offprice !== undefined ? v.offprice : (stored?.offprice ?? null),
    buyprice: v.buyprice ?? stored?.buyprice ?? 0,
    desc: v.desc ?? stored?.desc ?? '',
    descBn: v.desc_bn ?? stored?.descBn ?? '',
    tags: v.tags ?? stored?.tags ?? '',
    brand,
    image: image ?? stored?.image ?? null,
    ...flags,
    unit: v.unit ?? stored?.unit ?? 'pcs',
    plu: v.plu !== undefined ? v.plu : (stored?.plu ?? null),
  };
}

const COMPARED = [
  'title',
  'titleBn',
  'attri',
  'attriBn',
  'price',
  'offprice',
  'buyprice',
  'desc',
  'descBn',
  'tags',
  'image',
  'offer',
  'popular',
  'stockOut',
  'food',
  'unit',
  'plu',
] as const;

function differs(stored: repo.StoredProduct, values: Planned): boolean {
  if (COMPARED.some((field) => stored[field] !== values[field])) return true;
  return !values.brand || !('id' in values.brand) || values.brand.id !== stored.brandId;
}

function sameCategories(stored: number[], wanted: CategoryRef[]): boolean {
  if (wanted.some((c) => typeof c !== 'number')) return false;
  const ids = [...new Set(wanted as number[])].sort((a, b) => a - b);
  return ids.length === stored.length && ids.every((id, i) => id === stored[i]);
}

/** Writes a plan: new brands and categories, new products with their opening stock, then the updates. */
async function write(tx: DbOrTx, plan: Plan, lock: StockLock, by: number): Promise<void> {
  const brandIds = await repo.insertBrands(tx, [...plan.newBrands.values()]);
  const brandId = (ref: BrandRef | null) =>
    ref === null ? null : 'id' in ref ? ref.id : brandIds.get(ref.key);
  for (const node of plan.categories.created)
    node.id = (await insertCategory(tx, { title: node.title }, plan.categories.idOf(node.parent))).id;
  const categoryIds = (refs: CategoryRef[]) => refs.map((ref) => plan.categories.idOf(ref));
  const values = ({ brand, ...rest }: Planned): repo.ImportedValues => ({
    ...rest,
    brandId: brandId(brand) ?? null,
  });

  // New products: generated barcodes for those without one, then one insert, their categories and stock.
  const fresh = await freshBarcodes(
    tx,
    plan.creates.filter((c) => c.barcode === '').length,
    new Set(plan.rows.map((r) => r.barcode)),
  );
  const creates = plan.creates.map((c) => ({ ...c, barcode: c.barcode || (fresh.pop() as string) }));
  const ids = await repo.insertProducts(
    tx,
    creates.map((c) => ({ ...values(c.values), barcode: c.barcode, qty: c.qty })),
  );
  const created = creates.map((c) => ({ ...c, id: ids.get(c.barcode) as number }));
  await repo.replaceCategories(
    tx,
    created.map((c) => ({ productId: c.id, categoryIds: categoryIds(c.categories) })),
    [],
  );
  await openStocks(
    tx,
    created.map((c) => ({ productId: c.id, qty: c.qty })),
    'import',
    by,
  );

  // Updates: their own columns, their categories, then their quantities through the stock core
  // (which also sends the back-in-stock SMS of a product the import made available again).
  await repo.updateProducts(
    tx,
    plan.updates.filter((u) => u.fieldsChanged).map((u) => ({ ...values(u.values), id: u.id })),
  );
  const recategorised = plan.updates.filter((u) => u.categories !== undefined);
  await repo.replaceCategories(
    tx,
    recategorised.map((u) => ({ productId: u.id, categoryIds: categoryIds(u.categories ?? []) })),
    recategorised.map((u) => u.id),
  );
  if (plan.updates.length > 0)
    await lock.setLevels(
      plan.updates.flatMap((u) => (u.qty === undefined ? [] : [{ productId: u.id, qty: u.qty }])),
      'import',
      { userId: by },
    );
}

/** `n` in-store barcodes no product has and no row of the file names. */
async function freshBarcodes(tx: DbOrTx, n: number, inFile: Set<string>): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < n) {
    const candidates = (await repo.nextBarcodeNumbers(tx, n - codes.length)).map(inStoreEan13);
    const taken = await repo.takenBarcodes(tx, candidates);
    codes.push(...candidates.filter((c) => !taken.has(c) && !inFile.has(c)));
  }
  return codes;
}
