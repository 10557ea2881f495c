import { hundredths } from '@bazar/contracts/money';
import { say } from '@bazar/contracts/messages';
import type { DbOrTx } from '../../db/client';
import { catalogChanged } from '../../lib/catalog-cache';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { smsTexts } from '../sms/sms-texts';
import { closeOpenRequests } from './requests.repository';
import * as repo from './stock.repository';

export type { StockRow } from './stock.repository';

/**
 * The stock core: every change of a product's quantity in the shop goes through here (orders,
 * the till, cancellations, stock entries, product forms, the demo data), always in this order,
 * inside the caller's transaction:
 *
 *   1. `lockStock` locks the products and the members of their Bind Stock groups, in id order;
 *   2. the caller checks what it needs (`shortages`, `missing`) and writes its own rows;
 *   3. `move` or `setLevel` changes the quantities, each change with its stock-ledger row;
 *   4. then, by themselves: products that came back get their "notify me" SMS, and when a
 *      product's availability changed every app server's catalogue cache is told (at commit).
 */

/** A product a shopper can order: not flagged stock-out and something left. */
export const isAvailable = (p: { stockOut: boolean; qty: number | string }) =>
  !p.stockOut && Number(p.qty) > 0;

/** The products that share one stock count are one unit: a Bind Stock group, or the product alone. */
export const unitKey = (p: repo.StockRow) => (p.linkQty ? `g${p.groupId}` : `p${p.id}`);

export type ShortLine = { product_id: number; title: string; attri: string; available: number };

/** 409 listing the lines the shop cannot fill: the change made nothing. */
export class ShortStock extends AppError {
  constructor(
    readonly lines: ShortLine[],
    message = say('orders.stockShort'),
  ) {
    super(409, 'stock_short', message, undefined, { lines });
  }
}

const GONE = 'This product is no longer sold';

/** A quantity of one product: a line of an order, of a stock entry. */
export type Line = { productId: number; quantity: number };

/**
 * What the stock core knows of some locked products, and the judgements it makes from that: which
 * lines it cannot fill, and which products move how much (Bind Stock groups move together). A
 * StockLock holds the rows locked in a drizzle transaction and moves them itself; placing an order
 * locks them in its own statement (stockSql.lockCte) and hands `movesOf` to its write statement
 * (stockSql.moveCtes).
 */
export class StockView {
  /** The products asked for, by id (without the group members that came along). */
  readonly byId: Map<number, repo.StockRow>;
  /** Every product read, Bind Stock group members included, as it is now. */
  protected current: Map<number, repo.StockRow>;

  constructor(asked: number[], rows: repo.StockRow[]) {
    const wanted = new Set(asked);
    this.byId = new Map(rows.filter((p) => wanted.has(p.id)).map((p) => [p.id, p]));
    this.current = new Map(rows.map((p) => [p.id, p]));
  }

  /** Every product read as it is now, in id order. */
  get all(): repo.StockRow[] {
    return [...this.current.values()];
  }

  /** Ids asked for that do not exist (deleted products). */
  missing(ids: number[]): number[] {
    return [...new Set(ids)].filter((id) => !this.byId.has(id));
  }

  /** The same lines as 409 lines for products that no longer exist. */
  gone(ids: number[]): ShortLine[] {
    return this.missing(ids).map((id) => ({ product_id: id, title: GONE, attri: '', available: 0 }));
  }

  /** What the lines ask of each unit (a Bind Stock group, or a product alone), in hundredths. */
  private askedPerUnit(lines: Line[]): Map<string, number> {
    const asked = new Map<string, number>();
    for (const l of lines) {
      const p = this.byId.get(l.productId);
      if (p) asked.set(unitKey(p), (asked.get(unitKey(p)) ?? 0) + hundredths(l.quantity));
    }
    return asked;
  }

  /**
   * The lines the shop cannot fill from what is on hand (online orders never oversell): a product
   * gone, flagged stock-out, or with less left than the lines of its unit ask for together.
   */
  shortages(lines: Line[]): ShortLine[] {
    const asked = this.askedPerUnit(lines);
    const short: ShortLine[] = [];
    for (const l of lines) {
      const p = this.byId.get(l.productId);
      if (!p) {
        short.push({ product_id: l.productId, title: GONE, attri: '', available: 0 });
        continue;
      }
      const left = Math.max(0, p.qty);
      if (p.stockOut || (asked.get(unitKey(p)) ?? 0) > hundredths(left)) {
        short.push({ product_id: p.id, title: p.title, attri: p.attri, available: p.stockOut ? 0 : left });
      }
    }
    return short;
  }

  /** How much each product moves for these lines (hundredths, signed): every member of a bound group too. */
  movesOf(lines: Line[], direction: 'out' | 'in'): Map<number, number> {
    const sign = direction === 'out' ? -1 : 1;
    const moves = new Map<number, number>();
    for (const l of lines) {
      const p = this.byId.get(l.productId);
      if (!p) continue;
      for (const m of this.unitOf(p)) moves.set(m.id, (moves.get(m.id) ?? 0) + sign * hundredths(l.quantity));
    }
    return moves;
  }

  protected unitOf(p: repo.StockRow): repo.StockRow[] {
    return p.linkQty ? this.all.filter((m) => m.groupId === p.groupId) : [p];
  }
}

export class StockLock extends StockView {
  constructor(
    private readonly ctx: Ctx,
    private readonly tx: DbOrTx,
    asked: number[],
    rows: repo.StockRow[],
  ) {
    super(asked, rows);
  }

