import { recordAudit, type AuditActor } from '../audit/audit.repository';
import { linesTotal, lineTotal } from '@bazar/contracts/money';
import type { purchaseBody, supplierBody, supplierPayBody } from '@bazar/contracts/purchases';
import type { Purchase, Supplier } from '@bazar/contracts/purchases';
import type { z } from 'zod';
import { say } from '@bazar/contracts/messages';
import { inSnapshot } from '../../db/client';
import type { DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AmountLarge, Conflict, Invalid, NotFound } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import { lockStock, setBuyPrice, ShortStock } from '../stock/stock.service';
import * as repo from './purchases.repository';
import * as money from '../money/money.repository';
import { openShiftId } from '../shifts/shifts.service';

type SupplierInput = z.output<typeof supplierBody>;

/** Adds a supplier; 409 when one of that name (case aside) exists. */
export async function addSupplier(ctx: Ctx, input: SupplierInput): Promise<Supplier> {
  const id = await repo.insertSupplier(ctx.db, input);
  if (id === undefined) throw new Conflict(say('purchases.supplierTaken'));
  return (await repo.findSupplier(ctx.db, id))!;
}

export async function editSupplier(ctx: Ctx, id: number, input: SupplierInput): Promise<Supplier> {
  const done = await repo.updateSupplier(ctx.db, id, input);
  if (done === 'missing') throw new NotFound(say('purchases.supplierNotFound'));
  if (done === 'taken') throw new Conflict(say('purchases.supplierTaken'));
  return (await repo.findSupplier(ctx.db, id))!;
}

/** Removes a supplier the shop never bought from (purchases keep their supplier). */
export async function removeSupplier(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const supplier = await repo.lockSupplier(tx, id);
    if (!supplier) throw new NotFound(say('purchases.supplierNotFound'));
    if (await repo.supplierHasPurchases(tx, id)) throw new Conflict(say('purchases.supplierInUse'));
    await repo.deleteSupplier(tx, id);
  });
}

/** Pays off part or all of what the shop owes a supplier; more than the due is refused. */
export async function paySupplier(
  ctx: Ctx,
  userId: number,
  id: number,
  input: z.output<typeof supplierPayBody>,
  actor: AuditActor,
): Promise<Supplier> {
  await ctx.db.transaction(async (tx) => {
    const supplier = await repo.lockSupplier(tx, id);
    if (!supplier) throw new NotFound(say('purchases.supplierNotFound'));
    if (input.amount > supplier.due) throw new AmountLarge();
    await repo.changeSupplierDue(tx, id, -input.amount);
    const payment = { supplierId: id, purchaseId: null, amount: input.amount, method: input.method };
    await money.paySupplier(tx, payment, { userId, shiftId: await openShiftId(tx, userId) });
    await recordAudit(tx, actor, {
      action: 'supplier_paid',
      entity: 'supplier',
      entityId: id,
      changes: {
        name: supplier.name,
        amount: input.amount,
        method: input.method,
        due: [supplier.due, supplier.due - input.amount],
      },
    });
  });
  return (await repo.findSupplier(ctx.db, id))!;
}

/**
 * Saves a purchase in one transaction: its lines at their own buy prices (which become the
 * products' buy prices), their quantities into stock through the stock core (ledger reason
 * `purchase`, customers waiting for a product told it is back), and what was not paid onto the
 * supplier's due.
 */
export async function addPurchase(
  ctx: Ctx,
  userId: number,
  input: z.output<typeof purchaseBody>,
  actor: AuditActor,
): Promise<Purchase> {
  const id = await ctx.db.transaction((tx) => writePurchase(ctx, tx, userId, input, actor));
  return (await repo.listPurchases(ctx.db, { id }))[0]!;
}

/**
 * A purchase written in the caller's transaction (the one path of goods bought: a purchase, or a
 * purchase order's receipt): its lines, the products' buy prices, the stock in through the stock
 * core, the supplier's due and what was paid through the money core. Returns its id.
 */
