import {
  addToCart,
  EMPTY_ENTRY,
  newSale,
  type CustomerMode,
  type SalePayment,
  type TillSale,
} from '../till-sale';
import { payloadOf } from './outbox';
import { tillDb, type QueuedSale, type TillDb } from './till-db';
import { productsById } from './waiting';

/** A refused sale being fixed at the till: saved again, it keeps its id, number and time. */
export interface FixingSale {
  client_id: string;
  provisional: string;
}

const FIXING_KEY = 'till-fixing';

export function loadFixing(storage: Storage = localStorage): FixingSale | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(FIXING_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { client_id, provisional } = value as Record<string, unknown>;
    return typeof client_id === 'string' && typeof provisional === 'string'
      ? { client_id, provisional }
      : null;
  } catch {
    return null;
  }
}

export function storeFixing(fixing: FixingSale | null, storage: Storage = localStorage): void {
  try {
    if (fixing) storage.setItem(FIXING_KEY, JSON.stringify(fixing));
    else storage.removeItem(FIXING_KEY);
  } catch (error) {
    console.error('Could not keep the sale being fixed', error);
  }
}

/**
 * The cart of a refused sale, as the cashier rang it up: its lines (units from the till's
 * catalogue; a line with a part quantity is a weighed pack), the customer (found again in the
 * till's copy, with the advance this sale took given back), discount, shipping and payments.
 */
export async function saleFromQueued(sale: QueuedSale, db: TillDb = tillDb()): Promise<TillSale> {
  const body = payloadOf(sale);
  const products = await productsById(
    db,
    body.carts.map((line) => line.product_id),
  ).catch(() => []);
  let lines: TillSale['lines'] = [];
  body.carts.forEach((line, i) => {
    const unit = products[i]?.unit;
    lines = addToCart(
      lines,
      {
        id: line.product_id,
        title: line.title,
        attri: line.attri,
        price: line.price,
        offprice: null,
        ...(unit && { unit }),
      },
      { qty: line.quantity, weighed: !Number.isInteger(line.quantity) },
    ).lines;
  });
  const payments: SalePayment[] = (body.payments ?? []).map((p) => ({
    method: p.method,
    amount: p.amount,
    reference: p.reference ?? null,
  }));
  const fromAdvance = payments.filter((p) => p.method === 'balance').reduce((sum, p) => sum + p.amount, 0);
  const cached = body.phone ? await db.customers.get(body.phone).catch(() => undefined) : undefined;
  let customerMode: CustomerMode = body.phone ? { kind: 'new' } : { kind: 'initial' };
  if (cached?.id != null)
    customerMode = { kind: 'found', id: cached.id, balance: cached.balance + fromAdvance };
  return {
    ...newSale(),
    lines,
    customer: {
      phone: body.phone,
      name: body.name,
      area: body.area,
      address: body.address,
      balance: customerMode.kind === 'found' ? customerMode.balance : 0,
    },
    customerMode,
    shipOn: body.ship > 0,
    discount: body.discount,
    payments,
    entry: EMPTY_ENTRY,
  };
}
