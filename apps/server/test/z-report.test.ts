import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, staffToken, testApp, type TestApp } from './helpers';

/**
 * Issue 26, the shift's Z report: a closed shift's sales, cancelled sales, returns, discounts and
 * each method's money (payments with their count, refunds, change), from the orders and the money
 * ledger; the cashier reads their own, a manager any; none while the shift is open.
 */
let t: TestApp;
let owner: string;
let cashier: { id: number; phone: string; token: string };
let other: { id: number; phone: string; token: string };
let manager: { id: number; phone: string; token: string };
let productId: number;
const api = () => client(t.app);

beforeAll(async () => {
  t = await testApp();
  owner = await adminToken(t);
  cashier = await staffToken(t, 'cashier', owner);
  other = await staffToken(t, 'cashier', owner);
  manager = await staffToken(t, 'manager', owner);
  const brand = await makeBrand(t.app, owner);
  const [product] = await makeProduct(t.app, owner, brand, { price: '100', qty: '100' });
  productId = product!.id;
});

const sale = (qty: number, payments: Array<Record<string, unknown>>, more: Record<string, unknown> = {}) => ({
  terminal: 1,
  phone: '',
  ship: 0,
  discount: 0,
  payments,
  carts: [{ product_id: productId, quantity: qty }],
  ...more,
});

describe('the Z report of a shift', () => {
  it('counts the sales, returns, discounts and each method; only once the shift is closed', async () => {
    expect((await api().post('/api/shift/open', { float: 500 }, cashier.token)).status).toBe(201);
    // 300 in cash from a 500 note (200 change); 200 by bKash; 400 less a 20 discount in cash and card.
    const cash = await api().post(
      '/api/order/add',
      sale(3, [{ method: 'cash', amount: 500 }]),
      cashier.token,
    );
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    const bkash = await api().post(
      '/api/order/add',
      sale(2, [{ method: 'bkash', amount: 200, reference: 'TRX1' }]),
      cashier.token,
    );
    expect(bkash.status, JSON.stringify(bkash.body)).toBe(201);
    const split = await api().post(
      '/api/order/add',
      sale(
        4,
        [
          { method: 'cash', amount: 180 },
          { method: 'card', amount: 200, reference: 'CARD7' },
        ],
        { discount: 20 },
      ),
      cashier.token,
    );
    expect(split.status, JSON.stringify(split.body)).toBe(201);
    // One of the cash sale's three comes back, 100 in cash (a manager approves at the till).
    const cashId = (cash.body.data as { id: number }).id;
    const back = await api().post(
      `/api/order/return/${cashId}`,
      {
        lines: [{ product_id: productId, quantity: 1 }],
        refund: { method: 'cash', amount: 100 },
        approval: { phone: manager.phone, pin: '1234' },
      },
      cashier.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);

    const shiftId = ((await api().get('/api/shift/current', cashier.token)).body.data as { id: number }).id;
    const early = await api().get(`/api/shift/${shiftId}/report`, cashier.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The shift is still open: its report is printed once it is closed.');

    // Expected: 500 float + 300 + 180 − 100 = 880; counted 870.
    const closed = await api().post('/api/shift/close', { counted: 870 }, cashier.token);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const report = await api().get(`/api/shift/${shiftId}/report`, cashier.token);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const data = report.body.data as Record<string, unknown> & { shift: Record<string, unknown> };
    expect(data.shift).toMatchObject({
      id: shiftId,
      opening_float: 500,
      expected: 880,
      counted: 870,
      difference: -10,
    });
    expect(data.sales).toEqual({ count: 3, amount: 880, discounts: 20 });
    expect(data.voided).toEqual({ count: 0, amount: 0 });
    expect(data.returns).toEqual({ count: 1, value: 100 });
    expect(data.methods).toEqual([
      { method: 'bkash', count: 1, received: 200, refunds: 0, change: 0, net: 200 },
      { method: 'card', count: 1, received: 200, refunds: 0, change: 0, net: 200 },
      { method: 'cash', count: 2, received: 680, refunds: 100, change: 200, net: 380 },
    ]);
    // Another cashier cannot read it; a manager (who sees the shifts) can.
    expect((await api().get(`/api/shift/${shiftId}/report`, other.token)).status).toBe(404);
    expect((await api().get(`/api/shift/${shiftId}/report`, manager.token)).status).toBe(200);
    expect((await api().get('/api/shift/999999/report', manager.token)).status).toBe(404);
  });
});