export async function writePurchase(
  ctx: Ctx,
  tx: DbOrTx,
  userId: number,
  input: z.output<typeof purchaseBody>,
  actor: AuditActor,
  purchaseOrderId: number | null = null,
): Promise<number> {
  const total = linesTotal(input.lines.map((l) => ({ price: l.buyprice, quantity: l.quantity })));
  if (input.paid > total) throw new Invalid('paid', say('purchases.paidTooMuch'));
  const today = shopDay(ctx.clock.now(), ctx.config.shopTz);
  if (input.date && input.date > today) throw new Invalid('date', say('dates.future'));
  const day = input.date ?? today;
  const supplier = await repo.lockSupplier(tx, input.supplier_id);
  if (!supplier) throw new Invalid('supplier_id', say('purchases.supplierMissing'));
  const ids = input.lines.map((l) => l.product_id);
  const lock = await lockStock(ctx, tx, ids);
  const gone = lock.gone(ids);
  if (gone.length) throw new ShortStock(gone);
  // A product that tracks expiry comes in with the date on its pack.
  input.lines.forEach((l, i) => {
    const p = lock.byId.get(l.product_id)!;
    if (p.trackExpiry && !l.expiry)
      throw new Invalid(`lines.${i}.expiry`, say('expiry.needed', { title: p.title }));
  });
  const purchaseId = await repo.insertPurchase(
    tx,
    {
      supplierId: supplier.id,
      invoice: input.invoice,
      day,
      total,
      paid: input.paid,
      note: input.note,
      userId,
      purchaseOrderId,
    },
    input.lines.map((l) => {
      const p = lock.byId.get(l.product_id)!;
      return {
        productId: p.id,
        title: p.title,
        attri: p.attri,
        titleBn: p.titleBn,
        attriBn: p.attriBn,
        quantity: l.quantity,
        buyprice: l.buyprice,
        total: lineTotal(l.buyprice, l.quantity),
      };
    }),
  );
  // The last line of a product sets its buy price (a product bought twice on one invoice).
  const prices = new Map(input.lines.map((l) => [l.product_id, l.buyprice]));
  for (const [productId, price] of prices) await setBuyPrice(tx, [productId], price);
  await lock.receive(
    input.lines.map((l) => ({
      productId: l.product_id,
      quantity: l.quantity,
      expiry: l.expiry,
      batch: l.batch,
    })),
    'purchase',
    { purchaseId, userId },
  );
  if (total - input.paid > 0) await repo.changeSupplierDue(tx, supplier.id, total - input.paid);
  if (input.paid > 0)
    await money.paySupplier(
      tx,
      { supplierId: supplier.id, purchaseId, amount: input.paid, method: input.method },
      { userId, shiftId: await openShiftId(tx, userId) },
    );
  await recordAudit(tx, actor, {
    action: 'purchase_added',
    entity: 'purchase',
    entityId: purchaseId,
    changes: { supplier: supplier.name, total, paid: input.paid, lines: input.lines.length },
  });
  return purchaseId;
}

/**
 * Deletes a purchase entered by mistake: its quantities leave stock again (ledger reason
 * `purchase-delete`; buy prices stay), its unpaid part leaves the supplier's due and its payment
 * goes with it. Refused when the supplier has since been paid more than the rest of the due allows.
 */
export async function deletePurchase(ctx: Ctx, userId: number, id: number, actor: AuditActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const found = await repo.lockPurchase(tx, id);
    if (!found) throw new NotFound(say('purchases.notFound'));
    const supplier = await repo.lockSupplier(tx, found.supplierId);
    const unpaid = found.total - found.paid;
    if (!supplier || supplier.due < unpaid) throw new Conflict(say('purchases.paidSince'));
    const lines = found.lines.flatMap((l) =>
      l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity }],
    );
    if (lines.length) {
      const lock = await lockStock(
        ctx,
        tx,
        lines.map((l) => l.productId),
      );
      const kept = lines.filter((l) => lock.byId.has(l.productId));
      await lock.move(kept, 'out', 'purchase-delete', { purchaseId: id, userId });
    }
    if (unpaid > 0) await repo.changeSupplierDue(tx, supplier.id, -unpaid);
    await money.purchasePaymentsUndone(tx, id, { userId });
    await repo.deletePurchase(tx, id);
    await recordAudit(tx, actor, {
      action: 'purchase_deleted',
      entity: 'purchase',
      entityId: id,
      changes: { supplier: supplier.name, total: found.total, paid: found.paid },
    });
  });
}

/** One page of the purchases of the filter, newest first, and what all of them cost, paid and owe. */
export async function purchasePage(
  ctx: Ctx,
  filter: repo.PurchaseFilter,
  window: { limit: number; offset: number },
) {
  return inSnapshot(ctx.db, async (tx) => {
    const rows = await repo.listPurchases(tx, filter, window);
    const { count, totals } = await repo.purchaseTotals(tx, filter);
    return { rows, total: count, totals };
  });
}

export async function findPurchase(ctx: Ctx, id: number): Promise<Purchase> {
  const [found] = await repo.listPurchases(ctx.db, { id });
  if (!found) throw new NotFound(say('purchases.notFound'));
  return found;
}

export const listSuppliers = (ctx: Ctx) => repo.listSuppliers(ctx.db);
