import { hundredths } from '@bazar/contracts/money';
import { say } from '@bazar/contracts/messages';
import type {
  AdjustReason,
  Shrinkage,
  StockAdjust,
  Stocktake,
  StocktakeDetail,
  StocktakeLine,
} from '@bazar/contracts/stocktakes';
import { unitOf } from '@bazar/contracts/catalog';
import type { Ctx } from '../../lib/context';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import type { AuditActor } from '../audit/audit.repository';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../auth/auth.repository';
import { can } from '../auth/can';
import { lockStock } from './stock.service';
import { findBatch } from './batches.repository';
import { shrinkageRows } from './shrinkage.repository';
import * as repo from './stocktakes.repository';

/**
 * Counting the shelf and writing stock off (issue 28), both through the stock core: nothing here
 * changes a quantity but `lockStock(...).move`, each change with its ledger row.
 *
 * A count remembers the books at its start (each line's `expected`, read in the one statement that
 * starts it). Approving a line moves the product by counted − expected: what was sold, bought or
 * returned while the shelf was counted stays in, neither counted twice nor lost.
 */

const asStocktake = async (
  ctx: Ctx,
  row: repo.StocktakeRow,
  figures: { lines: number; counted: number; approved: number },
  by?: string | null,
): Promise<Stocktake> => ({
  id: row.id,
  status: row.status as Stocktake['status'],
  scope: row.scope as repo.Scope,
  ...(await scopeNames(ctx, row.scope as repo.Scope)),
  created: row.createdAt.toISOString(),
  by: by === undefined ? await repo.nameOf(ctx.db, row.byUserId) : by,
  closed: row.closedAt?.toISOString() ?? null,
  ...figures,
});

/** The names of what a count covers, English and Bangla. */
async function scopeNames(ctx: Ctx, scope: repo.Scope) {
  const names = await repo.scopeTitle(ctx.db, scope);
  return { scope_title: names?.en ?? '', scope_title_bn: names?.bn ?? '' };
}

/** Every count, newest first (or of one status). */
export async function stocktakes(ctx: Ctx, status?: string): Promise<Stocktake[]> {
  const rows = await repo.listStocktakes(ctx.db, status);
  return Promise.all(
    rows.map((r) =>
      asStocktake(ctx, r.s, { lines: r.lines, counted: r.counted, approved: r.approved }, r.by),
    ),
  );
}

/** `POST /api/stocktakes`: a new open count of what the scope covers (422 for an unknown category or brand). */
export async function startCount(ctx: Ctx, actor: AuditActor, user: SessionUser, scope: repo.Scope) {
  if ((await repo.scopeTitle(ctx.db, scope)) === undefined) {
    throw new Invalid(
      scope.category_id !== undefined ? 'category_id' : 'brand_id',
      say('stocktakes.scopeUnknown'),
    );
  }
  const id = await ctx.db.transaction(async (tx) => {
    const made = await repo.startStocktake(tx, scope, user.id);
    await recordAudit(tx, actor, {
      action: 'stocktake_started',
      entity: 'stocktake',
      entityId: made,
      changes: scope,
    });
    return made;
  });
  const [listed] = (await repo.listStocktakes(ctx.db)).filter((r) => r.s.id === id);
  if (!listed) throw new NotFound(say('stocktakes.notFound'));
  return asStocktake(ctx, listed.s, listed, listed.by);
}

/**
 * `GET /api/stocktakes/{id}`: the count and its lines. For one who may approve: each line's
 * expected quantity, difference and its value at buy price, largest loss or gain first; for a
 * counter, by name (the order must not give the differences away: counting is blind).
 */
export async function stocktakeDetail(ctx: Ctx, user: SessionUser, id: number): Promise<StocktakeDetail> {
  const row = await repo.findStocktake(ctx.db, id);
  if (!row) throw new NotFound(say('stocktakes.notFound'));
  const lines = await repo.linesOf(ctx.db, id, user.id);
  const items: StocktakeLine[] = lines.map((l) => {
    const difference = l.counted === null ? null : (hundredths(l.counted) - hundredths(l.expected)) / 100;
    return {
      product_id: l.productId,
      title: l.title,
      title_bn: l.titleBn,
      attri: l.attri,
      attri_bn: l.attriBn,
      barcode: l.barcode,
      unit: unitOf(l.unit),
      counted: l.counted,
      mine: l.mine,
      approved: l.approvedAt !== null,
      expected: l.expected,
      difference,
      value: difference === null ? null : Math.round(difference * l.buyprice),
    };
  });
  if (can(user, 'stock.approve')) {
    items.sort((a, b) => Math.abs(b.value ?? 0) - Math.abs(a.value ?? 0));
  }
  const figures = {
    lines: items.length,
    counted: items.filter((l) => l.counted !== null).length,
    approved: items.filter((l) => l.approved).length,
  };
  return { ...(await asStocktake(ctx, row, figures)), items };
}

