import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BkashAccount } from '../src/config';
import { BkashDriver } from '../src/modules/payments/bkash.driver';
import { gatewaysOf, Payments } from '../src/modules/payments/payments.service';
import { FakeBkash } from './fakes/bkash';
import { registerCustomer } from './helpers';
import { paymentShop } from './payments-helpers';

const bkash = new FakeBkash();
let shop: Awaited<ReturnType<typeof paymentShop>>;

beforeAll(async () => {
  await bkash.start();
  shop = await paymentShop(bkash.env());
});
afterAll(() => bkash.close());

/** Places an order and starts paying it with bKash: the order, and bKash's paymentID. */
async function started(quantity = 1) {
  const order = await shop.place(quantity);
  const res = await shop.api.post(`/api/order/${order.id}/pay-online`, { method: 'bkash' }, shop.buyer.token);
  expect(res.status).toBe(200);
  const url = (res.body.data as { url: string }).url;
  expect(url).toMatch(`${bkash.url}/checkout/`);
  const paymentID = url.split('/checkout/')[1] ?? '';
  expect(bkash.payments.get(paymentID)).toMatchObject({
    amount: `${order.due}.00`,
    callbackURL: 'http://shop.test/api/payment/bkash/callback',
  });
  return { order, paymentID };
}
const callback = (paymentID: string, status: string) =>
  shop.follow(`http://shop.test/api/payment/bkash/callback?paymentID=${paymentID}&status=${status}`);

