import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyMismatch } from '@bazar/contracts/money.api';
import { gatewaysOf, Payments } from '../src/modules/payments/payments.service';
import { FakeBkash } from './fakes/bkash';
import { makeBrand, makeProduct } from './catalog-factories';
import { paymentShop } from './payments-helpers';

/**
 * Random days of a shop, through the API and the bKash fake: till sales (exact, with change, split
 * between bKash and cash, on credit to a named customer, from the customer's advance), part
 * payments, cancellations with the money given back, returns, storefront orders paid through bKash
 * (some whose answers are lost), online refunds (some whose answers are lost) and the jobs that
 * settle them. After every step: the books match the money ledger, no order has given back more
 * than it took, no advance is below zero, and every refund bKash made is recorded at most once
 * (exactly once when none waits for its answer), so what bKash holds is what the shop thinks.
 */
const bkash = new FakeBkash();
let shop: Awaited<ReturnType<typeof paymentShop>>;
let payments: Payments;
let product: number;
const PRICE = 100;
const CUSTOMER = '01812399001';

beforeAll(async () => {
  await bkash.start();
  shop = await paymentShop(bkash.env());
  payments = new Payments(shop.t.ctx, gatewaysOf(shop.t.ctx));
  const brand = await makeBrand(shop.t.app, shop.admin);
  const [p] = await makeProduct(shop.t.app, shop.admin, brand, {
    title: 'Random Rice',
    price: String(PRICE),
    qty: '100000',
  });
  product = p!.id;
  await shop.api.post('/api/customer/add', { phone: CUSTOMER, name: 'Random Karim' }, shop.admin);
});
afterAll(() => bkash.close());

type Step =
  | { kind: 'sale'; qty: number; pay: 'exact' | 'change' | 'split' | 'credit' | 'advance'; extra: number }
  | { kind: 'part'; pick: number; amount: number; method: 'cash' | 'bkash' }
  | { kind: 'cancel'; pick: number; method: 'cash' | 'balance' | 'bkash' }
  | { kind: 'return'; pick: number; qty: number; method: 'cash' | 'balance' }
  | { kind: 'online'; qty: number; lose: boolean }
  | { kind: 'refund'; pick: number; amount: number; lose: boolean }
  | { kind: 'jobs' };

const pick = fc.nat(50);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      qty: fc.integer({ min: 1, max: 3 }),
      pay: fc.constantFrom('exact', 'change', 'split', 'credit', 'advance'),
      extra: fc.integer({ min: 1, max: 400 }),
    }),
  },
  fc.record({
    kind: fc.constant('part' as const),
    pick,
    amount: fc.integer({ min: 1, max: 300 }),
    method: fc.constantFrom('cash', 'bkash'),
  }),
  fc.record({
    kind: fc.constant('cancel' as const),
    pick,
    method: fc.constantFrom('cash', 'balance', 'bkash'),
  }),
  fc.record({
    kind: fc.constant('return' as const),
    pick,
    qty: fc.integer({ min: 1, max: 2 }),
    method: fc.constantFrom('cash', 'balance'),
  }),
  fc.record({
    kind: fc.constant('online' as const),
    qty: fc.integer({ min: 1, max: 3 }),
    lose: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick,
    amount: fc.integer({ min: 1, max: 400 }),
    lose: fc.boolean(),
  }),
  fc.constant({ kind: 'jobs' as const }),
);

/** The orders the steps made, till and online, to act on by `pick`. */
const tillOrders: number[] = [];
const onlineOrders: number[] = [];
const of = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

const read = (id: number) => shop.read(id);
const customerAdvance = async () =>
  (
    await shop.t.database.pool.query<{ balance: number }>('SELECT balance FROM users WHERE phone = $1', [
      CUSTOMER,
    ])
  ).rows[0]!.balance;