/**
 * `POST /api/stocktakes/{id}/counts`: adds to the caller's tally of a product. A count sent again
 * with its `client_id` counts once (the answer is the tallies as they stand).
 */
export async function addCount(
  ctx: Ctx,
  user: SessionUser,
  id: number,
  body: { product_id: number; qty: number; client_id?: string | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findStocktake(tx, id, true);
    if (!row) throw new NotFound(say('stocktakes.notFound'));
    // A member of a Bind Stock group counts on its group's line.
    const line = await repo.lineOf(tx, id, body.product_id);
    const productId = line?.product_id ?? body.product_id;
    const resent = body.client_id ? await repo.countOfClient(tx, body.client_id) : undefined;
    if (resent) {
      if (resent.stocktakeId !== id || resent.productId !== productId) {
        throw new Conflict(say('stocktakes.clientIdUsed'));
      }
    } else {
      if (row.status !== 'open') throw new Conflict(say('stocktakes.closed'));
      if (!line) throw new Invalid('product_id', say('stocktakes.notInCount'));
      if (line.unit === 'pcs' && !Number.isInteger(body.qty))
        throw new Invalid('qty', say('stocktakes.wholePieces'));
      if (body.qty < 0) {
        const { mine } = await repo.tallies(tx, id, productId, user.id);
        if (hundredths(mine) + hundredths(body.qty) < 0)
          throw new Invalid('qty', say('stocktakes.belowZero', { mine }));
      }
      await repo.addCount(tx, {
        stocktakeId: id,
        productId,
        qty: body.qty,
        userId: user.id,
        clientId: body.client_id,
      });
    }
    return { product_id: productId, ...(await repo.tallies(tx, id, productId, user.id)) };
  });
}

/**
 * `POST /api/stocktakes/{id}/approve`: the named lines (a line nobody counted, named, is counted
 * as none on the shelf), or every counted line not approved yet, which closes the count (lines
 * nobody counted then keep their books). Each line whose count differs moves the product by
 * counted − expected through the stock core (reason `count`, the count's id): one ledger row per
 * changed product, none for the others. When every line is approved the count closes.
 */
export async function approve(
  ctx: Ctx,
  actor: AuditActor,
  user: SessionUser,
  id: number,
  productIds?: number[],
): Promise<StocktakeDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findStocktake(tx, id, true);
    if (!row) throw new NotFound(say('stocktakes.notFound'));
    if (row.status !== 'open') throw new Conflict(say('stocktakes.closed'));
    const lines = (await repo.linesToApprove(tx, id, productIds))
      .filter((l) => productIds !== undefined || l.counted !== null)
      .map((l) => {
        const counted = l.counted ?? 0;
        return {
          productId: l.productId,
          counted,
          delta: (hundredths(counted) - hundredths(l.expected)) / 100,
        };
      });
    const moving = lines.filter((l) => l.delta !== 0);
    const lock = await lockStock(
      ctx,
      tx,
      moving.map((l) => l.productId),
    );
    const refs = { stocktakeId: id, userId: user.id };
    const gained = moving
      .filter((l) => l.delta > 0)
      .map((l) => ({ productId: l.productId, quantity: l.delta }));
    const lost = moving
      .filter((l) => l.delta < 0)
      .map((l) => ({ productId: l.productId, quantity: -l.delta }));
    if (gained.length) await lock.move(gained, 'in', 'count', refs);
    if (lost.length) await lock.move(lost, 'out', 'count', refs);
    await repo.markApproved(tx, id, lines);
    const closes = productIds === undefined || (await repo.openLines(tx, id)) === 0;
    if (closes) await repo.closeStocktake(tx, id, 'approved', user.id);
    await recordAudit(tx, actor, {
      action: 'stocktake_approved',
      entity: 'stocktake',
      entityId: id,
      changes: {
        lines: lines.length,
        moved: moving.map((l) => ({ product_id: l.productId, delta: l.delta })),
        closed: closes,
      },
    });
  });
  return stocktakeDetail(ctx, user, id);
}

