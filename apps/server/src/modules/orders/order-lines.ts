import { unitOf } from '@bazar/contracts/catalog';
import { linesTotal } from '@bazar/contracts/money';
import { MONEY_MAX } from '@bazar/contracts/numbers';
import { say } from '@bazar/contracts/messages';
import { InvalidFields, type FieldErrors } from '../../lib/errors';
import type { StockRow, StockView } from '../stock/stock.service';
import type { OrderLineWrite } from './place.repository';

/** A line as an order body sends it. */
export type LineInput = { product_id: number; quantity: number };

/** A line priced from its locked product row: the offer price if there is one, else the price. */
export type PricedLine = { product: StockRow; quantity: number; price: number };

export function priceLines(lines: LineInput[], lock: StockView): PricedLine[] {
  return lines.map((l) => {
    const product = lock.byId.get(l.product_id);
    if (!product) throw new Error(`product ${l.product_id} was not locked`);
    return { product, quantity: l.quantity, price: product.offprice ?? product.price };
  });
}

/**
 * The lines' total by the one money rule (contracts' linesTotal), refused when the order would
 * be worth more than the shop takes in one order (100,000,000 BDT): the columns hold whole taka
 * and a sum past that is a typing mistake, not a sale.
 */
export function subtotalOf(priced: ReadonlyArray<{ price: number; quantity: number }>, extra = 0): number {
  const subtotal = linesTotal(priced);
  if (subtotal + extra > MONEY_MAX) {
    throw new InvalidFields({ carts: [say('orders.totalTooLarge', { max: MONEY_MAX })] });
  }
  return subtotal;
}

/** Online, a product sold in pieces is ordered in whole pieces (kg and litre in 0.01 steps). */
export function assertWholePieces(lines: LineInput[], lock: StockView): void {
  const errors: FieldErrors = {};
  lines.forEach((l, i) => {
    const p = lock.byId.get(l.product_id);
    if (p?.unit === 'pcs' && !Number.isInteger(l.quantity)) {
      errors[`carts.${i}.quantity`] = [say('orders.wholePieces', { title: p.title })];
    }
  });
  if (Object.keys(errors).length) throw new InvalidFields(errors);
}

/** The order lines to store: a snapshot of title, attribute, price, buy price and unit now. */
export function lineValues(priced: PricedLine[]): OrderLineWrite[] {
  return priced.map((l) => ({
    productId: l.product.id,
    title: l.product.title,
    attri: l.product.attri,
    titleBn: l.product.titleBn,
    attriBn: l.product.attriBn,
    price: l.price,
    buyprice: l.product.buyprice,
    quantity: l.quantity.toFixed(2),
    unit: unitOf(l.product.unit),
    labelPoisha: null,
    clientId: null,
  }));
}

/** The lines as the stock core moves them. */
export const stockLines = (priced: PricedLine[]) =>
  priced.map((l) => ({ productId: l.product.id, quantity: l.quantity }));
