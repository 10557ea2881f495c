import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, newPhone, testApp, type TestApp } from './helpers';

/** Shifts and the drawer, the day's money by method after returns, Close Cash that freezes, customers' dues. */
let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
});

type Shift = {
  id: number;
  opening_float: number;
  cash_sales: number;
  cash_refunds: number;
  cash_moves: number;
  expected: number;
  counted: number | null;
  difference: number | null;
  closed: string | null;
  moves: Array<{ amount: number; reason: string }>;
};

describe('a shift and its drawer', () => {
  it('opens with a float, counts cash sales, refunds and moves, and keeps the difference at the close', async () => {
    const cashier = await adminToken(t, newPhone());
    const [p] = await makeProduct(t.app, admin, brand, { price: '680', qty: '10' });
    expect((await api.get('/api/shift/current', cashier)).body).toEqual({ data: null });
    expect((await api.post('/api/shift/move', { amount: -50, reason: 'Tea' }, cashier)).status).toBe(409);
    const opened = await api.post('/api/shift/open', { float: 500 }, cashier);
    expect(opened.status).toBe(201);
    expect((await api.post('/api/shift/open', { float: 500 }, cashier)).status).toBe(409);
    const shiftId = (opened.body.data as Shift).id;

    const sold = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        ship: 0,
        carts: [{ product_id: p!.id, quantity: 1 }],
        payments: [{ method: 'cash', amount: 1000 }],
      },
      cashier,
    );
    const order = sold.body.data as { id: number; shift_id: number; change: number };
    expect(order).toMatchObject({ shift_id: shiftId, change: 320 });
    // A bKash sale is not cash in the drawer.
    await api.post(
      '/api/order/add',
      {
        terminal: 1,
        ship: 0,
        carts: [{ product_id: p!.id, quantity: 1 }],
        payments: [{ method: 'bkash', amount: 680 }],
      },
      cashier,
    );
    await api.post('/api/shift/move', { amount: -200, reason: 'Supplier paid in cash' }, cashier);
    await api.post('/api/shift/move', { amount: 100, reason: 'Change bought' }, cashier);
    // A return with 680 back in cash leaves the drawer.
    await api.post(
      `/api/order/return/${order.id}`,
      { lines: [{ product_id: p!.id, quantity: 1 }], refund: { method: 'cash', amount: 680 } },
      cashier,
    );
    const current = (await api.get('/api/shift/current', cashier)).body.data as Shift;
    expect(current).toMatchObject({ cash_sales: 680, cash_refunds: 680, cash_moves: -100, expected: 400 });
    expect(current.moves.map((m) => [m.amount, m.reason])).toEqual([
      [-200, 'Supplier paid in cash'],
      [100, 'Change bought'],
    ]);
    // Someone else's sales are not in this drawer.
    await api.post(
      '/api/order/add',
      {
        terminal: 1,
        ship: 0,
        carts: [{ product_id: p!.id, quantity: 1 }],
        payments: [{ method: 'cash', amount: 680 }],
      },
      admin,
    );
    const closed = await api.post('/api/shift/close', { counted: 390, note: 'Short by 10' }, cashier);
    expect(closed.body.data).toMatchObject({
      expected: 400,
      counted: 390,
      difference: -10,
      note: 'Short by 10',
    });
    expect((closed.body.data as Shift).closed).not.toBeNull();
    // Closed shifts keep their figures; the list has it.
    const list = (await api.get('/api/shifts', admin)).body.data as Shift[];
    expect(list.find((s) => s.id === shiftId)).toMatchObject({
      expected: 400,
      counted: 390,
      difference: -10,
    });
    expect((await api.post('/api/shift/close', { counted: 1 }, cashier)).status).toBe(409);
  });
});