/** Runs one step through the API; a refusal (4xx) is a fine answer, a server error never is. */
async function run(s: Step): Promise<void> {
  const { api, admin } = shop;
  const ok = (res: { status: number; body: unknown }, also: number[] = []) =>
    expect(
      res.status < 500 || also.includes(res.status),
      `${JSON.stringify(s)} → ${JSON.stringify(res.body)}`,
    ).toBe(true);
  if (s.kind === 'sale') {
    const total = s.qty * PRICE;
    const carts = [{ product_id: product, quantity: s.qty }];
    let pays: Array<{ method: string; amount: number; reference?: string }>;
    let phone: string | undefined;
    if (s.pay === 'exact') pays = [{ method: 'cash', amount: total }];
    else if (s.pay === 'change') pays = [{ method: 'cash', amount: total + s.extra }];
    else if (s.pay === 'split') {
      const b = Math.min(total, s.extra);
      pays = [{ method: 'bkash', amount: b, reference: `TRX${s.extra}` }];
      // The rest in cash, sometimes with change; nothing in cash when bKash paid it all.
      const cash = total - b + (s.extra % 7) * 10;
      if (cash > 0) pays.push({ method: 'cash', amount: cash });
    } else if (s.pay === 'credit') {
      phone = CUSTOMER;
      pays = [{ method: 'cash', amount: Math.min(total - 1, s.extra) }];
    } else {
      phone = CUSTOMER;
      const advance = await customerAdvance();
      const customer = (await api.get(`/api/customer/search/${CUSTOMER}`, admin)).body.data as Array<{
        id: number;
      }>;
      // The customer leaves money as an advance first (by Quick Edit), then pays from it.
      await api.post(
        `/api/customer/edit/${customer[0]!.id}`,
        { name: 'Random Karim', balance: advance + s.extra },
        admin,
      );
      const from = Math.min(total, advance + s.extra);
      pays = [{ method: 'balance', amount: from }];
      if (from < total) pays.push({ method: 'cash', amount: total - from });
    }
    const res = await api.post(
      '/api/order/add',
      { terminal: 1, ship: 0, carts, payments: pays, ...(phone && { phone }) },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    tillOrders.push((res.body.data as { id: number }).id);
  } else if (s.kind === 'part') {
    const id = of(tillOrders, s.pick);
    if (id === undefined) return;
    const o = await read(id);
    ok(await api.post(`/api/order/pay/${id}`, { status: o.status, paid: s.amount, method: s.method }, admin));
  } else if (s.kind === 'cancel') {
    const id = of([...tillOrders, ...onlineOrders], s.pick);
    if (id === undefined) return;
    ok(await api.post(`/api/order/pay/${id}`, { status: 4, paid: 0, refund: { method: s.method } }, admin));
  } else if (s.kind === 'return') {
    const id = of(tillOrders, s.pick);
    if (id === undefined) return;
    const o = await read(id);
    const left = o.carts.reduce((n, l) => n + l.quantity - (l.returned ?? 0), 0);
    const qty = Math.min(s.qty, left);
    if (o.status === 4 || qty <= 0) return;
    // What goes back: what was paid beyond the new total (the server's rule, stated by the shopkeeper).
    const total = o.subtotal - o.returned + o.ship - o.discount;
    const value = Math.min(qty * PRICE, o.subtotal - o.returned, Math.max(0, total));
    const amount = Math.max(0, o.paid - (total - value));
    const refund = amount > 0 ? { method: s.method, amount } : undefined;
    const res = await api.post(
      `/api/order/return/${id}`,
      { lines: [{ product_id: product, quantity: qty }], reason: 'Random', ...(refund && { refund }) },
      admin,
    );
    ok(res);
  } else if (s.kind === 'online') {
    const order = await shop.place(s.qty);
    onlineOrders.push(order.id);
    const res = await api.post(`/api/order/${order.id}/pay-online`, { method: 'bkash' }, shop.buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paymentID = (res.body.data as { url: string }).url.split('/checkout/')[1] ?? '';
    if (s.lose) bkash.executeTrouble = 'lose-answer';
    await shop.follow(bkash.authorize(paymentID));
    bkash.executeTrouble = undefined;
  } else if (s.kind === 'refund') {
    const id = of(onlineOrders, s.pick);
    if (id === undefined) return;
    if (s.lose) bkash.refundTrouble = 'lose-answer';
    const res = await api.post(
      `/api/order/${id}/refund-online`,
      { amount: s.amount, reason: 'Random' },
      admin,
    );
    bkash.refundTrouble = undefined;
    ok(res, [502]);
  } else {
    await payments.reconcileStarted(0, 0);
    await payments.settlePendingRefunds();
  }
}

/** The invariants that hold after every step. */
async function books(): Promise<void> {
  const q = <T extends Record<string, unknown>>(text: string) =>
    shop.t.database.pool.query<T>(text).then((r) => r.rows);
  const off = (await shop.api.get('/api/money/check', shop.admin)).body.data as MoneyMismatch[];
  expect(off, 'the books match the money ledger').toEqual([]);
  // No order has given back more than it took; no advance is below zero.
  expect(
    await q(`SELECT order_id FROM payments GROUP BY order_id HAVING sum(amount) < 0`),
    'an order gave back more than it took',
  ).toEqual([]);
  expect(await q(`SELECT id FROM users WHERE balance < 0`)).toEqual([]);
  // Every refund bKash made is recorded at most once, and exactly once unless it waits for its answer.
  const recorded = await q<{ reference: string; n: string }>(
    `SELECT reference, count(*) AS n FROM payments WHERE amount < 0 AND method = 'bkash' AND reference IS NOT NULL GROUP BY 1`,
  );
  const times = new Map(recorded.map((r) => [r.reference, Number(r.n)]));
  const pending = await q<{ payment_id: string }>(
    `SELECT a.payment_id FROM payment_refunds r JOIN payment_attempts a ON a.id = r.attempt_id WHERE r.state = 'pending'`,
  );
  const waiting = new Set(pending.map((p) => p.payment_id));
  for (const [paymentID, p] of bkash.payments)
    for (const r of p.refunds) {
      const n = times.get(r.refundTrxID) ?? 0;
      expect(n, `bKash refund ${r.refundTrxID} recorded ${n} times`).toBeLessThanOrEqual(1);
      if (!waiting.has(paymentID)) expect(n, `bKash refund ${r.refundTrxID} never recorded`).toBe(1);
    }
}

describe('the money core under random days', () => {
  it('keeps the books, never pays out more than was paid, and records every gateway refund once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 30 }), async (steps) => {
        for (const s of steps) {
          await run(s);
          await books();
        }
        // At the end of the day the jobs settle what waited: every refund is then recorded once.
        await run({ kind: 'jobs' });
        await books();
        const open = await shop.t.database.pool.query(
          `SELECT 1 FROM payment_refunds WHERE state = 'pending'`,
        );
        expect(open.rowCount, 'a pending refund bKash made is settled by the job').toBe(0);
      }),
      { numRuns: 10, endOnFailure: true },
    );
  }, 240_000);
});
