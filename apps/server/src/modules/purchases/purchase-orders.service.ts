import { hundredths, lineTotal } from '@bazar/contracts/money';
import { say } from '@bazar/contracts/messages';
import type { SupplierPayMethod } from '@bazar/contracts/purchases';
import type { PurchaseOrder, PurchaseOrderState } from '@bazar/contracts/reorder';
import type { Ctx } from '../../lib/context';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import type { AuditActor } from '../audit/audit.repository';
import { recordAudit } from '../audit/audit.repository';
import * as repo from './purchase-orders.repository';
import { writePurchase } from './purchases.service';
import { findSupplier } from './purchases.repository';
import { shopSettings } from '../settings/settings.service';

/**
 * Purchase orders (issue 28): a draft, sent to the supplier (as a text the owner sends by SMS or
 * WhatsApp), received all at once or in parts (each receipt a purchase through the purchases' one
 * path: stock in through the stock core, the supplier's due and payment through the money core),
 * then closed by hand (once everything came it is received; closing says nothing more will come).
 */

type Line = { product_id: number; qty: number; buy_price: number };
type ReceivedLine = Line & { expiry?: string | undefined; batch: string };

/** The order as a text for the supplier: the shop, each product and quantity, the total. */
function messageOf(
  shop: string,
  order: { id: number; lines: Array<{ title: string; attri: string; quantity: string }> },
) {
  const lines = order.lines.map((l) => `${l.title}${l.attri ? ` ${l.attri}` : ''}: ${Number(l.quantity)}`);
  return [`${shop}: purchase order #${order.id}`, ...lines].join('\n');
}

async function answers(ctx: Ctx, rows: repo.PurchaseOrderRow[]): Promise<PurchaseOrder[]> {
  const ids = rows.map((r) => r.id);
  const lines = await repo.linesOf(ctx.db, ids);
  const bought = await repo.purchasesOf(ctx.db, ids);
  const suppliers = await repo.suppliersOf(ctx.db, [...new Set(rows.map((r) => r.supplierId))]);
  const shop = (await shopSettings(ctx)).shopName;
  return rows.map((r) => {
    const own = lines.get(r.id) ?? [];
    return {
      id: r.id,
      supplier: suppliers.get(r.supplierId) ?? { id: r.supplierId, name: '', phone: '' },
      status: r.status as PurchaseOrderState,
      note: r.note,
      created: r.createdAt.toISOString(),
      sent: r.sentAt?.toISOString() ?? null,
      closed: r.closedAt?.toISOString() ?? null,
      lines: own.map((l) => ({
        product_id: l.productId,
        title: l.title,
        attri: l.attri,
        qty: Number(l.quantity),
        buy_price: l.buyprice,
        received: Number(l.received),
      })),
      total: own.reduce((n, l) => n + lineTotal(l.buyprice, Number(l.quantity)), 0),
      purchase_ids: bought.get(r.id) ?? [],
      message: messageOf(shop, { id: r.id, lines: own }),
    };
  });
}

async function one(ctx: Ctx, id: number): Promise<PurchaseOrder> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row) throw new NotFound(say('reorder.notFound'));
  const [answer] = await answers(ctx, [row]);
  if (!answer) throw new NotFound(say('reorder.notFound'));
  return answer;
}

export async function purchaseOrders(ctx: Ctx, status?: string): Promise<PurchaseOrder[]> {
  return answers(ctx, await repo.listOrders(ctx.db, status));
}

export const purchaseOrder = one;

