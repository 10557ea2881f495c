import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaysOf, Payments } from '../src/modules/payments/payments.service';
import type { SslcommerzAccount } from '../src/config';
import { SslcommerzDriver } from '../src/modules/payments/sslcommerz.driver';
import { FakeSslcommerz } from './fakes/sslcommerz';
import { paymentShop } from './payments-helpers';

const ssl = new FakeSslcommerz();
let shop: Awaited<ReturnType<typeof paymentShop>>;
/** Where the app listens: SSLCommerz's IPN reaches it there, server to server. */
let origin: string;

/** A port free on 127.0.0.1 now: the app listens there, at the address its PUBLIC_URL names. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  await ssl.start();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  shop = await paymentShop(ssl.env(), { publicUrl: origin });
  await shop.t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => ssl.close());

/**
 * Places an order and opens an SSLCommerz session for it. The request names another host (as a
 * forged Host or X-Forwarded-Host would): the return addresses are the shop's PUBLIC_URL all the same.
 */
async function started(quantity = 1) {
  const order = await shop.place(quantity, 'sslcommerz');
  const res = await shop.t.app.inject({
    method: 'POST',
    url: `/api/order/${order.id}/pay-online`,
    headers: {
      authorization: `Bearer ${shop.buyer.token}`,
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    },
    payload: { method: 'sslcommerz' },
  });
  expect(res.statusCode).toBe(200);
  const url = res.json<{ data: { url: string } }>().data.url;
  const session = ssl.sessions.get(url.split('/pay/')[1] ?? '');
  expect(session).toMatchObject({
    amount: `${order.due}.00`,
    urls: {
      success: `${origin}/api/payment/sslcommerz/success`,
      fail: `${origin}/api/payment/sslcommerz/fail`,
      cancel: `${origin}/api/payment/sslcommerz/cancel`,
      ipn: `${origin}/api/payment/sslcommerz/ipn`,
    },
  });
  return { order, tranId: session?.tran_id ?? '' };
}