/** `POST /api/stocktakes/{id}/cancel`: closes an open count; its counts change nothing. */
export async function cancel(ctx: Ctx, actor: AuditActor, user: SessionUser, id: number): Promise<Stocktake> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findStocktake(tx, id, true);
    if (!row) throw new NotFound(say('stocktakes.notFound'));
    if (row.status !== 'open') throw new Conflict(say('stocktakes.closed'));
    await repo.closeStocktake(tx, id, 'cancelled', user.id);
    await recordAudit(tx, actor, {
      action: 'stocktake_cancelled',
      entity: 'stocktake',
      entityId: id,
      changes: {},
    });
  });
  const [listed] = (await repo.listStocktakes(ctx.db)).filter((r) => r.s.id === id);
  if (!listed) throw new NotFound(say('stocktakes.notFound'));
  return asStocktake(ctx, listed.s, listed, listed.by);
}

/**
 * `POST /api/stock/adjust`: stock written off (or found) with a reason, through the stock core
 * (reason `adjust:<reason>`, the note kept on the ledger row with the buy price it was worth).
 * More than is on hand cannot be written off.
 */
export async function adjust(ctx: Ctx, actor: AuditActor, user: SessionUser, body: StockAdjust) {
  return ctx.db.transaction(async (tx) => {
    const lock = await lockStock(ctx, tx, [body.product_id]);
    const product = lock.byId.get(body.product_id);
    if (!product) throw new NotFound(say('catalog.productNotFound'));
    // A product sold by the piece moves in whole pieces.
    if (product.unit === 'pcs' && !Number.isInteger(body.qty))
      throw new Invalid('qty', say('stocktakes.wholePieces'));
    if (body.qty < 0 && hundredths(-body.qty) > hundredths(Math.max(0, product.qty))) {
      throw new Invalid('qty', say('stocktakes.notOnHand', { qty: Math.max(0, product.qty) }));
    }
    // A batch named (Expiring soon's write-off): it is this product's, and holds what goes out.
    const batch = body.batch_id === undefined ? undefined : await findBatch(tx, body.batch_id);
    if (body.batch_id !== undefined) {
      if (!batch) throw new NotFound(say('expiry.batchNotFound'));
      if (batch.productId !== product.id || !product.trackExpiry)
        throw new Invalid('batch_id', say('expiry.notThisProduct'));
      if (body.qty < 0 && hundredths(-body.qty) > hundredths(batch.qty))
        throw new Invalid('qty', say('expiry.batchHolds', { qty: batch.qty }));
    }
    const reason = `adjust:${body.reason as AdjustReason}` as const;
    await lock.move(
      [{ productId: body.product_id, quantity: Math.abs(body.qty) }],
      body.qty > 0 ? 'in' : 'out',
      reason,
      { userId: user.id, note: body.note, ...(batch && { batchId: batch.id }) },
    );
    const after = lock.all.find((p) => p.id === body.product_id)?.qty ?? product.qty;
    await recordAudit(tx, actor, {
      action: 'stock_adjusted',
      entity: 'product',
      entityId: body.product_id,
      changes: {
        qty: [product.qty, after],
        reason: body.reason,
        ...(body.note && { note: body.note }),
        ...(batch && { expiry: batch.expiry, ...(batch.code && { code: batch.code }) }),
      },
    });
    return { product_id: body.product_id, qty: after, delta: body.qty };
  });
}

/**
 * `GET /api/reports/shrinkage`: what counts and write-offs cost the shop (at the buy price each was
 * worth; negative: found), by reason, by month beside the month's sales, and the products that cost
 * most.
 */
export async function shrinkageReport(ctx: Ctx, from?: string, to?: string): Promise<Shrinkage> {
  const rows = await shrinkageRows(ctx.db, ctx.config.shopTz, from || undefined, to || undefined);
  const taka = (v: string | number) => Math.round(Number(v));
  const sales = new Map(rows.sales.map((r) => [r.month, taka(r.sales)]));
  const lost = new Map(rows.months.map((r) => [r.month, taka(r.value)]));
  const months = [...new Set([...sales.keys(), ...lost.keys()])].sort();
  return {
    reasons: rows.reasons.map((r) => ({
      reason: r.reason as Shrinkage['reasons'][number]['reason'],
      qty: Number(r.qty),
      value: taka(r.value),
    })),
    months: months.map((month) => ({ month, value: lost.get(month) ?? 0, sales: sales.get(month) ?? 0 })),
    products: rows.products.map((r) => ({
      product_id: r.product_id,
      title: r.title ?? '',
      title_bn: r.title_bn ?? '',
      attri: r.attri ?? '',
      attri_bn: r.attri_bn ?? '',
      qty: Number(r.qty),
      value: taka(r.value),
    })),
    total: {
      value: [...lost.values()].reduce((n, v) => n + v, 0),
      sales: [...sales.values()].reduce((n, v) => n + v, 0),
    },
  };
}
