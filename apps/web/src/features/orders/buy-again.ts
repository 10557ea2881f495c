import type { PublicProduct } from '@bazar/contracts/catalog';
import { call } from '../../lib/api';
import { type CartLine, getCartLines } from '../../lib/session';
import { type Order, replaceCartLines } from './orders-api';

/** What Buy again did: how many products went into the cart, and the names of those that could not. */
export interface BuyAgainResult {
  added: number;
  unavailable: string[];
}

type Line = Order['carts'][number];

/** A product is Stock Out when its stock (or stock_out) is "on" or its quantity is 0 or less. */
const isStockOut = (p: PublicProduct) => p.stock === 'on' || p.stock_out === 'on' || p.qty <= 0;

const lineId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Puts a past order's products that are still sold into the cart, at today's prices (offer price,
 * else price) and the quantities ordered; a product already in the cart keeps its line, raised to
 * the ordered quantity. Products deleted or out of stock are named (by `name`) and left out.
 */
export async function buyAgain(order: Order, name: (line: Line) => string): Promise<BuyAgainResult> {
  const wanted = new Map<number, number>();
  const unavailable: string[] = [];
  for (const line of order.carts) {
    if (line.product_id === null) unavailable.push(name(line));
    else wanted.set(line.product_id, (wanted.get(line.product_id) ?? 0) + line.quantity);
  }
  const ids = [...wanted.keys()];
  const today = ids.length ? (await call('POST /api/product/available', { body: { ids } })).data : [];
  const byId = new Map(today.map((p) => [p.id, p]));
  const lines: CartLine[] = [...getCartLines()];
  let added = 0;
  for (const line of order.carts) {
    if (line.product_id === null || !wanted.has(line.product_id)) continue;
    const qty = wanted.get(line.product_id) ?? 0;
    wanted.delete(line.product_id); // a product ordered on two lines goes in once
    const product = byId.get(line.product_id);
    if (!product || isStockOut(product)) {
      unavailable.push(name(line));
      continue;
    }
    const price = product.offprice ?? product.price;
    const at = lines.findIndex((l) => l.product_id === product.id && l.atrri === product.attri);
    const existing = lines[at];
    if (existing) lines[at] = { ...existing, price, qty: Math.max(existing.qty, qty) };
    else
      lines.push({
        id: lineId(),
        title: product.title,
        image: product.image ?? '',
        product_id: product.id,
        price,
        atrri: product.attri,
        title_bn: product.title_bn,
        atrri_bn: product.attri_bn,
        qty,
      });
    added++;
  }
  if (added) replaceCartLines(lines);
  return { added, unavailable };
}
