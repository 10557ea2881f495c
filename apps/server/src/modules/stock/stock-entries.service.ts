import { recordAudit, type AuditActor } from '../audit/audit.repository';
import type { StockEntry } from '@bazar/contracts/stock';
import { say } from '@bazar/contracts/messages';
import { inSnapshot, type DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Invalid, NotFound } from '../../lib/errors';
import * as repo from './stock-entries.repository';
import { lockStock, setBuyPrice, ShortStock, unitKey, type StockLock } from './stock.service';

/** Two members of one Bind Stock group in an entry share one count: it grows by qty once, not twice. */
function oncePerUnit(ids: number[], lock: StockLock): number[] {
  const seen = new Set<string>();
  return ids.filter((pid) => {
    const p = lock.byId.get(pid);
    if (!p) return false;
    const key = unitKey(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Adds a stock entry: `qty` more of each listed product (with Bind Stock, of its whole group), and
 * `price` becomes their buy price; one transaction with the ledger rows. Customers waiting for a
 * product that comes back get their SMS.
 */
export async function addStockEntry(
  ctx: Ctx,
  userId: number,
  input: {
    price: number;
    qty: number;
    items: Array<{ id: number }>;
    expiry?: string | undefined;
    batch?: string;
  },
  actor: AuditActor,
): Promise<StockEntry> {
  const ids = [...new Set(input.items.map((i) => i.id))];
  const id = await ctx.db.transaction(async (tx) => {
    const lock = await lockStock(ctx, tx, ids);
    const gone = lock.gone(ids);
    if (gone.length) throw new ShortStock(gone);
    // A product that tracks expiry comes in with the date on its pack.
    const dated = ids.map((pid) => lock.byId.get(pid)!).find((p) => p.trackExpiry);
    if (dated && !input.expiry) throw new Invalid('expiry', say('expiry.needed', { title: dated.title }));
    const entryId = await repo.insertEntry(
      tx,
      { price: input.price, qty: input.qty, userId },
      ids.map((pid) => {
        const p = lock.byId.get(pid);
        return { productId: pid, title: p?.title ?? '', attri: p?.attri ?? '' };
      }),
    );
    await setBuyPrice(tx, ids, input.price);
    await lock.receive(
      oncePerUnit(ids, lock).map((pid) => ({
        productId: pid,
        quantity: input.qty,
        expiry: input.expiry,
        batch: input.batch,
      })),
      'stock-entry',
      { stockEntryId: entryId, userId },
    );
    await recordAudit(tx, actor, {
      action: 'stock_added',
      entity: 'stock_entry',
      entityId: entryId,
      changes: { qty: input.qty, price: input.price, product_ids: ids },
    });
    return entryId;
  });
  const [entry] = await listStockEntries(ctx.db, id);
  if (!entry) throw new NotFound(say('stock.entryNotFound'));
  return entry;
}

/** Deletes a stock entry and takes its quantity back from each product still sold (buy prices stay). */
export async function deleteStockEntry(
  ctx: Ctx,
  userId: number,
  id: number,
  actor: AuditActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const entry = await repo.lockEntry(tx, id);
    if (!entry) throw new NotFound(say('stock.entryNotFound'));
    if (entry.productIds.length) {
      const lock = await lockStock(ctx, tx, entry.productIds);
      await lock.move(
        oncePerUnit(entry.productIds, lock).map((pid) => ({ productId: pid, quantity: entry.qty })),
        'out',
        'stock-entry-delete',
        { stockEntryId: id, userId },
      );
    }
    await repo.deleteEntry(tx, id);
    await recordAudit(tx, actor, {
      action: 'stock_deleted',
      entity: 'stock_entry',
      entityId: id,
      changes: { qty: entry.qty, product_ids: entry.productIds },
    });
  });
}

/** One stock entry with its products. */
function listStockEntries(db: DbOrTx, onlyId: number): Promise<StockEntry[]> {
  return repo.listEntries(db, onlyId);
}

/** One page of the stock entries with their products, newest first, and what every entry cost in all. */
export async function stockEntryPage(ctx: Ctx, window: { limit: number; offset: number }) {
  return inSnapshot(ctx.db, async (tx) => {
    const rows = await repo.listEntries(tx, undefined, window);
    const { count, invested } = await repo.entryTotals(tx);
    return { rows, total: count, totals: { invested } };
  });
}
