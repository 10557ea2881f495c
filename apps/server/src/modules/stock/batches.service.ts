import { unitOf } from '@bazar/contracts/catalog';
import type { Batch, Expiring, ProductBatches } from '@bazar/contracts/expiry';
import { say } from '@bazar/contracts/messages';
import { catalogChanged } from '../../lib/catalog-cache';
import type { Ctx } from '../../lib/context';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import { recordAudit, type AuditActor } from '../audit/audit.repository';
import { shopSettings } from '../settings/settings.service';
import * as repo from './batches.repository';
import { lockStock } from './stock.service';

/**
 * Expiry dates (issue 28, ADR 0064). The batches themselves follow the stock ledger in the database
 * (the stock_batches trigger of migration 0047), so every path that moves stock keeps them; here is
 * what the screens ask of them: a product tracking expiry or not, its batches, what expires soon,
 * and putting a product on offer before its batch expires.
 */

/** The shop's day, and the day `days` after it (calendar days, YYYY-MM-DD). */
export function shopToday(ctx: Ctx): string {
  return shopDay(ctx.clock.now(), ctx.config.shopTz);
}

export function dayAfter(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const asBatch = (r: repo.BatchRow): Batch => ({
  id: r.id,
  product_id: r.product_id,
  expiry: r.expiry,
  code: r.code,
  qty: Number(r.qty),
  value: Number(r.value),
  expired: Number(r.days_left) < 0,
  days_left: Number(r.days_left),
});

/**
 * The ids of the products that track expiry, kept with the catalogue (a change of tracking tells
 * every app server), so a till sale knows without a query whether its cart has any.
 */
export function trackingProducts(ctx: Ctx): Promise<ReadonlySet<number>> {
  return ctx.catalog.memo('tracking-expiry', async () => new Set(await repo.trackingIds(ctx.db)));
}

/**
 * `POST /api/product/{id}/expiry`: the product tracks expiry from now (what it holds has no date
 * until stock comes in with one), or stops (its batches are forgotten). A product in a Bind Stock
 * group shares its count with others and cannot.
 */
export async function setTracking(ctx: Ctx, actor: AuditActor, productId: number, track: boolean) {
  const out = await ctx.db.transaction(async (tx) => {
    const lock = await lockStock(ctx, tx, [productId]);
    const product = lock.byId.get(productId);
    if (!product) throw new NotFound(say('catalog.productNotFound'));
    if (track && product.linkQty) throw new Invalid('track', say('expiry.bound'));
    if (product.trackExpiry !== track) {
      await repo.setTracking(tx, productId, track);
      await recordAudit(tx, actor, {
        action: 'expiry_tracking',
        entity: 'product',
        entityId: productId,
        changes: { title: product.title, track_expiry: [product.trackExpiry, track] },
      });
      await catalogChanged(tx);
    }
    return { product_id: productId, track_expiry: track };
  });
  ctx.catalog.invalidate();
  return out;
}

/** `GET /api/product/{id}/batches`: the batches holding stock, and what has no date. */
export async function productBatches(ctx: Ctx, productId: number): Promise<ProductBatches> {
  const found = await repo.batchesOf(ctx.db, productId, shopToday(ctx));
  if (!found) throw new NotFound(say('catalog.productNotFound'));
  const qty = Number(found.product.qty);
  const batches = found.batches.map(asBatch);
  const dated = batches.reduce((sum, b) => sum + Math.round(b.qty * 100), 0);
  return {
    product_id: productId,
    track_expiry: found.product.trackExpiry,
    qty,
    undated: Math.max(0, Math.round(qty * 100) - dated) / 100,
    batches,
  };
}

/**
 * `GET /api/stock/expiring`: batches that expire within `days` (the shop's setting when left
 * out): today and the days after it, `days` in all, and every expired batch still held. Expired
 * first, then by date.
 */
export async function expiringSoon(ctx: Ctx, days?: number): Promise<Expiring> {
  const within = days ?? (await shopSettings(ctx)).expiryDays;
  const today = shopToday(ctx);
  const rows = await repo.expiringBatches(ctx.db, today, dayAfter(today, within - 1));
  const batches = rows.map((r) => ({
    ...asBatch(r),
    title: r.title,
    attri: r.attri,
    title_bn: r.title_bn,
    attri_bn: r.attri_bn,
    unit: unitOf(r.unit),
    price: r.price,
    offprice: r.offprice,
  }));
  return {
    days: within,
    today,
    value: batches.reduce((sum, b) => sum + (b.value ?? 0), 0),
    expired_value: batches.filter((b) => b.expired).reduce((sum, b) => sum + (b.value ?? 0), 0),
    batches,
  };
}

/**
 * `POST /api/stock/batches/{id}/offer`: the batch's product on offer at `percent` off its price
 * (rounded down to the taka), unless it is already offered for less.
 */
export async function putOnOffer(ctx: Ctx, actor: AuditActor, batchId: number, percent: number) {
  const out = await ctx.db.transaction(async (tx) => {
    const found = await repo.findBatch(tx, batchId);
    if (!found) throw new NotFound(say('expiry.batchNotFound'));
    const lock = await lockStock(ctx, tx, [found.productId]);
    const product = lock.byId.get(found.productId);
    if (!product) throw new NotFound(say('catalog.productNotFound'));
    // Read again under the product's lock: a batch sold or written off meanwhile is no reason for an offer.
    const batch = await repo.findBatch(tx, batchId);
    if (!batch || batch.qty <= 0 || !product.trackExpiry) throw new Conflict(say('expiry.batchEmpty'));
    const offered = Math.floor((product.price * (100 - percent)) / 100);
    const offprice = product.offprice !== null && product.offprice < offered ? product.offprice : offered;
    await repo.setOffer(tx, product.id, offprice);
    await catalogChanged(tx);
    await recordAudit(tx, actor, {
      action: 'expiry_offer',
      entity: 'product',
      entityId: product.id,
      changes: {
        title: product.title,
        offprice: [product.offprice, offprice],
        percent,
        expiry: batch.expiry,
        ...(batch.code && { code: batch.code }),
      },
    });
    return { product_id: product.id, price: product.price, offprice };
  });
  ctx.catalog.invalidate();
  return out;
}
