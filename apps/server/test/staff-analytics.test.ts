import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, staffToken, testApp, type TestApp } from './helpers';

/**
 * Issue 24, "By staff" in Analytics (GET /api/analytics/staff): per person and shop day, the till
 * sales they made (count, total, discounts), the returns they took, the till sales they voided
 * (cancelled, or deleted while not cancelled) and the cash difference of their shifts closed that
 * day; only people with a figure that day, newest day first, then by name.
 */
let t: TestApp;
let owner: string;
let ownerId: number;
let anis: { id: number; phone: string; token: string };
let babul: { id: number; phone: string; token: string };
let manager: { id: number; phone: string; token: string };
let productId: number;
let today: string;
let yesterday: string;
const api = () => client(t.app);

beforeAll(async () => {
  t = await testApp();
  owner = await adminToken(t);
  ownerId = ((await api().get('/api/profile', owner)).body as { id: number }).id;
  anis = await staffToken(t, 'cashier', owner);
  babul = await staffToken(t, 'cashier', owner);
  manager = await staffToken(t, 'manager', owner);
  for (const [who, name] of [
    [anis, 'Anis'],
    [babul, 'Babul'],
  ] as const) {
    const renamed = await api().post(`/api/staff/${who.id}`, { name }, owner);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  }
  const brand = await makeBrand(t.app, owner);
  const [product] = await makeProduct(t.app, owner, brand, { price: '200', qty: '100' });
  productId = product!.id;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: t.ctx.config.shopTz }).format(new Date());
  yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
});

/** A till sale of `qty` at 200 with `discount`, paid in cash. */
const sale = (qty: number, discount: number) => ({
  terminal: 1,
  name: '',
  phone: '',
  address: '',
  area: '',
  ship: 0,
  discount,
  paid: 200 * qty - discount,
  method: 'cash',
  carts: [{ product_id: productId, quantity: qty }],
});

/** Sells at the till as `token`; the new order's id. */
async function sell(token: string, qty: number, discount: number): Promise<number> {
  const made = await api().post('/api/order/add', sale(qty, discount), token);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body.data as { id: number }).id;
}

const zero = {
  sales: 0,
  sales_total: 0,
  returns: 0,
  returns_value: 0,
  discounts: 0,
  voids: 0,
  cash_difference: 0,
};

describe('GET /api/analytics/staff', () => {
  it('adds up each person’s sales, returns, discounts, voids and cash difference by shop day', async () => {
    // Anis: 2 × 200 less 10 (2.5 %, within a cashier's 5 %), and one of the two brought back
    // with a manager's PIN.
    const discounted = await sell(anis.token, 2, 10);
    const back = await api().post(
      `/api/order/return/${discounted}`,
      {
        lines: [{ product_id: productId, quantity: 1 }],
        refund: { method: 'cash', amount: 200 },
        approval: { phone: manager.phone, pin: '1234' },
      },
      anis.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    // Anis sells one more, which the owner deletes while not cancelled: a void of the owner's, and
    // no sale of Anis's any more.
    const deleted = await sell(anis.token, 1, 0);
    const gone = await api().del(`/api/order/delete/${deleted}`, owner);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);

    // Babul: a shift with 500 in the drawer, a cash sale of 600, 1,080 counted (20 short).
    expect((await api().post('/api/shift/open', { float: 500 }, babul.token)).status).toBe(201);
    await sell(babul.token, 3, 0);
    const closed = await api().post('/api/shift/close', { counted: 1080, note: 'Coins short' }, babul.token);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ expected: 1100, counted: 1080, difference: -20 });
    // A sale of Babul's the owner cancels: a void of the owner's, no sale of Babul's.
    const cancelled = await sell(babul.token, 1, 0);
    const cancel = await api().post(`/api/order/pay/${cancelled}`, { status: 4, paid: 0 }, owner);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // A sale of Babul's made yesterday (shop time).
    const earlier = await sell(babul.token, 1, 0);
    await t.database.pool.query(
      "UPDATE orders SET created_at = created_at - interval '1 day' WHERE id = $1",
      [earlier],
    );

    const all = await api().get('/api/analytics/staff', owner);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    // The manager only approved: no row of theirs.
    expect(all.body).toEqual({
      data: [
        { ...zero, day: today, staff_id: ownerId, name: 'Admin', voids: 2 },
        {
          ...zero,
          day: today,
          staff_id: anis.id,
          name: 'Anis',
          sales: 1,
          sales_total: 390,
          returns: 1,
          returns_value: 200,
          discounts: 10,
        },
        {
          ...zero,
          day: today,
          staff_id: babul.id,
          name: 'Babul',
          sales: 1,
          sales_total: 600,
          cash_difference: -20,
        },
        { ...zero, day: yesterday, staff_id: babul.id, name: 'Babul', sales: 1, sales_total: 200 },
      ],
    });

    // From..to are shop days, both included; either end may be left open.
    const onlyToday = await api().get(`/api/analytics/staff?from=${today}&to=${today}`, owner);
    expect((onlyToday.body.data as Array<{ name: string }>).map((r) => r.name)).toEqual([
      'Admin',
      'Anis',
      'Babul',
    ]);
    const untilYesterday = await api().get(`/api/analytics/staff?to=${yesterday}`, owner);
    expect(untilYesterday.body).toEqual({
      data: [{ ...zero, day: yesterday, staff_id: babul.id, name: 'Babul', sales: 1, sales_total: 200 }],
    });
    const outside = await api().get('/api/analytics/staff?from=2020-01-01&to=2020-01-31', owner);
    expect(outside.status).toBe(200);
    expect(outside.body).toEqual({ data: [] });
  });

  it('is for those who may see the reports: a cashier is refused, a bad day is a 422', async () => {
    const refused = await api().get('/api/analytics/staff', anis.token);
    expect(refused.status).toBe(403);
    expect((await api().get('/api/analytics/staff', manager.token)).status).toBe(200);
    expect((await api().get('/api/analytics/staff?from=2026-02-30', owner)).status).toBe(422);
  });
});