describe('paying an order through SSLCommerz', () => {
  it('lists SSLCommerz as the only configured gateway', async () => {
    expect((await shop.api.get('/api/payment/methods')).body).toEqual({ data: ['sslcommerz'] });
  });

  it('is paid when the browser comes back and SSLCommerz validates the val_id', async () => {
    const { order, tranId } = await started(2);
    const { url, form } = ssl.finish(tranId);
    expect(await shop.follow(url, form)).toEqual({
      status: 303,
      location: `/user/success?order=${order.id}&payment=paid`,
    });
    const paid = await shop.read(order.id);
    expect(paid).toMatchObject({ paid: 260, due: 0 });
    expect(paid.payments).toEqual([
      expect.objectContaining({ method: 'sslcommerz', amount: 260, reference: form.bank_tran_id }),
    ]);
  });

  it('records the payment once when the IPN comes first and the browser after', async () => {
    const { order, tranId } = await started();
    ssl.finish(tranId);
    expect(await ssl.sendIpn(tranId)).toBe(200);
    expect(await shop.read(order.id)).toMatchObject({ paid: 160, due: 0 });
    const { url, form } = ssl.finish(tranId);
    expect((await shop.follow(url, form)).location).toBe(`/user/success?order=${order.id}&payment=paid`);
    expect((await shop.read(order.id)).payments).toHaveLength(1);
  });

  it('never marks paid when SSLCommerz validates another amount', async () => {
    const { order, tranId } = await started();
    ssl.payDifferentAmount = -10;
    try {
      const { url, form } = ssl.finish(tranId);
      expect((await shop.follow(url, form)).location).toContain('payment=failed');
    } finally {
      ssl.payDifferentAmount = 0;
    }
    expect(await shop.read(order.id)).toMatchObject({ paid: 0, due: 160 });
    expect((await shop.attempts(order.id))[0]?.detail).toMatch(/amount mismatch/);
  });

  it('pays nothing for a forged val_id, or a real one of another payment', async () => {
    const a = await started();
    const b = await started();
    const paidB = ssl.finish(b.tranId);
    await shop.follow(paidB.url, paidB.form);
    const forged = { tran_id: a.tranId, val_id: 'FORGED123', status: 'VALID', amount: '160.00' };
    expect((await shop.follow(`${origin}/api/payment/sslcommerz/success`, forged)).location).toContain(
      'payment=failed',
    );
    const borrowed = { ...forged, val_id: paidB.form.val_id ?? '' };
    expect((await shop.follow(`${origin}/api/payment/sslcommerz/ipn`, borrowed)).status).toBe(200);
    expect(await shop.read(a.order.id)).toMatchObject({ paid: 0, due: 160, payments: [] });
  });

  it('leaves the order unpaid when the payment fails or is cancelled', async () => {
    const a = await started();
    const failed = ssl.finish(a.tranId, 'failed');
    expect((await shop.follow(failed.url, failed.form)).location).toBe(
      `/user/success?order=${a.order.id}&payment=failed`,
    );
    const b = await started();
    const cancelled = ssl.finish(b.tranId, 'cancelled');
    expect((await shop.follow(cancelled.url, cancelled.form)).location).toBe(
      `/user/success?order=${b.order.id}&payment=cancelled`,
    );
    expect(await shop.read(b.order.id)).toMatchObject({ paid: 0, due: 160 });
  });

  it('ends an attempt only when SSLCommerz says so: a forged fail or cancel changes nothing, and tran_ids cannot be guessed', async () => {
    const a = await started();
    expect(a.tranId).toMatch(new RegExp(`^BZ${a.order.id}A\\d+R[0-9a-f]{12}$`));
    // Someone posts "failed" and "cancelled" for this customer's attempt while it is still open.
    for (const [path, status] of [
      ['fail', 'FAILED'],
      ['cancel', 'CANCELLED'],
    ] as const) {
      const forged = await shop.follow(`${origin}/api/payment/sslcommerz/${path}`, {
        tran_id: a.tranId,
        status,
      });
      expect(forged.location).toBe(`/user/success?order=${a.order.id}&payment=pending`);
    }
    expect((await shop.attempts(a.order.id))[0]?.status).toBe('started');
    // The customer pays after all: it is recorded.
    const { url, form } = ssl.finish(a.tranId);
    await shop.follow(url, form);
    expect(await shop.read(a.order.id)).toMatchObject({ paid: 160, due: 0 });
    // A "fail" that arrives for a paid attempt records the payment it finds, and changes nothing else.
    const late = await shop.follow(`${origin}/api/payment/sslcommerz/fail`, {
      tran_id: a.tranId,
      status: 'FAILED',
    });
    expect(late.location).toBe(`/user/success?order=${a.order.id}&payment=paid`);
    expect((await shop.read(a.order.id)).payments).toHaveLength(1);
  });

  it('finds a payment whose return and IPN were both lost, and records it once', async () => {
    const a = await started();
    ssl.finish(a.tranId); // paid on SSLCommerz's page; neither the browser nor the IPN reached the shop
    const payments = new Payments(shop.t.ctx, gatewaysOf(shop.t.ctx));
    expect(await payments.reconcileStarted(0, 0)).toBe(1);
    expect(await payments.reconcileStarted(0, 0)).toBe(0);
    const read = await shop.read(a.order.id);
    expect(read).toMatchObject({ paid: 160, due: 0 });
    expect(read.payments).toHaveLength(1);
  });

  it('refunds part of a payment through SSLCommerz, and can ask how the refund stands', async () => {
    const { order, tranId } = await started();
    const { url, form } = ssl.finish(tranId);
    await shop.follow(url, form);
    const res = await shop.api.post(
      `/api/order/${order.id}/refund-online`,
      { amount: 60, reason: 'Short weight' },
      shop.admin,
    );
    expect(res.body.data).toMatchObject({ paid: 100, due: 60 });
    const [reference] = (res.body.data as { references: string[] }).references;
    expect((await shop.read(order.id)).payments.map((p) => [p.method, p.amount, p.reference])).toEqual([
      ['sslcommerz', 160, form.bank_tran_id],
      ['sslcommerz', -60, reference],
    ]);
    const driver = new SslcommerzDriver(ssl.env() as SslcommerzAccount, 1000);
    expect(await driver.refundStatus(reference ?? '')).toBe('refunded');
    expect(
      (await shop.api.post(`/api/order/${order.id}/refund-online`, { amount: 101, reason: 'x' }, shop.admin))
        .status,
    ).toBe(422);
  });

  it('never gives back more than the order still shows paid: an online refund after a return into the advance is refused before SSLCommerz is asked', async () => {
    // 3 rice and the delivery: 360 paid through SSLCommerz.
    const { order, tranId } = await started(3);
    const { url, form } = ssl.finish(tranId);
    await shop.follow(url, form);
    const session = [...ssl.sessions.values()].find((x) => x.tran_id === tranId)!;
    const refund = (amount: number) =>
      shop.api.post(`/api/order/${order.id}/refund-online`, { amount, reason: 'Short weight' }, shop.admin);
    expect((await refund(100)).body.data).toMatchObject({ paid: 260 });
    // Two bags come back: 100 of what was paid goes into the customer's advance.
    const product = (await shop.read(order.id)).carts[0]!.product_id;
    const back = await shop.api.post(
      `/api/order/return/${order.id}`,
      {
        lines: [{ product_id: product, quantity: 2 }],
        refund: { method: 'balance', amount: 100 },
        reason: 'Torn',
      },
      shop.admin,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect((await shop.read(order.id)).paid).toBe(160);
    // SSLCommerz still holds 260 of this payment, the order only 160: 200 would pay out 400 for 360.
    const asked = session.refunds.length;
    const over = await refund(200);
    expect([over.status, over.body.errors]).toEqual([
      422,
      { amount: ['The order shows 160 BDT paid: no more than that can go back.'] },
    ]);
    expect(session.refunds.length, 'SSLCommerz was never asked').toBe(asked);
    const check = await shop.api.get('/api/money/check', shop.admin);
    expect(check.body).toEqual({ data: [] });
    // What is left goes back, and the customer has then had exactly what they paid.
    expect((await refund(160)).body.data).toMatchObject({ paid: 0 });
    const given = (await shop.read(order.id)).payments.filter((p) => p.amount < 0);
    expect(given.reduce((sum, p) => sum - p.amount, 0)).toBe(360);
    expect((await shop.api.get('/api/money/check', shop.admin)).body).toEqual({ data: [] });
  });
});
