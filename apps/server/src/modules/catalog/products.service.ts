import { changed, recordAudit, type AuditActor } from '../audit/audit.repository';
import type { AdminProduct, ProductEditFields, ProductFields, ProductView } from '@bazar/contracts/catalog';
import { required, say, type Message } from '@bazar/contracts/messages';
import { isUniqueViolation, pgConstraint, type DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Invalid, MissingPermission, NotFound } from '../../lib/errors';
import { inStoreEan13 } from './barcode';
import { brandExists } from './brands.repository';
import { catalogChanged } from '../../lib/catalog-cache';
import { storeImage } from '../../lib/images';
import * as repo from './products.repository';
import { lockStock, openStock } from '../stock/stock.service';

type Values = repo.ProductValues;

const qtyText = (n: number) => n.toFixed(2);

async function checkReferences(ctx: Ctx, fields: { brand_id: number; category: number[] }): Promise<void> {
  if (!(await brandExists(ctx.db, fields.brand_id)))
    throw new Invalid('brand_id', say('catalog.brandMissing'));
  const wanted = [...new Set(fields.category)];
  const found = await repo.existingCategoryIds(ctx.db, wanted);
  if (found.length !== wanted.length) throw new Invalid('category', say('catalog.categoryMissing'));
}

/** A product's unique fields, by the constraint that keeps them unique. */
const UNIQUE_FIELDS: Record<string, { field: string; message: Message }> = {
  products_barcode_key: { field: 'barcode', message: say('catalog.barcodeTaken') },
  products_plu_key: { field: 'plu', message: say('catalog.pluTaken') },
};

/** A barcode or scale item code another product has is a 422 on that field (the unique index decides). */
async function withUniqueCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const taken = isUniqueViolation(err) ? UNIQUE_FIELDS[pgConstraint(err) ?? ''] : undefined;
    if (taken) throw new Invalid(taken.field, taken.message);
    throw err;
  }
}

/** A barcode for a product saved without one: in-store EAN-13 from a sequence, skipping any taken. */
async function freshBarcode(tx: DbOrTx): Promise<string> {
  for (;;) {
    const code = inStoreEan13(await repo.nextBarcodeNumber(tx));
    if (!(await repo.barcodeTaken(tx, code))) return code;
  }
}

/**
 * What the person saving a product may change: sell prices (`products.prices`) and the buy price
 * (`products.buy_prices`, which they cannot even see without it). The demo seed and imports have both.
 */
export type PriceRights = { prices: boolean; buyPrices: boolean; actor?: AuditActor };
const ALL_RIGHTS: PriceRights = { prices: true, buyPrices: true };

export async function adminView(ctx: Ctx, db: DbOrTx, rows: repo.ProductRow[]): Promise<AdminProduct[]> {
  const cats = await repo.categoriesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => repo.toAdmin(ctx.storage, r, cats.get(r.id) ?? []));
}

export async function getProduct(ctx: Ctx, id: number): Promise<AdminProduct> {
  const row = await repo.findProduct(ctx.db, id);
  if (!row) throw new NotFound(say('catalog.productNotFound'));
  const [view] = await adminView(ctx, ctx.db, [row]);
  if (!view) throw new NotFound(say('catalog.productNotFound'));
  return view;
}

/**
 * Creates a product, and one more per variation in the same group, in one transaction. With
 * "Bind Stock" (link_qty) the group shares one stock count: every row gets the main quantity.
 */