  /**
   * Takes (`out`) or puts back (`in`) these lines' quantities: with Bind Stock every member of the
   * product's group moves too. One statement with the ledger rows; then the notices (see above),
   * judged from the locked rows, so the hot path of an order reads nothing more.
   */
  async move(lines: Line[], direction: 'out' | 'in', reason: repo.StockReason, refs: repo.StockRefs) {
    const moves = this.movesOf(lines, direction);
    await repo.applyMoves(this.tx, moves, reason, refs);
    const before = this.all;
    for (const [id, h] of moves) {
      const p = this.current.get(id);
      if (p) this.current.set(id, { ...p, qty: (hundredths(p.qty) + h) / 100 });
    }
    await this.notify(before, this.all);
  }

  /**
   * Puts lines in (a purchase, a stock entry): the lines of products that track expiry each into
   * their batch (its expiry date and code; made when new), one ledger row naming it; the rest as
   * `move` does. The caller has checked that every line of a product that tracks expiry has a date.
   */
  async receive(
    lines: Array<Line & { expiry?: string | undefined; batch?: string | undefined }>,
    reason: repo.StockReason,
    refs: repo.StockRefs,
  ) {
    const plain: Line[] = [];
    for (const l of lines) {
      const p = this.byId.get(l.productId);
      if (!p?.trackExpiry || !l.expiry) {
        plain.push(l);
        continue;
      }
      const batchId = await repo.ensureBatch(this.tx, p.id, l.expiry, l.batch ?? '');
      await this.move([l], 'in', reason, { ...refs, batchId });
    }
    if (plain.length) await this.move(plain, 'in', reason, refs);
  }

  /**
   * Sets a product's quantity by hand (the product forms); in a Bind Stock group every member gets
   * it. Each member's change is a ledger row. Then the notices, from the rows as they are now, so a
   * change of the stock-out flag the caller saved in this transaction counts too.
   */
  async setLevel(productId: number, qty: number, refs: repo.StockRefs): Promise<void> {
    await this.setLevels([{ productId, qty }], 'adjustment', refs);
  }

  /**
   * Sets many products' quantities at once (an import: reason `import`), as setLevel does one: in
   * one statement with a ledger row per product that changes, then the notices once. When two
   * levels reach one Bind Stock group the later one is what the group gets. With no levels the
   * notices are still judged (flags the caller saved may have made products available).
   */
  async setLevels(
    levels: Array<{ productId: number; qty: number }>,
    reason: repo.StockReason,
    refs: repo.StockRefs,
  ): Promise<void> {
    const target = new Map<number, number>();
    for (const { productId, qty } of levels) {
      const p = this.current.get(productId);
      if (!p) throw new Error(`product ${productId} was not locked`);
      for (const m of this.unitOf(p)) target.set(m.id, hundredths(qty));
    }
    const moves = new Map<number, number>();
    for (const [id, h] of target) {
      const m = this.current.get(id);
      if (m) moves.set(id, h - hundredths(m.qty));
    }
    await repo.applyMoves(this.tx, moves, reason, refs);
    await this.settle();
  }

  /** The notices after changes the core did not make itself (flags): re-reads the locked rows. */
  async settle(): Promise<void> {
    const before = this.all;
    const now = await repo.readStockRows(
      this.tx,
      before.map((p) => p.id),
    );
    this.current = new Map(now.map((p) => [p.id, p]));
    await this.notify(before, this.all);
  }

  /** Back-in-stock SMS for products that came back; a catalogue change when availability changed. */
  private async notify(before: repo.StockRow[], after: repo.StockRow[]): Promise<void> {
    const was = new Map(before.map((p) => [p.id, isAvailable(p)]));
    const changed = after.filter((p) => was.get(p.id) !== isAvailable(p));
    if (changed.length === 0) return;
    const back = changed.filter(isAvailable);
    if (back.length) await notifyRestocked(this.ctx, this.tx, back);
    await catalogChanged(this.tx);
  }
}

/** Locks these products (and their Bind Stock groups) for a quantity change; see StockLock. */
export async function lockStock(ctx: Ctx, tx: DbOrTx, ids: number[]): Promise<StockLock> {
  const unique = [...new Set(ids)];
  return new StockLock(ctx, tx, unique, await repo.lockStockRows(tx, unique));
}

/** A new product's opening stock: its ledger row (the quantity went in with the product's row). */
export async function openStock(tx: DbOrTx, productId: number, qty: number, userId?: number | null) {
  await repo.recordOpening(tx, productId, qty, userId);
}

/** Many new products' opening stock (an import), one ledger row each for those with a quantity. */
export async function openStocks(
  tx: DbOrTx,
  openings: Array<{ productId: number; qty: number }>,
  reason: repo.StockReason,
  userId?: number | null,
) {
  await repo.recordOpenings(tx, openings, reason, userId);
}

/**
 * Closes the open "notify me" requests of products that came back and queues one SMS per verified
 * requester, in their own language (closing them is what makes the SMS go once), in the same
 * transaction.
 */
async function notifyRestocked(ctx: Ctx, tx: DbOrTx, back: repo.StockRow[]): Promise<void> {
  const closed = await closeOpenRequests(
    tx,
    back.map((p) => p.id),
    ctx.clock.now(),
  );
  if (closed.length === 0) return;
  const byId = new Map(back.map((p) => [p.id, p]));
  await ctx.sms.enqueue(
    tx,
    closed.flatMap((c) => {
      const product = byId.get(c.productId);
      if (!product) return [];
      return [{ to: c.phone, kind: 'restock' as const, message: smsTexts(c.lang).backInStock(product) }];
    }),
  );
}

export {
  ledgerMismatches,
  movesAsArrays,
  setBuyPrice,
  stockCount,
  stockList,
  stockTotals,
} from './stock.repository';