describe('paying an order with bKash', () => {
  it('lists bKash as the only configured gateway', async () => {
    expect((await shop.api.get('/api/payment/methods')).body).toEqual({ data: ['bkash'] });
  });

  it("sends bKash back to the shop's PUBLIC_URL, whatever host the request names", async () => {
    const order = await shop.place();
    const res = await shop.api.post(
      `/api/order/${order.id}/pay-online`,
      { method: 'bkash' },
      shop.buyer.token,
      {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    );
    expect(res.status).toBe(200);
    const paymentID = (res.body.data as { url: string }).url.split('/checkout/')[1] ?? '';
    expect(bkash.payments.get(paymentID)?.callbackURL).toBe('http://shop.test/api/payment/bkash/callback');
  });

  it('is paid only after the server executes the payment, once however often bKash calls back', async () => {
    const { order, paymentID } = await started(2);
    expect(order).toMatchObject({ due: 260, paid: 0 });
    // The browser and a replay of its callback at the same moment, then once more later.
    const url = bkash.authorize(paymentID);
    // The first execute answers late: the second callback finds the payment taken and records it.
    bkash.executeDelayMs = 150;
    const both = await Promise.all([shop.follow(url), shop.follow(url)]).finally(() => {
      bkash.executeDelayMs = 0;
    });
    for (const back of both)
      expect(back).toEqual({ status: 303, location: `/user/success?order=${order.id}&payment=paid` });
    const again = await shop.follow(url);
    expect(again.location).toBe(`/user/success?order=${order.id}&payment=paid`);
    const paid = await shop.read(order.id);
    expect(paid).toMatchObject({ paid: 260, due: 0 });
    expect(paid.payments).toEqual([
      expect.objectContaining({
        method: 'bkash',
        amount: 260,
        reference: bkash.payments.get(paymentID)?.trxID,
      }),
    ]);
    expect((await shop.attempts(order.id))[0]).toMatchObject({ status: 'completed', amount: 260 });
  });

  it('tells the customer of an order paid online once, when the payment is confirmed; cash on delivery at placing', async () => {
    const texts = async () =>
      (
        await shop.t.database.pool.query<{ message: string }>(
          "SELECT message FROM sms_outbox WHERE to_phone = $1 AND kind = 'order' ORDER BY id",
          [shop.buyer.phone],
        )
      ).rows.map((r) => r.message);
    const before = (await texts()).length;
    const { order, paymentID } = await started(1);
    // Placed to be paid with bKash: nothing yet (the payment may never come).
    expect(await texts()).toHaveLength(before);
    const url = bkash.authorize(paymentID);
    await shop.follow(url);
    await shop.follow(url);
    const after = await texts();
    expect(after.slice(before)).toEqual([
      `Thank you, Rahima! Your order #${order.id} is placed and 160 BDT is paid. Nothing to pay at the door.`,
    ]);

    // Cash on delivery: told at placing; paying online later tells nothing more.
    const cod = await shop.place(1, 'cod');
    const placed = await texts();
    expect(placed).toHaveLength(after.length + 1);
    expect(placed.at(-1)).toContain(`Your order #${cod.id} is placed`);
    const res = await shop.api.post(`/api/order/${cod.id}/pay-online`, { method: 'bkash' }, shop.buyer.token);
    const codPayment = (res.body.data as { url: string }).url.split('/checkout/')[1] ?? '';
    await shop.follow(bkash.authorize(codPayment));
    expect((await shop.read(cod.id)).due).toBe(0);
    expect(await texts()).toHaveLength(placed.length);
  });

  it('leaves the order unpaid when the payment fails or is cancelled on the bKash page', async () => {
    const a = await started();
    bkash.payFails = true;
    const failed = await fetch(`${bkash.url}/checkout/${a.paymentID}/pay`, { redirect: 'manual' });
    bkash.payFails = false;
    expect(await shop.follow(failed.headers.get('location') ?? '')).toMatchObject({
      location: `/user/success?order=${a.order.id}&payment=failed`,
    });
    const b = await started();
    const res = await fetch(`${bkash.url}/checkout/${b.paymentID}/cancel`, { redirect: 'manual' });
    expect((await shop.follow(res.headers.get('location') ?? '')).location).toBe(
      `/user/success?order=${b.order.id}&payment=cancelled`,
    );
    for (const o of [a.order, b.order])
      expect(await shop.read(o.id)).toMatchObject({ paid: 0, due: 160, payments: [] });
    expect((await shop.attempts(b.order.id))[0]?.status).toBe('cancelled');
  });

  it('ends an attempt only when bKash says so: a forged failure or cancel callback changes nothing', async () => {
    const a = await started();
    for (const status of ['failure', 'cancel']) {
      expect((await callback(a.paymentID, status)).location).toBe(
        `/user/success?order=${a.order.id}&payment=pending`,
      );
    }
    expect((await shop.attempts(a.order.id))[0]?.status).toBe('started');
    await shop.follow(bkash.authorize(a.paymentID));
    expect(await shop.read(a.order.id)).toMatchObject({ paid: 160, due: 0 });
  });

  it('pays nothing on a forged callback: an unknown paymentID, or success for a payment bKash never took', async () => {
    expect(await callback('TR0011FORGED', 'success')).toEqual({
      status: 303,
      location: '/user/success?payment=failed',
    });
    const { order, paymentID } = await started();
    expect((await callback(paymentID, 'success')).location).toBe(
      `/user/success?order=${order.id}&payment=failed`,
    );
    expect(await shop.read(order.id)).toMatchObject({ paid: 0, due: 160, payments: [] });
    expect(bkash.payments.get(paymentID)?.status).toBe('Initiated');
  });

  it('asks for the status when the answer to execute is lost, and records the payment once', async () => {
    const { order, paymentID } = await started();
    bkash.executeTrouble = 'lose-answer';
    expect((await shop.follow(bkash.authorize(paymentID))).location).toBe(
      `/user/success?order=${order.id}&payment=paid`,
    );
    expect(bkash.requests.filter((r) => r.path.endsWith('/payment/status')).length).toBeGreaterThan(0);
    expect(await shop.read(order.id)).toMatchObject({ paid: 160, due: 0 });
  });

  it('leaves the order unpaid when execute never answers and bKash has not taken the money', async () => {
    const { order, paymentID } = await started();
    bkash.executeTrouble = 'hang';
    expect((await shop.follow(bkash.authorize(paymentID))).location).toContain('payment=failed');
    expect(await shop.read(order.id)).toMatchObject({ paid: 0, due: 160, payments: [] });
  });

  it('never marks paid when bKash took another amount than asked', async () => {
    const { order, paymentID } = await started();
    bkash.payDifferentAmount = 5;
    try {
      expect((await shop.follow(bkash.authorize(paymentID))).location).toContain('payment=failed');
    } finally {
      bkash.payDifferentAmount = 0;
    }
    expect(await shop.read(order.id)).toMatchObject({ paid: 0, due: 160 });
    expect((await shop.attempts(order.id))[0]?.detail).toMatch(/amount mismatch/);
  });

  it('refunds a payment that completes after the order was cancelled', async () => {
    const { order, paymentID } = await started();
    const cancel = await shop.api.post(`/api/order/pay/${order.id}`, { status: 4, paid: 0 }, shop.admin);
    expect(cancel.status).toBe(200);
    expect((await shop.follow(bkash.authorize(paymentID))).location).toContain('payment=paid');
    const after = await shop.read(order.id);
    expect(after).toMatchObject({ status: 4, paid: 0 });
    expect(after.payments.map((p) => [p.method, p.amount])).toEqual([
      ['bkash', 160],
      ['bkash', -160],
    ]);
    expect(bkash.payments.get(paymentID)?.refunded).toBe(160);
  });

  it('lets only the order’s own customer pay, an order with something due, through a configured gateway', async () => {
    const order = await shop.place();
    const other = await registerCustomer(shop.t.app, { verified: true, database: shop.t.database });
    expect(
      (await shop.api.post(`/api/order/${order.id}/pay-online`, { method: 'bkash' }, other.token)).status,
    ).toBe(403);
    const ssl = await shop.api.post(
      `/api/order/${order.id}/pay-online`,
      { method: 'sslcommerz' },
      shop.buyer.token,
    );
    expect(ssl.status).toBe(422);
    await shop.api.post(`/api/order/pay/${order.id}`, { status: 0, paid: 160 }, shop.admin);
    expect(
      (await shop.api.post(`/api/order/${order.id}/pay-online`, { method: 'bkash' }, shop.buyer.token))
        .status,
    ).toBe(409);
  });
});

describe('refunding an online payment from the back office', () => {
  it('gives back part, then the rest, never more than was paid online; a refusal writes nothing', async () => {
    const { order, paymentID } = await started(3);
    await shop.follow(bkash.authorize(paymentID));
    const refund = (amount: number) =>
      shop.api.post(`/api/order/${order.id}/refund-online`, { amount, reason: 'Out of stock' }, shop.admin);
    const part = await refund(100);
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({ paid: 260, due: 100 });
    expect((await refund(261)).status).toBe(422);
    bkash.refuseRefunds = true;
    const refused = await refund(50);
    bkash.refuseRefunds = false;
    expect(refused).toMatchObject({ status: 502, body: { code: 'payment_failed' } });
    expect(await shop.read(order.id)).toMatchObject({ paid: 260, due: 100 });
    expect((await refund(260)).body.data).toMatchObject({ paid: 0, due: 360 });
    expect((await refund(1)).status).toBe(422);
    const payments = (await shop.read(order.id)).payments;
    expect(payments.map((p) => p.amount)).toEqual([360, -100, -260]);
    expect(payments[1]?.reference).toMatch(/^RF/);
    expect((await shop.attempts(order.id))[0]).toMatchObject({ refunded: 360 });
    expect(
      (
        await shop.api.post(
          `/api/order/${order.id}/refund-online`,
          { amount: 1, reason: 'x' },
          shop.buyer.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('online refunds that cannot pay out twice or more than was paid', () => {
  const refund = (orderId: number, amount: number) =>
    shop.api.post(`/api/order/${orderId}/refund-online`, { amount, reason: 'Out of stock' }, shop.admin);

  it('refuses, before asking bKash, a refund above what the order still shows as paid', async () => {
    // Paid 260 by bKash; a return of one rice puts its 100 into the customer's advance: the order
    // shows 160 paid, so at most 160 may go back online, though the payment itself has 260 left.
    const { order, paymentID } = await started(2);
    await shop.follow(bkash.authorize(paymentID));
    const productId = (await shop.read(order.id)).carts[0]!.product_id;
    const back = await shop.api.post(
      `/api/order/return/${order.id}`,
      { lines: [{ product_id: productId, quantity: 1 }], refund: { method: 'balance', amount: 100 } },
      shop.admin,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(await shop.read(order.id)).toMatchObject({ paid: 160 });
    const over = await refund(order.id, 200);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('The order shows 160 BDT paid: no more than that can go back.');
    expect(bkash.payments.get(paymentID)!.refunds).toHaveLength(0);
    expect((await shop.attempts(order.id))[0]).toMatchObject({ refunded: 0 });
    expect((await refund(order.id, 160)).status).toBe(200);
    expect(await shop.read(order.id)).toMatchObject({ paid: 0, due: 160 });
    expect(bkash.payments.get(paymentID)!.refunds.map((r) => r.amount)).toEqual([160]);
  });

  it('keeps a refund whose answer was lost pending, never sends it again, and records it once when bKash says it was made', async () => {
    const { order, paymentID } = await started(2);
    await shop.follow(bkash.authorize(paymentID));
    bkash.refundTrouble = 'lose-answer';
    const lost = await refund(order.id, 50);
    expect(lost.status).toBe(502);
    expect(lost.body.message).toMatch(/The refund is pending/);
    // bKash made it; the shop does not know yet: the order is unchanged and the amount reserved.
    expect(bkash.payments.get(paymentID)!.refunds).toHaveLength(1);
    expect(await shop.read(order.id)).toMatchObject({ paid: 260 });
    const again = await refund(order.id, 50);
    expect(again.status).toBe(409);
    expect(bkash.payments.get(paymentID)!.refunds).toHaveLength(1);

    const payments = new Payments(shop.t.ctx, gatewaysOf(shop.t.ctx));
    expect(await payments.settlePendingRefunds()).toBe(1);
    expect(await payments.settlePendingRefunds()).toBe(0);
    const read = await shop.read(order.id);
    expect(read).toMatchObject({ paid: 210 });
    expect(read.payments.map((p) => p.amount)).toEqual([260, -50]);
    expect(read.payments[1]?.reference).toBe(bkash.payments.get(paymentID)!.refunds[0]!.refundTrxID);
    const rows = await shop.t.database.pool.query(
      'SELECT state, amount FROM payment_refunds WHERE order_id = $1',
      [order.id],
    );
    expect(rows.rows).toEqual([{ state: 'done', amount: 50 }]);
    // Settled, the rest may go back.
    expect((await refund(order.id, 210)).status).toBe(200);
    expect(bkash.payments.get(paymentID)!.refunds.map((r) => r.amount)).toEqual([50, 210]);
  });
});

describe('payments whose answers were lost', () => {
  const checksOf = async (orderId: number) =>
    (
      await shop.t.database.pool.query<{ status: string; checks: number }>(
        'SELECT status, checks FROM payment_attempts WHERE order_id = $1',
        [orderId],
      )
    ).rows[0];

  it('finds a payment the shopper made whose return never came, records it once, and asks about an open one with a growing wait', async () => {
    const payments = new Payments(shop.t.ctx, gatewaysOf(shop.t.ctx));
    const { order, paymentID } = await started();
    // The shopper paid on bKash's page; the browser never came back (bKash sends no notice).
    const back = bkash.authorize(paymentID);
    expect(await payments.reconcileStarted(0, 0)).toBe(1);
    expect(await shop.read(order.id)).toMatchObject({ paid: 160, due: 0 });
    expect(await payments.reconcileStarted(0, 0)).toBe(0);
    // The browser's late return changes nothing more.
    await shop.follow(back);
    expect((await shop.read(order.id)).payments).toHaveLength(1);

    // An attempt still open on bKash's page: asked about once, then not again within its wait.
    const open = await started();
    expect(await payments.reconcileStarted(0, 60_000)).toBe(0);
    expect(await checksOf(open.order.id)).toEqual({ status: 'started', checks: 1 });
    expect(await payments.reconcileStarted(0, 60_000)).toBe(0);
    expect(await checksOf(open.order.id)).toEqual({ status: 'started', checks: 1 });
    // The shopper cancels on bKash's page and the return is lost: the next ask ends it.
    bkash.payments.get(open.paymentID)!.status = 'Cancelled';
    expect(await payments.reconcileStarted(0, 0)).toBe(0);
    expect(await checksOf(open.order.id)).toMatchObject({ status: 'cancelled' });
  });
});

describe('the Online payments list', () => {
  it('lists each attempt with its state, filters by state, and counts what needs a look', async () => {
    const paid = await started();
    await shop.follow(bkash.authorize(paid.paymentID));
    const refunding = await started();
    await shop.follow(bkash.authorize(refunding.paymentID));
    bkash.refundTrouble = 'lose-answer';
    expect(
      (
        await shop.api.post(
          `/api/order/${refunding.order.id}/refund-online`,
          { amount: 60, reason: 'Damaged' },
          shop.admin,
        )
      ).status,
    ).toBe(502);
    const open = await started();
    // Begun 20 minutes ago and still open: it needs a look too.
    await shop.t.database.pool.query(
      `UPDATE payment_attempts SET created_at = now() - interval '20 minutes' WHERE order_id = $1`,
      [open.order.id],
    );
    const mine = [paid.order.id, refunding.order.id, open.order.id];
    const list = await shop.api.get('/api/online-payments?per_page=100', shop.admin);
    expect(list.status).toBe(200);
    const rows = (
      list.body.data as Array<{ order_id: number; state: string; refund_pending: number }>
    ).filter((r) => mine.includes(r.order_id));
    expect(rows.map((r) => [r.order_id, r.state, r.refund_pending])).toEqual([
      [open.order.id, 'pending', 0],
      [refunding.order.id, 'refund_pending', 60],
      [paid.order.id, 'paid', 0],
    ]);
    const meta = list.body.meta as { totals: { attention: number } };
    expect(meta.totals.attention).toBeGreaterThanOrEqual(2);
    const pendingRefunds = await shop.api.get(
      '/api/online-payments?state=refund_pending&per_page=100',
      shop.admin,
    );
    expect(
      (pendingRefunds.body.data as Array<{ order_id: number; state: string }>).every(
        (r) => r.state === 'refund_pending',
      ),
    ).toBe(true);
    expect(
      (pendingRefunds.body.data as Array<{ order_id: number }>).some(
        (r) => r.order_id === refunding.order.id,
      ),
    ).toBe(true);
    expect((await shop.api.get('/api/online-payments?state=lost', shop.admin)).status).toBe(422);
    expect((await shop.api.get('/api/online-payments', shop.buyer.token)).status).toBe(403);
    // Settled: no longer pending.
    await new Payments(shop.t.ctx, gatewaysOf(shop.t.ctx)).settlePendingRefunds();
    const after = await shop.api.get('/api/online-payments?state=paid&per_page=100', shop.admin);
    expect(
      (after.body.data as Array<{ order_id: number }>).some((r) => r.order_id === refunding.order.id),
    ).toBe(true);
  });
});

describe('the bKash token', () => {
  it('is granted once, kept until shortly before it expires, then refreshed; an expired one is granted anew', async () => {
    const fake = new FakeBkash();
    await fake.start();
    try {
      let now = Date.now();
      const driver = new BkashDriver(fake.env() as BkashAccount, 1000, () => now);
      const pay = () =>
        driver.create({
          amount: 10,
          invoice: 'T1',
          payerReference: '01700000000',
          callbackURL: 'http://x/cb',
        });
      await pay();
      await pay();
      expect([fake.grants, fake.refreshes]).toEqual([1, 0]);
      now += 3600_000 - 30_000;
      await pay();
      expect([fake.grants, fake.refreshes]).toEqual([1, 1]);
      fake.expireTokens();
      await pay();
      expect([fake.grants, fake.refreshes]).toEqual([2, 1]);
    } finally {
      await fake.close();
    }
  });
});

describe('the online payment configuration', () => {
  it('turns a gateway on only with its whole account, refuses a part, and keeps no trailing slash', async () => {
    const { loadConfig } = await import('../src/config');
    const base = { LOG_LEVEL: 'silent' };
    expect(loadConfig(base).payments).toMatchObject({ bkash: undefined, sslcommerz: undefined });
    const on = loadConfig({ ...base, ...bkash.env(), PUBLIC_URL: 'https://shop.example.com/' });
    expect(on.payments.bkash?.BKASH_BASE_URL).toBe(`${bkash.url}/v1.2.0-beta`);
    expect(on.publicUrl).toBe('https://shop.example.com');
    expect(() => loadConfig({ ...base, BKASH_APP_KEY: 'k', BKASH_PASSWORD: 'p' })).toThrow(
      /bKash is configured in part: also set BKASH_BASE_URL, BKASH_APP_SECRET, BKASH_USERNAME/,
    );
    expect(() => loadConfig({ ...base, SSLCOMMERZ_STORE_ID: 'x' })).toThrow(
      /SSLCommerz is configured in part/,
    );
  });
});