export async function addProduct(
  ctx: Ctx,
  fields: ProductFields,
  image: Buffer | undefined,
  by?: number,
  rights: PriceRights = ALL_RIGHTS,
): Promise<AdminProduct[]> {
  // A new product's sell prices are a price decision.
  if (!rights.prices) throw new MissingPermission('products.prices');
  if (!image) throw new Invalid('image', required('image'));
  await checkReferences(ctx, fields);
  const imageKey = await storeImage(ctx.storage, image);
  const created = await withUniqueCheck(() =>
    ctx.db.transaction(async (tx) => {
      const groupId = await repo.nextGroupId(tx);
      const shared: Omit<
        Values,
        'attri' | 'attriBn' | 'price' | 'offprice' | 'buyprice' | 'qty' | 'barcode'
      > = {
        groupId,
        title: fields.title,
        titleBn: fields.title_bn,
        desc: fields.desc,
        descBn: fields.desc_bn,
        tags: fields.tags,
        brandId: fields.brand_id,
        image: imageKey,
        offer: fields.offer,
        popular: fields.popular,
        food: fields.food,
        stockOut: fields.stock_out,
        linkQty: fields.link_qty && fields.variations.length > 0,
        unit: fields.unit,
      };
      const rows: Values[] = [
        {
          ...shared,
          // Only the main product: an item code is one product's (variations get their own on edit).
          plu: fields.plu,
          attri: fields.attri,
          attriBn: fields.attri_bn,
          price: fields.price,
          offprice: fields.offprice,
          buyprice: rights.buyPrices ? fields.buyprice : 0,
          qty: qtyText(fields.qty),
          barcode: fields.barcode || (await freshBarcode(tx)),
        },
      ];
      for (const v of fields.variations) {
        rows.push({
          ...shared,
          attri: v.title,
          attriBn: v.title_bn,
          price: v.price,
          offprice: v.offprice,
          buyprice: rights.buyPrices ? v.buyprice : 0,
          qty: qtyText(shared.linkQty ? fields.qty : v.qty),
          barcode: await freshBarcode(tx),
        });
      }
      const ids: number[] = [];
      for (const row of rows) {
        const id = await repo.insertProduct(tx, row);
        await openStock(tx, id, Number(row.qty), by);
        await repo.setCategories(tx, id, fields.category);
        ids.push(id);
        // Made by a person through the back office (an import or the demo data records its own way).
        if (rights.actor)
          await recordAudit(tx, rights.actor, {
            action: 'product_added',
            entity: 'product',
            entityId: id,
            changes: { title: row.title, attri: row.attri, price: row.price, qty: Number(row.qty) },
          });
      }
      await catalogChanged(tx);
      return adminView(ctx, tx, await repo.findProducts(tx, ids));
    }),
  );
  ctx.catalog.invalidate();
  return created;
}

/** Saves the edit form; a new image replaces the old one, and a product back in stock notifies requesters. */
export async function editProduct(
  ctx: Ctx,
  id: number,
  fields: ProductEditFields,
  image: Buffer | undefined,
  by?: number,
  rights: PriceRights = ALL_RIGHTS,
): Promise<AdminProduct> {
  const current = await repo.findProduct(ctx.db, id);
  if (!current) throw new NotFound(say('catalog.productNotFound'));
  checkPriceChange(rights, current, fields);
  await checkReferences(ctx, fields);
  const imageKey = image ? await storeImage(ctx.storage, image) : undefined;
  const view = await withUniqueCheck(() =>
    ctx.db.transaction(async (tx) => {
      // The product and, with Bind Stock, its whole group: their quantity moves together.
      const lock = await lockStock(ctx, tx, [id]);
      if (lock.missing([id]).length) throw new NotFound(say('catalog.productNotFound'));
      await repo.updateProduct(tx, id, {
        title: fields.title,
        attri: fields.attri,
        // Left out keeps the stored Bangla (the spec's form has no such fields); '' removes it.
        ...(fields.title_bn !== undefined && { titleBn: fields.title_bn }),
        ...(fields.attri_bn !== undefined && { attriBn: fields.attri_bn }),
        ...(fields.desc_bn !== undefined && { descBn: fields.desc_bn }),
        price: fields.price,
        offprice: fields.offprice,
        // Someone who cannot see the buy price sends none: the stored one stays.
        ...(rights.buyPrices && { buyprice: fields.buyprice }),
        desc: fields.desc,
        tags: fields.tags,
        brandId: fields.brand_id,
        offer: fields.offer,
        popular: fields.popular,
        food: fields.food,
        stockOut: fields.stock_out,
        ...(fields.unit && { unit: fields.unit }),
        ...(fields.barcode && { barcode: fields.barcode }),
        // Left out keeps the item code; sent empty (null) removes it.
        ...(fields.plu !== undefined && { plu: fields.plu }),
        ...(imageKey && { image: imageKey }),
      });
      await auditPrices(tx, rights, id, current, {
        price: fields.price,
        offprice: fields.offprice,
        ...(rights.buyPrices && { buyprice: fields.buyprice }),
      });
      // After the flags are saved: a product back in stock (by quantity or by flag) notifies requesters.
      await lock.setLevel(id, fields.qty, { userId: by });
      await repo.setCategories(tx, id, fields.category);
      await catalogChanged(tx);
      const row = await repo.findProduct(tx, id);
      if (!row) throw new NotFound(say('catalog.productNotFound'));
      return (await adminView(ctx, tx, [row]))[0];
    }),
  );
  ctx.catalog.invalidate();
  if (!view) throw new NotFound(say('catalog.productNotFound'));
  return view;
}

