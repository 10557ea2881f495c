import type { DayClose, MoneyMismatch } from '@bazar/contracts/money.api';
import type { ProfitLoss } from '@bazar/contracts/cash';
import type { Shift } from '@bazar/contracts/shifts';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, staffToken, testApp, type TestApp } from './helpers';

/**
 * The drawer's expected cash is one number computed one way from the money ledger, the same on the
 * till (its shift), in Analytics (the day) and in the day close: a shop of its own, so the day's
 * cash is only what these tests put through.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let owner: string;
let brand: number;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  owner = await adminToken(t);
  brand = await makeBrand(t.app, owner);
});

const check = async () => (await api.get('/api/money/check', owner)).body.data as MoneyMismatch[];

describe('one drawer, one figure', () => {
  it('a day of cash with change, bKash, a return, a due paid, cash out, an expense and a supplier paid from the drawer: the till, Analytics and the day close expect the same cash', async () => {
    const cashier = await staffToken(t, 'owner', owner);
    const as = cashier.token;
    expect((await api.post('/api/shift/open', { float: 500 }, as)).status).toBe(201);
    const [rice] = await makeProduct(t.app, owner, brand, { title: 'Drawer Rice', price: '150', qty: '50' });
    const sell = (quantity: number, payments: unknown[], extra: Record<string, unknown> = {}) =>
      api.post(
        '/api/order/add',
        { terminal: 1, ship: 0, carts: [{ product_id: rice!.id, quantity }], payments, ...extra },
        as,
      );
    // 300 of rice: 500 handed over, 200 back in change.
    const cash = await sell(2, [{ method: 'cash', amount: 500 }]);
    expect(cash.body.data).toMatchObject({ paid: 300, change: 200 });
    // 150 by bKash with its TrxID.
    expect((await sell(1, [{ method: 'bkash', amount: 150, reference: 'TRX9A1' }])).status).toBe(201);
    // A credit sale to a named customer: 100 now, 50 owed; the 50 is paid later in cash.
    await api.post('/api/customer/add', { phone: '01812300001', name: 'Karim' }, as);
    const credit = await sell(1, [{ method: 'cash', amount: 100 }], { phone: '01812300001' });
    expect(credit.body.data).toMatchObject({ paid: 100, due: 50 });
    // The dashboard's "owed to the shop" is every customer's dues, whatever day.
    expect(((await api.get('/api/profit-loss', owner)).body as ProfitLoss).owed_to_shop).toBe(50);
    const karim = (await api.get('/api/customer/search/01812300001', as)).body.data as Array<{ id: number }>;
    expect(
      (await api.post(`/api/customer/pay/${karim[0]!.id}`, { amount: 50, method: 'cash' }, as)).status,
    ).toBe(200);
    // One bag of the cash sale comes back: 150 in cash.
    const saleId = (cash.body.data as { id: number }).id;
    const back = await api.post(
      `/api/order/return/${saleId}`,
      {
        lines: [{ product_id: rice!.id, quantity: 1 }],
        refund: { method: 'cash', amount: 150 },
        reason: 'Torn',
      },
      as,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    // Cash out for tea, an expense and a supplier paid in cash, all from this drawer.
    expect((await api.post('/api/shift/move', { amount: -40, reason: 'Tea' }, as)).status).toBe(200);
    expect((await api.post('/api/expance/add', { detail: 'Bags', amount: 60 }, as)).status).toBe(201);
    const supplier = await api.post('/api/supplier/add', { name: 'Drawer Wholesale' }, as);
    const supplierId = (supplier.body.data as { id: number }).id;
    const bought = await api.post(
      '/api/purchase/add',
      {
        supplier_id: supplierId,
        lines: [{ product_id: rice!.id, quantity: 2, buyprice: 100 }],
        paid: 0,
        method: 'cash',
      },
      as,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(
      (await api.post(`/api/supplier/pay/${supplierId}`, { amount: 120, method: 'cash' }, as)).status,
    ).toBe(200);

    // 500 float + 300 + 100 + 50 cash taken − 150 back − 40 − 60 − 120 = 580.
    const expected = 500 + 300 + 100 + 50 - 150 - 40 - 60 - 120;
    const shift = (await api.get('/api/shift/current', as)).body.data as Shift;
    expect(shift).toMatchObject({
      opening_float: 500,
      cash_sales: 450,
      cash_refunds: 150,
      cash_moves: -40,
      cash_paid_out: 180,
      expected,
    });
    const today = (await api.get('/api/profit-loss', owner)).body as ProfitLoss;
    expect(today).toMatchObject({
      float: 500,
      cash_sales: 450,
      cash_suppliers: 120,
      drawer: expected,
      // The due was paid; the supplier was paid 120 of the 200 bought.
      owed_to_shop: 0,
      owed_to_suppliers: 80,
    });
    const day = (await api.get('/api/day-close', owner)).body.data as DayClose;
    expect(day.cash).toMatchObject({
      float: 500,
      sales: 450,
      refunds: 150,
      moves: -40,
      expenses: 60,
      suppliers: 120,
      expected,
      outside_shifts: 0,
      counted: null,
    });
    expect(day.methods).toEqual([
      { method: 'bkash', received: 150, count: 1, references: 1, refunds: 0, change: 0, net: 150 },
      { method: 'cash', received: 650, count: 3, references: 0, refunds: 150, change: 200, net: 300 },
    ]);
    expect(day.dues).toEqual({ given: 0, collected: 0 });
    expect(day.shifts).toMatchObject([{ float: 500, expected, counted: null }]);

    // The count at closing: 10 short, on the shift and in the day close.
    expect((await api.post('/api/shift/close', { counted: expected - 10 }, as)).status).toBe(200);
    const closed = (await api.get('/api/day-close', owner)).body.data as DayClose;
    expect(closed.cash).toMatchObject({ expected, counted: expected - 10, difference: -10 });
    expect(await check()).toEqual([]);
  });

  it('a purchase deleted takes its cash payment back into the drawer it left', async () => {
    const cashier = await staffToken(t, 'owner', owner);
    const as = cashier.token;
    await api.post('/api/shift/open', { float: 200 }, as);
    const [oil] = await makeProduct(t.app, owner, brand, { title: 'Drawer Oil', price: '200', qty: '5' });
    const s = await api.post('/api/supplier/add', { name: 'Undo Traders' }, as);
    const bought = await api.post(
      '/api/purchase/add',
      {
        supplier_id: (s.body.data as { id: number }).id,
        lines: [{ product_id: oil!.id, quantity: 1, buyprice: 150 }],
        paid: 150,
        method: 'cash',
      },
      as,
    );
    expect(((await api.get('/api/shift/current', as)).body.data as Shift).expected).toBe(50);
    const purchaseId = (bought.body.data as { id: number }).id;
    expect((await api.del(`/api/purchase/${purchaseId}`, as)).status).toBe(200);
    expect(((await api.get('/api/shift/current', as)).body.data as Shift).expected).toBe(200);
    expect(await check()).toEqual([]);
    await api.post('/api/shift/close', { counted: 200 }, as);
  });
});
