import type { Order } from '@bazar/contracts/orders';
import { rawTransaction, type RawQuery } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { StockView } from '../stock/stock.service';
import * as place from './place.repository';
import { toOrder, withLines, findOrder, type OrderDetails } from './orders.repository';

export type { OrderWrite } from './place.repository';

/** How an order is placed: what it locks and reads, and the rules of its channel. */
export type Placing = {
  /** Counted in the metrics as placed through this channel. */
  channel: 'storefront' | 'till' | 'till_offline';
  /** What it waits for first (a delivery slot, the account), if anything. */
  turn: place.Turn;
  lock: place.LockAsk;
  /**
   * The channel's rules, judged on the locked rows: throws a refusal (nothing is written), or says
   * what to write. Runs inside the transaction: it must not read the database itself (the pool's
   * other connections may all be waiting for these locks).
   */
  judge: (locked: place.Locked, stock: StockView) => place.OrderWrite;
  /** The answer's details the write does not give (the cashier's name, the customer's language). */
  details: (locked: place.Locked) => Partial<OrderDetails>;
  /**
   * More rows the same transaction writes once the order exists (a till sale's approval and audit
   * row), on its connection; none for a storefront order.
   */
  after?: (query: RawQuery, orderId: number) => Promise<void>;
};

/**
 * The one way an order is made, for the storefront's checkout and the till alike: in one
 * transaction, (1) wait for the slot's and the account's turn when there is one, (2) lock the
 * products in id order and read what the order is judged on in the same statement, (3) judge it
 * by the channel's rules, (4) write the order, its lines, the stock moves with their ledger rows,
 * the sales tally, payments, the customer's advance and the SMS in one statement. A resend (the
 * same Idempotency-Key or client id) found under the locks answers the stored order and writes
 * nothing. Every statement is prepared once per connection; no query is built per order.
 */
export async function placeOrder(ctx: Ctx, placing: Placing): Promise<{ order: Order; replay: boolean }> {
  type Placed =
    | { replayId: number }
    | {
        write: place.OrderWrite;
        locked: place.Locked;
        written: Awaited<ReturnType<typeof place.writeOrder>>;
      };
  const placed: Placed = await rawTransaction(ctx.db, async (query): Promise<Placed> => {
    if (placing.turn.slot !== null || placing.turn.account !== null)
      await place.waitTurn(query, placing.turn);
    const locked = await place.lockForOrder(query, placing.lock);
    if (locked.replayId !== null) return { replayId: locked.replayId };
    const write = placing.judge(locked, new StockView(placing.lock.productIds, locked.stock));
    const written = await place.writeOrder(query, write);
    if (placing.after) await placing.after(query, written.row.id);
    return { write, locked, written };
  });
  if ('replayId' in placed) {
    const stored = await storedOrder(ctx, placed.replayId);
    if (stored) return { order: stored, replay: true };
    throw new Error(`order ${placed.replayId} vanished after it was found`);
  }
  const { write, locked, written } = placed;
  if (write.sms.length) ctx.sms.wake();
  ctx.metrics.orderPlaced(placing.channel);
  const details = placing.details(locked);
  const by = write.order.staffId === null ? null : (details.cashier ?? null);
  return {
    order: toOrder(written.row, written.lines, {
      ...details,
      payments: written.payments.map((p) => ({ ...p, by })),
    }),
    replay: false,
  };
}

/** An order as stored (a resend's answer), or undefined when it is gone. */
export async function storedOrder(ctx: Ctx, id: number): Promise<Order | undefined> {
  const row = await findOrder(ctx.db, id);
  if (!row) return undefined;
  const [order] = await withLines(ctx.db, [row]);
  return order;
}
