import type { PaymentMethod } from '@bazar/contracts/orders';
import { AmountLarge } from '../../lib/errors';

export type Tender = {
  method: PaymentMethod;
  amount: number;
  reference?: string | null | undefined;
  /** The till's id of the payment (a synced sale). */
  client_id?: string | undefined;
};

/** A payment row to store: what stayed with the shop, and for cash what was handed over. */
export type Settled = {
  rows: Array<{
    method: PaymentMethod;
    amount: number;
    reference: string | null;
    tendered: number | null;
    clientId: string | null;
  }>;
  /** What the sale is paid now: never more than what it owes. */
  paid: number;
  /** Cash to give back. */
  change: number;
};

/**
 * Splits what a customer hands over at the till into what is stored. Any method may pay part of the
 * bill, but only cash gives change: the other payments together may not be more than what is owed
 * ("Amount is large"). Cash above the rest of the bill comes back as change; the cash row keeps what
 * stayed in the drawer (tendered − change) and remembers what was tendered. Several cash payments
 * are one handful of cash.
 */
export function settle(owed: number, tenders: readonly Tender[]): Settled {
  const others = tenders.filter((t) => t.method !== 'cash');
  const nonCash = others.reduce((sum, t) => sum + t.amount, 0);
  if (nonCash > owed) throw new AmountLarge('payments');
  const cash = tenders.filter((t) => t.method === 'cash').reduce((sum, t) => sum + t.amount, 0);
  const change = Math.max(0, nonCash + cash - owed);
  const rows: Settled['rows'] = others.map((t) => ({
    method: t.method,
    amount: t.amount,
    reference: t.reference ?? null,
    tendered: null,
    clientId: t.client_id ?? null,
  }));
  const kept = cash - change;
  if (kept > 0) {
    const firstCash = tenders.find((t) => t.method === 'cash');
    const reference = tenders.find((t) => t.method === 'cash' && t.reference)?.reference ?? null;
    rows.unshift({
      method: 'cash',
      amount: kept,
      reference,
      tendered: cash,
      clientId: firstCash?.client_id ?? null,
    });
  }
  return { rows, paid: nonCash + kept, change };
}

/**
 * A sale made offline whose advance payments ask more than the customer has at sync: the advance
 * rows shrink, first to last, to what is there; the rest of the bill stays due.
 */
export function takeAdvanceOnly(money: Settled, available: number): Settled {
  let left = Math.max(0, available);
  const rows: Settled['rows'] = [];
  for (const r of money.rows) {
    if (r.method !== 'balance') {
      rows.push(r);
      continue;
    }
    const take = Math.min(r.amount, left);
    left -= take;
    if (take > 0) rows.push({ ...r, amount: take });
  }
  return { rows, paid: rows.reduce((sum, r) => sum + r.amount, 0), change: money.change };
}