/** `POST /api/purchase-orders`: a draft (422 for an unknown supplier or product). */
export async function createOrder(
  ctx: Ctx,
  actor: AuditActor,
  userId: number,
  body: { supplier_id: number; lines: Line[]; note: string },
): Promise<PurchaseOrder> {
  if (!(await findSupplier(ctx.db, body.supplier_id))) {
    throw new Invalid('supplier_id', say('purchases.supplierMissing'));
  }
  const known = await repo.existingProducts(
    ctx.db,
    body.lines.map((l) => l.product_id),
  );
  const missing = body.lines.findIndex((l) => !known.has(l.product_id));
  if (missing >= 0) throw new Invalid(`lines.${missing}.product_id`, say('catalog.productNotFound'));
  const id = await ctx.db.transaction(async (tx) => {
    const made = await repo.insertOrder(
      tx,
      { supplierId: body.supplier_id, note: body.note, userId },
      body.lines.map((l) => ({ productId: l.product_id, quantity: l.qty, buyprice: l.buy_price })),
    );
    await recordAudit(tx, actor, {
      action: 'purchase_order_added',
      entity: 'purchase_order',
      entityId: made,
      changes: { supplier_id: body.supplier_id, lines: body.lines.length },
    });
    return made;
  });
  return one(ctx, id);
}

/** `POST /api/purchase-orders/{id}/send`: marked sent (a draft; sending again changes nothing). */
export async function sendOrder(ctx: Ctx, actor: AuditActor, id: number): Promise<PurchaseOrder> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findOrder(tx, id, true);
    if (!row) throw new NotFound(say('reorder.notFound'));
    if (row.status === 'closed') throw new Conflict(say('reorder.closed'));
    if (row.status !== 'draft') return;
    await repo.setStatus(tx, id, 'sent', 'sent');
    await recordAudit(tx, actor, {
      action: 'purchase_order_sent',
      entity: 'purchase_order',
      entityId: id,
      changes: {},
    });
  });
  return one(ctx, id);
}

/**
 * `POST /api/purchase-orders/{id}/receive`: what came, as one purchase through the purchases' one
 * path, in the same transaction as the order's received quantities; the order is received when
 * every line has come in full, else partly received. A product not on the order is refused.
 */
export async function receiveOrder(
  ctx: Ctx,
  actor: AuditActor,
  userId: number,
  id: number,
  body: { lines: ReceivedLine[]; invoice: string; paid: number; method: SupplierPayMethod },
): Promise<PurchaseOrder> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findOrder(tx, id, true);
    if (!row) throw new NotFound(say('reorder.notFound'));
    if (row.status === 'closed') throw new Conflict(say('reorder.closed'));
    const lines = (await repo.linesOf(tx, [id])).get(id) ?? [];
    const onOrder = new Set(lines.map((l) => l.productId));
    const stranger = body.lines.findIndex((l) => !onOrder.has(l.product_id));
    if (stranger >= 0) throw new Invalid(`lines.${stranger}.product_id`, say('reorder.notOnOrder'));
    await writePurchase(
      ctx,
      tx,
      userId,
      {
        supplier_id: row.supplierId,
        invoice: body.invoice,
        lines: body.lines.map((l) => ({
          product_id: l.product_id,
          quantity: l.qty,
          buyprice: l.buy_price,
          expiry: l.expiry,
          batch: l.batch,
        })),
        paid: body.paid,
        method: body.method,
        note: `Purchase order #${id}`,
      },
      actor,
      id,
    );
    const came = new Map<number, number>();
    for (const l of body.lines) came.set(l.product_id, (came.get(l.product_id) ?? 0) + l.qty);
    await repo.addReceived(tx, id, came);
    const after = (await repo.linesOf(tx, [id])).get(id) ?? [];
    const full = after.every((l) => hundredths(Number(l.received)) >= hundredths(Number(l.quantity)));
    await repo.setStatus(tx, id, full ? 'received' : 'partly_received', null);
  });
  return one(ctx, id);
}

/** `POST /api/purchase-orders/{id}/close`: nothing more will come (or it all came). */
export async function closeOrder(ctx: Ctx, actor: AuditActor, id: number): Promise<PurchaseOrder> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findOrder(tx, id, true);
    if (!row) throw new NotFound(say('reorder.notFound'));
    if (row.status === 'closed') return;
    await repo.setStatus(tx, id, 'closed', 'closed');
    await recordAudit(tx, actor, {
      action: 'purchase_order_closed',
      entity: 'purchase_order',
      entityId: id,
      changes: {},
    });
  });
  return one(ctx, id);
}