describe("the day's money", () => {
  it('counts by method, takes refunds and returns off, and shows the cash in the drawer', async () => {
    const shop = await testApp();
    const a = client(shop.app);
    const boss = await adminToken(shop);
    const b = await makeBrand(shop.app, boss);
    const [p] = await makeProduct(shop.app, boss, b, { price: '100', qty: '50', buyprice: '60' });
    const sell = (payments: unknown[], quantity = 1) =>
      a.post(
        '/api/order/add',
        { terminal: 1, ship: 0, carts: [{ product_id: p!.id, quantity }], payments },
        boss,
      );
    const o1 = (await sell([{ method: 'cash', amount: 500 }], 3)).body.data as { id: number };
    await sell([{ method: 'bkash', amount: 100, reference: 'BK1' }]);
    await sell([
      { method: 'nagad', amount: 60 },
      { method: 'card', amount: 40 },
    ]);
    await a.post('/api/expance/add', { detail: 'Rickshaw', amount: 20 }, boss);
    await a.post(
      `/api/order/return/${o1.id}`,
      { lines: [{ product_id: p!.id, quantity: 1 }], refund: { method: 'cash', amount: 100 } },
      boss,
    );

    const today = (await a.get('/api/profit-loss', boss)).body;
    expect(today).toMatchObject({
      order_count: 3,
      order_total: 400, // 500 of sales, 100 back
      received: 400,
      expance: 20,
      by_method: { cash: 200, bkash: 100, nagad: 60, card: 40, balance: 0 },
      refunds: 100,
      returns: 100,
      cash_moves: 0,
      drawer: 180, // cash 300 − refund 100 − expense 20
    });
    // The spec's "Cash in hand" (paid − expense) stays as it was defined: 380, whatever the method.
    const rows = (await a.get('/api/daily-report', boss)).body.data as Array<Record<string, unknown>>;
    expect(rows[0]).toMatchObject({
      paid: 400,
      expance: 20,
      cash: 380,
      drawer: 180,
      refunds: 100,
      closed: false,
    });
    // A refunded sale is no profit: 5 sold, 1 back.
    const sales = (await a.get('/api/product-sale', boss)).body as unknown as Array<{
      product_id: number;
      qty: number;
    }>;
    expect(sales.find((r) => r.product_id === p!.id)?.qty).toBe(4);
  });

  it('Close Cash freezes the day: what comes after shows as a change after closing', async () => {
    const shop = await testApp();
    const a = client(shop.app);
    const boss = await adminToken(shop);
    await a.post('/api/expance/add', { detail: 'Tea', amount: 30 }, boss);
    const closed = await a.post('/api/save-report', {}, boss);
    expect(closed.body).toMatchObject({
      message: 'Cash updated',
      data: { expance: 30, cash: -30, drawer: -30 },
    });
    await a.post('/api/expance/add', { detail: 'Late bill', amount: 70 }, boss);
    const [row] = (await a.get('/api/daily-report', boss)).body.data as Array<Record<string, unknown>>;
    expect(row).toMatchObject({
      expance: 30,
      cash: -30,
      closed: true,
      after_close: { expance: 70, cash: -70, drawer: -70 },
    });
    expect(row?.closed_at).toEqual(expect.any(String));
  });
});

describe("customers' dues (baki khata)", () => {
  it('lists what each customer owes, and a payment settles the oldest orders first', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '50' });
    const phone = newPhone().replace(/^017/, '018');
    const c = (await api.post('/api/customer/add', { phone, name: 'Baki Customer' }, admin)).body.data as {
      id: number;
    };
    const owe = async (paid: number) =>
      (
        await api.post(
          '/api/order/add',
          {
            terminal: 1,
            ship: 0,
            phone,
            carts: [{ product_id: p!.id, quantity: 1 }],
            payments: paid ? [{ method: 'cash', amount: paid }] : undefined,
          },
          admin,
        )
      ).body.data as { id: number };
    const first = await owe(20); // 80 due
    const second = await owe(0); // 100 due
    const list = (await api.get('/api/customer/search/Baki', admin)).body.data as Array<{
      due: number;
      balance: number;
    }>;
    expect(list[0]).toMatchObject({ due: 180, balance: 0 });

    const dues = (await api.get(`/api/customer/dues/${c.id}`, admin)).body.data as {
      orders: Array<{ id: number; due: number }>;
    };
    expect(dues.orders.map((o) => [o.id, o.due])).toEqual([
      [first.id, 80],
      [second.id, 100],
    ]);
    const tooMuch = await api.post(`/api/customer/pay/${c.id}`, { amount: 181, method: 'cash' }, admin);
    expect([tooMuch.status, tooMuch.body.message]).toEqual([422, 'Amount is large']);
    const paid = await api.post(
      `/api/customer/pay/${c.id}`,
      { amount: 130, method: 'bkash', reference: 'BKDUE1', sms: true },
      admin,
    );
    expect(paid.body.data).toEqual({
      paid: [
        { order_id: first.id, amount: 80 },
        { order_id: second.id, amount: 50 },
      ],
      due: 50,
    });
    const sms = await t.database.pool.query('SELECT message FROM sms_outbox WHERE to_phone = $1', [phone]);
    expect(sms.rows.map((r) => r.message)).toEqual([
      'Bazar: received 130 BDT against your dues, thank you. Still due: 50 BDT.',
    ]);
    const again = (await api.get(`/api/customer/dues/${c.id}`, admin)).body.data as {
      orders: Array<{ id: number; due: number }>;
    };
    expect(again.orders.map((o) => [o.id, o.due])).toEqual([[second.id, 50]]);
  });
});
