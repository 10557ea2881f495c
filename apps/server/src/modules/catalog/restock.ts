import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import type { ProductRow } from './products.repository';
import { findProducts } from './products.repository';
import { closeOpenRequests } from './requests.repository';

/** A product a shopper can order: not flagged stock-out and something left. */
export const isAvailable = (p: Pick<ProductRow, 'stockOut' | 'qty'>) => !p.stockOut && Number(p.qty) > 0;

/**
 * After a change of stock or flags, in the same transaction: every product that was unavailable
 * before and is available now gets its open "notify me" requests closed and one SMS per requester
 * queued. Closing them is what makes the SMS go once.
 */
export async function notifyRestocked(ctx: Ctx, tx: DbOrTx, before: ProductRow[]): Promise<void> {
  const wasOut = before.filter((p) => !isAvailable(p)).map((p) => p.id);
  if (wasOut.length === 0) return;
  const back = (await findProducts(tx, wasOut)).filter(isAvailable);
  if (back.length === 0) return;
  const closed = await closeOpenRequests(
    tx,
    back.map((p) => p.id),
    ctx.clock.now(),
  );
  if (closed.length === 0) return;
  const phones = new Map(
    (
      await tx
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(
          inArray(
            users.id,
            closed.map((c) => c.userId),
          ),
        )
    ).map((u) => [u.id, u.phone]),
  );
  const byId = new Map(back.map((p) => [p.id, p]));
  for (const c of closed) {
    const product = byId.get(c.productId);
    const phone = phones.get(c.userId);
    if (!product || !phone) continue;
    const name = product.attri ? `${product.title} (${product.attri})` : product.title;
    await ctx.sms.enqueue(tx, phone, `Good news! ${name} is back in stock. Order now before it runs out.`);
  }
}