/** Price, offer price, quantity (and attribute from the list edit page) of one product. */
export async function quickEdit(
  ctx: Ctx,
  id: number,
  input: {
    price: number;
    offprice: number | null;
    qty: number;
    attri?: string | undefined;
    attri_bn?: string | undefined;
  },
  by?: number,
  rights: PriceRights = ALL_RIGHTS,
): Promise<AdminProduct> {
  const current = await repo.findProduct(ctx.db, id);
  if (!current) throw new NotFound(say('catalog.productNotFound'));
  checkPriceChange(rights, current, input);
  const view = await ctx.db.transaction(async (tx) => {
    const lock = await lockStock(ctx, tx, [id]);
    if (lock.missing([id]).length) throw new NotFound(say('catalog.productNotFound'));
    await repo.updateProduct(tx, id, {
      price: input.price,
      offprice: input.offprice,
      ...(input.attri !== undefined && { attri: input.attri }),
      ...(input.attri_bn !== undefined && { attriBn: input.attri_bn }),
    });
    await auditPrices(tx, rights, id, current, { price: input.price, offprice: input.offprice });
    await lock.setLevel(id, input.qty, { userId: by });
    await catalogChanged(tx);
    const row = await repo.findProduct(tx, id);
    return row ? (await adminView(ctx, tx, [row]))[0] : undefined;
  });
  ctx.catalog.invalidate();
  if (!view) throw new NotFound(say('catalog.productNotFound'));
  return view;
}

/** A product's own page: the product, its sizes cheapest first, its categories; NotFound when gone. */
export async function productView(ctx: Ctx, id: number): Promise<ProductView> {
  const product = await repo.findProduct(ctx.db, id);
  if (!product) throw new NotFound(say('catalog.productNotFound'));
  const group = await repo.findGroup(ctx.db, product.groupId);
  const sizes = group
    .map((p) => repo.toPublic(ctx.storage, p))
    .sort((a, b) => (a.offprice ?? a.price) - (b.offprice ?? b.price) || a.id - b.id);
  const categories = (await repo.categoriesOf(ctx.db, [id])).get(id) ?? [];
  return { product: repo.toPublic(ctx.storage, product), sizes, categories };
}

export async function editList(ctx: Ctx, id: number) {
  const product = await repo.findProduct(ctx.db, id);
  if (!product) throw new NotFound(say('catalog.productNotFound'));
  return (await repo.findGroup(ctx.db, product.groupId)).map((p) => ({
    id: p.id,
    image: repo.toPublic(ctx.storage, p).image,
    title: p.title,
    attri: p.attri,
    title_bn: p.titleBn,
    attri_bn: p.attriBn,
    offprice: p.offprice,
    price: p.price,
    qty: Number(p.qty),
  }));
}

/** Deletes a product; orders keep their own copy of its lines. */
export async function deleteProduct(ctx: Ctx, id: number, actor: AuditActor): Promise<void> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const before = await repo.findProduct(tx, id);
    const gone = await repo.deleteProduct(tx, id);
    if (gone) {
      await catalogChanged(tx);
      await recordAudit(tx, actor, {
        action: 'product_deleted',
        entity: 'product',
        entityId: id,
        changes: {
          title: before?.title ?? null,
          attri: before?.attri ?? null,
          qty: before ? Number(before.qty) : null,
        },
      });
    }
    return gone;
  });
  if (!deleted) throw new NotFound(say('catalog.productNotFound'));
  ctx.catalog.invalidate();
}

export function assertSearchable(text: string): void {
  if (text.trim().length <= 2) throw new Invalid('text', say('catalog.searchShort'));
}

/** A change of a sell price by someone without `products.prices` is refused (the same prices pass). */
function checkPriceChange(
  rights: PriceRights,
  current: { price: number; offprice: number | null },
  next: { price: number; offprice: number | null },
): void {
  if (rights.prices) return;
  if (next.price !== current.price || next.offprice !== current.offprice) {
    throw new MissingPermission('products.prices');
  }
}

/** A product's prices that changed, in the audit trail (with the title, so the row reads on its own). */
async function auditPrices(
  tx: DbOrTx,
  rights: PriceRights,
  id: number,
  before: { title: string; price: number; offprice: number | null; buyprice: number },
  after: { price: number; offprice: number | null; buyprice?: number },
): Promise<void> {
  if (!rights.actor) return;
  const changes = changed(before, after);
  if (!Object.keys(changes).length) return;
  await recordAudit(tx, rights.actor, {
    action: 'price_changed',
    entity: 'product',
    entityId: id,
    changes: { title: before.title, ...changes },
  });
}
